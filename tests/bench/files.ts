/**
 * Upload of a 100 MB file through the chunked upload (5,242,880-byte chunks, SHA-256 per chunk, over real
 * HTTP to the built server on PGlite, as `npm start` runs it), against writing the same bytes to disk
 * directly (with fsync, as the server does), measured in the same run.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

const ROOT = new URL('../..', import.meta.url).pathname;

const CHUNK = 5_242_880;
const SIZE = 100 * 1024 * 1024;
const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;

async function writeDirect(dir: string, data: Buffer): Promise<number> {
  const t0 = performance.now();
  const fh = await open(path.join(dir, `direct-${Date.now()}.bin`), 'w');
  for (let off = 0; off < data.length; off += CHUNK) await fh.write(data, off, Math.min(CHUNK, data.length - off));
  await fh.sync();
  await fh.close();
  return performance.now() - t0;
}

async function uploadChunked(base: string, token: string, data: Buffer, key: string): Promise<number> {
  const totalPart = Math.ceil(data.length / CHUNK);
  const t0 = performance.now();
  let last: { complete?: boolean; file?: { sha256: string } } = {};
  for (let part = 1; part <= totalPart; part++) {
    const chunk = data.subarray((part - 1) * CHUNK, part * CHUNK);
    const form = new FormData();
    const fields = { currentPart: part, size: CHUNK, totalPart, fileName: 'bench.mp4', fileSize: data.length, key, chunkSha256: createHash('sha256').update(chunk).digest('hex') };
    for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
    form.append('file', new Blob([new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.length)]), 'blob');
    const res = await fetch(`${base}/api/wxy-file-server/file/chunk-upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1' }, body: form });
    const body = (await res.json()) as { code: number; msg: string; data: typeof last };
    if (body.code !== 200) throw new Error(`chunk ${part}: ${body.msg}`);
    last = body.data;
  }
  const ms = performance.now() - t0;
  if (!last.complete || last.file?.sha256 !== createHash('sha256').update(data).digest('hex')) throw new Error('upload did not complete with the same bytes');
  return ms;
}

/** Starts dist-server on a free port (PORT=0) and reads the address from its start-up log line. */
async function startBuiltServer(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['dist-server/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', () => reject(new Error('server exited before listening')));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /listening at (http:\/\/127\.0\.0\.1:\d+)/i.exec(line);
      if (m) resolve(m[1]);
    });
  });
  return {
    url,
    stop: async () => {
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await done;
    },
  };
}

export async function benchFiles(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wxy-bench-files-'));
  const running = await startBuiltServer(dir);
  const server = { url: running.url, close: running.stop };
  try {
    const login = await fetch(`${server.url}/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123`, { method: 'POST', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const data = randomBytes(SIZE);
    // Warm-up on a small file, then alternate baseline and upload so both see the same disk state.
    await uploadChunked(server.url, token, randomBytes(CHUNK + 1), `bench-warm-${Date.now()}`);
    const direct: number[] = [];
    const upload: number[] = [];
    for (let i = 0; i < 2; i++) {
      direct.push(await writeDirect(dir, data));
      upload.push(await uploadChunked(server.url, token, data, `bench-100mb-${Date.now()}-${i}`));
    }
    const best = (xs: number[]) => Math.min(...xs);
    const mbps = (ms: number) => SIZE / 1024 / 1024 / (ms / 1000);
    console.log('\n## Chunked upload of a 100 MB file (20 chunks of 5,242,880 bytes, SHA-256 each, HTTP to PGlite server)');
    console.log(`baseline: write 100 MB to disk + fsync     ${best(direct).toFixed(0)} ms  (${mbps(best(direct)).toFixed(0)} MB/s)`);
    console.log(`chunked upload, best of 2                 ${best(upload).toFixed(0)} ms  (${mbps(best(upload)).toFixed(0)} MB/s; ${(best(upload) / best(direct)).toFixed(2)}x the direct write)`);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
