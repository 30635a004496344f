import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The built server (dist-server/main.js) as the browser tests start it: one for the run's template data dir
 * (globalSetup.ts) and one per worker on a copy of it (fixtures.ts), each on its own port, data dir and SMS outbox.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** Everything a run writes: tests/e2e/.tmp/run-<pid of the runner>/{template,w<workerIndex>,...}. */
export const TMP = path.join(ROOT, 'tests/e2e/.tmp');
/** The business time zone of the servers and of the browser (see playwright.config.ts). */
export const BUSINESS_TZ = process.env.BUSINESS_TZ || 'Asia/Shanghai';
/** The first port: worker n listens on BASE_PORT + n (the template's server, stopped before, on BASE_PORT), or a free port if taken. */
export const BASE_PORT = Number(process.env.E2E_PORT || 18080);

export interface StartedServer {
  url: string;
  port: number;
  dataDir: string;
  smsOutbox: string;
  /** SIGTERM (a clean close: PGlite flushes), SIGKILL if it has not exited after 30 s. */
  stop(): Promise<void>;
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** `wanted` when nothing listens there (another session's server may), else a port the system hands out. */
export async function choosePort(wanted: number): Promise<number> {
  if (await portFree(wanted)) return wanted;
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node dist-server/main.js` on `dataDir` (as it is: empty means migrate and seed) and resolves once it
 * answers `/`. Its stderr (LOG_LEVEL=warn) goes to server.log beside the data dir.
 */
export async function startServer(opts: { dataDir: string; port: number; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<StartedServer> {
  const { dataDir, port } = opts;
  mkdirSync(dataDir, { recursive: true });
  const smsOutbox = path.join(dataDir, 'sms-outbox.jsonl');
  const logFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.log`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SMS_OUTBOX: smsOutbox,
    BUSINESS_TZ,
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  delete env.DATABASE_URL;
  const log = createWriteStream(logFile, { flags: 'a' });
  const child: ChildProcess = spawn(process.execPath, ['dist-server/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A worker that exits without its teardown (a crash, a hard stop) takes its server with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 300_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      log.end();
      throw new Error(`the server on ${dataDir} exited (${child.exitCode ?? child.signalCode}):\n${tail(logFile)}`);
    }
    const up = await fetch(`${url}/`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server on ${dataDir} did not answer within ${Math.round((opts.timeoutMs ?? 300_000) / 1000)} s:\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, port, dataDir, smsOutbox, stop };
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '';
  }
}

/** Removes what earlier runs left in tests/e2e/.tmp (run-<pid> folders of runners no longer alive). */
export function removeStaleRuns(): void {
  if (!existsSync(TMP)) return;
  for (const name of readdirSync(TMP)) {
    const pid = /^run-(\d+)$/.exec(name)?.[1];
    if (!pid) continue;
    let alive = true;
    try {
      process.kill(Number(pid), 0);
    } catch {
      alive = false;
    }
    if (!alive || Number(pid) === process.pid) rmSync(path.join(TMP, name), { recursive: true, force: true });
  }
}
