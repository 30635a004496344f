import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config.ts';
import { restoreEmbedded } from '../../server/ops/backup.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { BASIC, freshDatabaseConfig } from './harness.ts';
import { adminQuery } from './globalSetup.ts';

/**
 * Backup and restore round trip (issue 30): a backup taken while the server runs and answers, restored into a new
 * data dir (embedded database) or a new database (PostgreSQL server, pg_dump -Fc / pg_restore), starts a server that
 * gives the same answers to a sample of calls — with the same session token, which lives in the database too.
 */

const SAMPLE: [method: 'GET' | 'POST', url: string, body?: object][] = [
  ['GET', 'wxy-system-server/user/permissions'],
  ['POST', 'wxy-shop-server/shop-base/page/1/20', {}],
  ['POST', 'wxy-warehouse-server/wh-base-info/page/1/10', {}],
  ['POST', 'wxy-warehouse-server/wh-stock/stock/page/1/10', {}],
  ['POST', 'wxy-warehouse-server/wh-stock-log/pd/page/1/10', {}],
  ['GET', 'wxy-system-server/ms/list/1/50'],
  ['POST', 'wxy-system-server/print-template/page/1/10', {}],
];

const opts = { logger: false, listen: false, sms: { sendLoginCode: async () => {} } } as const;

async function answers(server: RunningServer, token: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [method, url, body] of SAMPLE) {
    const res = await server.app.inject({
      method,
      url: `/api/${url}`,
      headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1', ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
    expect(res.statusCode, url).toBe(200);
    out.push(res.json());
  }
  return out;
}

/** The PostgreSQL half needs pg_dump and pg_restore on the PATH (Debian: postgresql-client). */
const pgTools = ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version']).status === 0);

describe.skipIf(!!process.env.DATABASE_URL && !pgTools)('backup and restore', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function startOn(config: ServerConfig) {
    const server = await startServer(config, opts);
    cleanups.push(() => server.close());
    return server;
  }

  it('a backup taken while the server runs restores to the same answers', async () => {
    const fresh = await freshDatabaseConfig();
    cleanups.push(fresh.cleanup);
    const config = { ...fresh.config, backupToken: 'backup-secret-1' };
    const first = await startOn(config);
    const login = await first.app.inject({ method: 'POST', url: '/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
    const token = login.json().access_token as string;
    // Something written since the demo seed: a message to admin (ms/list shows it).
    const admin = await first.db.tenant(1, async (tx) => (await tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`)).rows[0].id);
    const sent = await first.app.inject({ method: 'POST', url: '/api/wxy-system-server/ms/send', headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1', 'content-type': 'application/json' }, payload: JSON.stringify({ userIds: [admin], businessType: 2, messageTypeInfo: '备份', noticeTemplateInfo: '备份前写下的通知' }) });
    expect(sent.json().code).toBe(200);
    const before = await answers(first, token);
    expect(JSON.stringify(before)).toContain('备份前写下的通知');

    const target = mkdtempSync(path.join(tmpdir(), 'wxy-restore-'));
    cleanups.push(() => rmSync(target, { recursive: true, force: true }));
    let restored: ServerConfig;
    if (first.db.kind === 'pglite') {
      // Taken from the running server, as `npm run backup` asks it to; a call in flight at the same time is answered.
      const [dump, during] = await Promise.all([
        first.app.inject({ method: 'GET', url: '/ops/backup', headers: { authorization: 'Bearer backup-secret-1' } }),
        answers(first, token),
      ]);
      expect(during).toEqual(before);
      expect(dump.statusCode).toBe(200);
      expect(dump.headers['content-disposition']).toMatch(/attachment; filename="wxy-backup-\d{8}T\d{6}\.tar\.gz"/);
      expect((await first.app.inject({ method: 'GET', url: '/ops/backup', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
      const file = path.join(target, 'backup.tar.gz');
      writeFileSync(file, dump.rawPayload);
      restored = { ...config, dataDir: path.join(target, 'data') };
      await restoreEmbedded(file, restored);
      await expect(restoreEmbedded(file, restored)).rejects.toThrow(/already holds a database/);
    } else {
      // The PostgreSQL recipe of docs/operations.md (Backups): pg_dump -Fc while the server runs, pg_restore into a new database.
      const file = path.join(target, 'backup.dump');
      execFileSync('pg_dump', ['-Fc', '--no-owner', '-f', file, config.databaseUrl!]);
      const url = new URL(config.databaseUrl!);
      const name = `${url.pathname.slice(1)}_restored`;
      await adminQuery(process.env.DATABASE_URL!, `CREATE DATABASE ${name}`);
      cleanups.push(() => adminQuery(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      url.pathname = `/${name}`;
      execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', url.toString(), file]);
      restored = { ...config, databaseUrl: url.toString() };
    }
    await first.close();
    const second = await startOn(restored);
    expect(await answers(second, token)).toEqual(before);
  });
});
