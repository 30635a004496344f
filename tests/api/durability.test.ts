import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/index.ts';
import { BASIC, freshDatabaseConfig } from './harness.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

function spawnServer(port: number, dataDir: string, databaseUrl?: string): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATIC_DIR: '/nonexistent' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitUp(base: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(`${base}/api/wxy-system-server/sys-date/now`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error('server did not start');
}

/** A login attempt is always recorded; an answered attempt is an acknowledged write. */
async function attempt(base: string, name: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/api/wxy-auth-server/oauth/token?grant_type=password&username=${name}&password=x`, {
      method: 'POST',
      headers: { authorization: BASIC, 'x-tenant-id': '1' },
    });
    return (await res.json()).code === 4012;
  } catch {
    return false;
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('shutdown', () => {
  it('kill -TERM in the middle of writes loses nothing that was acknowledged, and the server restarts', async () => {
    const { config, cleanup } = await freshDatabaseConfig();
    cleanups.push(cleanup);
    const port = 20000 + Math.floor(Math.random() * 20000);
    const base = `http://127.0.0.1:${port}`;
    let child = spawnServer(port, config.dataDir, config.databaseUrl);
    await waitUp(base);

    const acknowledged: string[] = [];
    let seq = 0;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const name = `probe${seq++}`;
        if (await attempt(base, name)) acknowledged.push(name);
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    stop = true;
    await Promise.all(writers);
    expect(code).toBe(0);

    child = spawnServer(port, config.dataDir, config.databaseUrl);
    await waitUp(base);
    const login = await fetch(`${base}/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123`, {
      headers: { authorization: BASIC, 'x-tenant-id': '1' },
    });
    expect(login.status).toBe(200);
    const exited2 = once(child, 'exit');
    child.kill('SIGTERM');
    await exited2;

    const db = await openDatabase(config);
    try {
      const rows = await db.tenant(1, (tx) => tx.query<{ user_name: string }>(`SELECT user_name FROM sys_login_record WHERE user_name LIKE 'probe%'`));
      const stored = new Set(rows.rows.map((r) => r.user_name));
      expect(acknowledged.filter((n) => !stored.has(n))).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
