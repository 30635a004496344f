/**
 * Concurrent HTTP callers on a thread of their own, as browsers are processes of their own: the server under test runs
 * in the bench's process (startServer), and callers sharing its event loop would charge the server with the
 * callers' work (request building, reading and decompressing answers). Answers are read whole and checked for the
 * envelope's code 200; the first failure rejects.
 */
import { Worker } from 'node:worker_threads';

export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { calls, concurrency } = workerData;
let next = 0;
const t0 = performance.now();
Promise.all(Array.from({ length: concurrency }, async () => {
  while (next < calls.length) {
    const c = calls[next++];
    const res = await fetch(c.url, { method: c.method, headers: c.headers, body: c.body });
    const json = await res.json();
    if (json.code !== 200) throw new Error(c.url + ': ' + json.msg);
  }
})).then(() => parentPort.postMessage({ ms: performance.now() - t0 }), (err) => parentPort.postMessage({ error: String(err && err.message || err) }));
`;

/** Runs the calls with `concurrency` callers at a time; answers the elapsed milliseconds. */
export function runCallers(calls: Call[], concurrency: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { calls, concurrency } });
    worker.once('message', (m: { ms?: number; error?: string }) => {
      void worker.terminate();
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m.ms!);
    });
    worker.once('error', reject);
  });
}
