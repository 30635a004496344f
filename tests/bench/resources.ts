/**
 * Schema-engine bench: on 1,000,000 generated shops (BENCH_ROWS to change), the API's page fetch against
 * the raw SQL of the same query, and the server's CSV export against PostgreSQL's own COPY of the same
 * rows. Runs on PGlite, and again on the PostgreSQL server when DATABASE_URL is set.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadDescriptorDirs } from '../../server/resources/descriptorFiles.ts';
import { Params, afterKey, filterWhere, keyColumns, orderBy, ordering, selectList, visibleListFields } from '../../server/resources/query.ts';
import { configFromEnv, type ServerConfig } from '../../server/config.ts';
import { startServer } from '../../server/start.ts';
import type { Database } from '../../server/db/index.ts';
import { seedShopRows } from '../../scripts/seed-bench.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

async function run(label: string, config: ServerConfig, copyBaseline: (sql: string, db: Database) => Promise<number>): Promise<void> {
  const rows = Number(process.env.BENCH_ROWS || 1_000_000);
  const server = await startServer(config, { logger: false });
  try {
    const t0 = performance.now();
    await seedShopRows(server.db, 1, rows);
    const loadS = (performance.now() - t0) / 1000;
    const base = server.url;
    const login = await fetch(`${base}/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123`, { method: 'POST', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1', 'content-type': 'application/json' };
    const r = loadDescriptorDirs([path.join(ROOT, 'schemas')]).set.resources.get('shop-base')!;

    /** The SQL the page route runs, executed directly in a tenant transaction: count plus the page. */
    const rawPage = (input: Record<string, unknown>, pageNum: number, pageSize: number) => () =>
      server.db.tenant(1, async (tx) => {
        const params = new Params();
        const where = [`t.tenant_id = ${params.add(1)}`, ...filterWhere(r, input, params, new Set())];
        const o = ordering(r, input.sort, input.order, new Set());
        const countParams = [...params.values];
        const countWhere = where.join(' AND ');
        const keyed = input.lastKey !== undefined;
        if (keyed) where.push(afterKey(r, o, input.lastKey, params));
        await tx.query(
          `SELECT ${selectList(r, visibleListFields(r, new Set()))}, ${keyColumns(r, o)} FROM "shop_base" t WHERE ${where.join(' AND ')} ORDER BY ${orderBy(r, o)} LIMIT ${params.add(pageSize)} OFFSET ${params.add(keyed ? 0 : (pageNum - 1) * pageSize)}`,
          params.values,
        );
        if (input.searchCount !== false) await tx.query(`SELECT count(*) AS n FROM "shop_base" t WHERE ${countWhere}`, countParams);
      });
    const apiPage = (input: Record<string, unknown>, pageNum: number, pageSize: number) => async () => {
      const res = await fetch(`${base}/api/wxy-shop-server/shop-base/page/${pageNum}/${pageSize}`, { method: 'POST', headers, body: JSON.stringify(input) });
      if (res.status !== 200) throw new Error(await res.text());
      await res.arrayBuffer();
    };
    const deepKey = [rows / 2];
    const cases: [string, Record<string, unknown>, number, number][] = [
      ['page 1 of 20, newest first (with total)', {}, 1, 20],
      ['page 1 of 20, sorted by opening date (with total)', { sort: 'openDate', order: 'desc' }, 1, 20],
      ['page 1 of 20, name contains 静安 + region 华东 (with total)', { shopName: '静安', regionName: '华东', sort: 'area', order: 'asc' }, 1, 20],
      ['page 2,500 of 20 by OFFSET (row 50,000)', { searchCount: false }, 2500, 20],
      ['keyset page of 10,000 at the middle (export paging)', { lastKey: deepKey, searchCount: false }, 1, 10000],
    ];
    console.log(`\n## Schema engine on ${rows.toLocaleString('en')} shops (${label}; generated in ${loadS.toFixed(1)} s)`);
    console.log('page fetch over HTTP vs the same SQL run directly in a tenant transaction (30 runs each):');
    for (const [name, input, p, size] of cases) {
      const n = size > 1000 ? 10 : 30;
      const raw = await timed(n, rawPage(input, p, size));
      const api = await timed(n, apiPage(input, p, size));
      console.log(
        `${name.padEnd(58)} raw p50 ${ms(pct(raw, 50))} p99 ${ms(pct(raw, 99))} | API p50 ${ms(pct(api, 50))} p99 ${ms(pct(api, 99))}  (${(pct(api, 50) / pct(raw, 50)).toFixed(2)}x raw p50; target <= 2x)`,
      );
    }

    // Export: the whole tenant as CSV through the API, against COPY of the same columns and order.
    const t1 = performance.now();
    const res = await fetch(`${base}/api/wxy-shop-server/shop-base/export`, { method: 'POST', headers, body: '{}' });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const apiS = (performance.now() - t1) / 1000;
    const exported = lines - 1;
    const cols = visibleListFields(r, new Set())
      .map((f) => {
        const c = `"${f.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}"`;
        const field = r.fields[f];
        return field.format === 'date' ? `to_char(${c}, 'YYYY-MM-DD')` : field.format === 'date-time' ? `to_char(${c}, 'YYYY-MM-DD HH24:MI:SS')` : c;
      })
      .join(', ');
    const copySql = `COPY (SELECT ${cols} FROM shop_base WHERE tenant_id = 1 ORDER BY shop_id DESC) TO STDOUT WITH (FORMAT csv, HEADER)`;
    const copyS = await copyBaseline(copySql, server.db);
    const apiRate = exported / apiS;
    const copyRate = (exported + 0) / copyS;
    console.log(`export: baseline COPY ... TO STDOUT (csv)       ${(copyRate / 1000).toFixed(0)}k rows/s (${copyS.toFixed(2)} s)`);
    console.log(
      `export: API CSV stream, keyset batches         ${(apiRate / 1000).toFixed(0)}k rows/s (${apiS.toFixed(2)} s, ${exported.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(0)} MB)  (${(apiRate / copyRate).toFixed(2)}x COPY; target >= 0.5x)`,
    );
    const t2 = performance.now();
    const xl = await fetch(`${base}/api/wxy-shop-server/shop-base/export?format=xlsx`, { method: 'POST', headers, body: JSON.stringify({ regionName: '华东' }) });
    const xlBytes = (await xl.arrayBuffer()).byteLength;
    const xlS = (performance.now() - t2) / 1000;
    console.log(`export: API xlsx stream (region 华东, ${(rows / 4).toLocaleString('en')} rows)   ${(rows / 4 / xlS / 1000).toFixed(0)}k rows/s (${xlS.toFixed(2)} s, ${(xlBytes / 1e6).toFixed(0)} MB)  (${(rows / 4 / xlS / copyRate).toFixed(2)}x COPY csv)`);
  } finally {
    await server.close();
  }
}

export async function benchResources(): Promise<void> {
  const port = 18183;
  const dir = mkdtempSync(path.join(tmpdir(), 'wxy-bench-res-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: String(port), LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    const config = { ...configFromEnv(env), staticDir: undefined };
    await run('PGlite', config, async (sql, db) => {
      // PGlite's COPY writes to its virtual /dev/blob; the time covers producing every CSV byte.
      const t0 = performance.now();
      await db.system((tx) => tx.query(sql.replace('TO STDOUT', "TO '/dev/blob'")));
      return (performance.now() - t0) / 1000;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('(PostgreSQL server: skipped, DATABASE_URL not set)');
    return;
  }
  const dbName = `wxy_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  try {
    const config = { ...configFromEnv({ ...process.env, DATABASE_URL: u.toString(), PORT: String(port), LOG_LEVEL: 'warn' }), staticDir: undefined };
    await run('PostgreSQL server', config, (sql) => copyWithPsql(u.toString(), sql));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

/** COPY ... TO STDOUT through psql, bytes drained; seconds. */
function copyWithPsql(url: string, sql: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('psql', [url, '-X', '-q', '-c', sql], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', () => {});
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve((performance.now() - t0) / 1000) : reject(new Error(`psql exited ${code}`))));
  });
}
