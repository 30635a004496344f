/**
 * Schema-engine bench: on 1,000,000 generated shops (BENCH_ROWS to change), the API's page fetch against
 * the raw SQL of the same query (same driver, same run, runs interleaved so background load hits both
 * alike), and the server's CSV and xlsx export against PostgreSQL's own COPY of the same rows.
 * Runs on PGlite (the seeded data dir is cached in tests/bench/.cache), and on the PostgreSQL server
 * when DATABASE_URL is set or 127.0.0.1:5432 answers (in a throwaway database, dropped afterwards).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadDescriptorDirs } from '../../server/resources/descriptorFiles.ts';
import { Params } from '../../server/resources/params.ts';
import { afterKey, filterWhere, keyColumns, orderBy, ordering, selectList, visibleListFields } from '../../server/resources/query.ts';
import type { ServerConfig } from '../../server/config.ts';
import { onPostgresServer, pgliteConfig } from './backends.ts';
import { startServer } from '../../server/start.ts';
import type { Database } from '../../server/db/index.ts';
import { seedShopRows } from '../../scripts/seed-bench.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const CACHE = path.join(ROOT, 'tests/bench/.cache');
const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;
const PORT = Number(process.env.BENCH_PORT || 18183);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;
const krows = (n: number) => `${(n / 1000).toFixed(0)}k rows/s`;

/** Times `a` and `b` alternately (order flipping each round) after warm-up runs: [a times, b times]. */
async function paired(n: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number[], number[]]> {
  for (let i = 0; i < 2; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  const time = async (fn: () => Promise<unknown>, into: number[]) => {
    const t0 = performance.now();
    await fn();
    into.push(performance.now() - t0);
  };
  for (let i = 0; i < n; i++) {
    if (i % 2) {
      await time(a, ta);
      await time(b, tb);
    } else {
      await time(b, tb);
      await time(a, ta);
    }
  }
  return [ta, tb];
}

/** Drains a streamed answer; bytes and newline count. */
async function drain(res: Response): Promise<{ bytes: number; lines: number }> {
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    let i = -1;
    while ((i = chunk.indexOf(10, i + 1)) !== -1) lines++;
  }
  return { bytes, lines };
}

type CopyBaseline = (sql: string, db: Database) => Promise<number>;

/** Seeds `rows` shops unless the database already has them (the cached PGlite dir). */
async function run(label: string, config: ServerConfig, rows: number, copyBaseline: CopyBaseline, seeded: boolean): Promise<void> {
  const t0 = performance.now();
  const server = await startServer(config, { logger: false });
  try {
    if (!seeded) await seedShopRows(server.db, 1, rows);
    const loadS = (performance.now() - t0) / 1000;
    const base = server.url;
    const login = await fetch(`${base}/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123`, { method: 'POST', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1', 'content-type': 'application/json' };
    const r = loadDescriptorDirs([path.join(ROOT, 'schemas')]).set.resources.get('shop-base')!;

    /** The SQL the page route runs, executed directly in a tenant transaction: the page plus its count. */
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
      ['page 1 of 20, name contains 静安12 (with total)', { shopName: '静安12' }, 1, 20],
      ['page 2,500 of 20 by OFFSET (row 50,000)', { searchCount: false }, 2500, 20],
      ['keyset page of 10,000 at the middle (export paging)', { lastKey: deepKey, searchCount: false }, 1, 10000],
    ];
    console.log(`\n## Schema engine on ${rows.toLocaleString('en')} shops (${label}; ${seeded ? 'cached data, start-up' : 'generated'} in ${loadS.toFixed(1)} s)`);
    console.log('page fetch over HTTP vs the same SQL run directly through the same driver in a tenant transaction (runs interleaved):');
    for (const [name, input, p, size] of cases) {
      const n = size > 1000 ? 10 : 30;
      const [raw, api] = await paired(n, rawPage(input, p, size), apiPage(input, p, size));
      console.log(
        `${name.padEnd(54)} raw p50 ${ms(pct(raw, 50))} p99 ${ms(pct(raw, 99))} | API p50 ${ms(pct(api, 50))} p99 ${ms(pct(api, 99))}  (${(pct(api, 50) / pct(raw, 50)).toFixed(2)}x raw p50, ${(pct(api, 99) / pct(raw, 99)).toFixed(2)}x raw p99; target <= 2x; n=${n})`,
      );
    }

    // Export: the whole tenant as CSV through the API, against COPY of the same columns and order;
    // alternately twice, the faster of each counts (background load only ever slows a run down).
    const cols = visibleListFields(r, new Set())
      .map((f) => {
        const c = `"${f.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}"`;
        const field = r.fields[f];
        return field.format === 'date' ? `to_char(${c}, 'YYYY-MM-DD')` : field.format === 'date-time' ? `to_char(${c}, 'YYYY-MM-DD HH24:MI:SS')` : c;
      })
      .join(', ');
    const copySql = `COPY (SELECT ${cols} FROM shop_base WHERE tenant_id = 1 ORDER BY shop_id DESC) TO STDOUT WITH (FORMAT csv, HEADER)`;
    const total = rows + Number((await server.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_base WHERE shop_code NOT LIKE 'B%'`))).rows[0].n);
    let apiS = Infinity;
    let copyS = Infinity;
    let csv = { bytes: 0, lines: 0 };
    for (let i = 0; i < 2; i++) {
      copyS = Math.min(copyS, await copyBaseline(copySql, server.db));
      const t1 = performance.now();
      csv = await drain(await fetch(`${base}/api/wxy-shop-server/shop-base/export`, { method: 'POST', headers, body: '{}' }));
      apiS = Math.min(apiS, (performance.now() - t1) / 1000);
    }
    const exported = csv.lines - 1;
    if (exported !== total) console.log(`!! CSV export has ${exported} rows, the tenant has ${total}`);
    const copyRate = total / copyS;
    const apiRate = exported / apiS;
    console.log(`export: baseline COPY ... TO STDOUT (csv)           ${krows(copyRate)} (${copyS.toFixed(2)} s)`);
    console.log(`export: API CSV stream (${server.db.copyOut ? 'one COPY     ' : 'keyset batches'})            ${krows(apiRate)} (${apiS.toFixed(2)} s, ${exported.toLocaleString('en')} rows, ${(csv.bytes / 1e6).toFixed(0)} MB)  (${(apiRate / copyRate).toFixed(2)}x COPY; target >= 0.5x)`);
    // xlsx of a filtered quarter, against COPY (csv) of the same filtered query.
    const regionCopyS = await copyBaseline(copySql.replace('WHERE tenant_id = 1', "WHERE tenant_id = 1 AND region_name ILIKE '%华东%'"), server.db);
    const t2 = performance.now();
    const xl = await fetch(`${base}/api/wxy-shop-server/shop-base/export?format=xlsx`, { method: 'POST', headers, body: JSON.stringify({ regionName: '华东' }) });
    const xlBytes = (await drain(xl)).bytes;
    const xlS = (performance.now() - t2) / 1000;
    const xlRows = rows / 4;
    console.log(`export: baseline COPY (csv) of region 华东             ${krows(xlRows / regionCopyS)} (${regionCopyS.toFixed(2)} s)`);
    console.log(
      `export: API xlsx stream (region 华东, ${xlRows.toLocaleString('en')} rows)    ${krows(xlRows / xlS)} (${xlS.toFixed(2)} s, ${(xlBytes / 1e6).toFixed(0)} MB)  (${(regionCopyS / xlS).toFixed(2)}x COPY csv of the same rows)`,
    );
  } finally {
    await server.close();
  }
}

/** The cached PGlite data dir for `rows` shops: keyed by the generator and the migrations, so a change to either reseeds. */
function pgliteCache(rows: number): { dir: string; ready: string } {
  const hash = createHash('sha1').update(readFileSync(path.join(ROOT, 'scripts/seed-bench.ts'))).update(String(rows));
  const migrations = path.join(ROOT, 'server/db/migrations');
  for (const f of readdirSync(migrations).sort()) hash.update(f).update(readFileSync(path.join(migrations, f)));
  const key = hash.digest('hex').slice(0, 10);
  const dir = path.join(CACHE, `pglite-${rows}-${key}`);
  mkdirSync(CACHE, { recursive: true });
  // Older caches (another generator or row count) are 200+ MB each: keep only the current one.
  for (const d of readdirSync(CACHE)) if (d.startsWith('pglite-') && path.join(CACHE, d) !== dir) rmSync(path.join(CACHE, d), { recursive: true, force: true });
  return { dir, ready: path.join(dir, 'seeded') };
}

export async function benchResources(): Promise<void> {
  const rows = Number(process.env.BENCH_ROWS || 1_000_000);
  const cache = pgliteCache(rows);
  const seeded = existsSync(cache.ready);
  if (!seeded) rmSync(cache.dir, { recursive: true, force: true });
  await run('PGlite', pgliteConfig(cache.dir, PORT), rows, async (sql, db) => {
    // PGlite's COPY writes to its virtual /dev/blob; the time covers producing every CSV byte.
    const t0 = performance.now();
    await db.system((tx) => tx.query(sql.replace('TO STDOUT', "TO '/dev/blob'")));
    return (performance.now() - t0) / 1000;
  }, seeded);
  if (!seeded) writeFileSync(cache.ready, new Date().toISOString());

  await onPostgresServer('resources', PORT, (config, url) => run('PostgreSQL server', config, rows, (sql) => copyWithPsql(url, sql), false));
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
