/**
 * Stock bench (issue 12): the stock page over BENCH_STOCK_SKUS SKUs (default 100,000) x 10 warehouses
 * (1,000,000 balance rows) with one ledger row each (1,000,000 ledger rows), API page fetch against the
 * same SQL run directly through the same driver (runs interleaved), p50 and p99. PGlite in a fresh data
 * dir, and the PostgreSQL server when one answers (a throwaway database).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadDescriptorDirs } from '../../server/resources/descriptorFiles.ts';
import { pageStatements } from '../../server/resources/routes.ts';
import type { ServerConfig } from '../../server/config.ts';
import { onPglite, onPostgresServer } from './backends.ts';
import { startServer } from '../../server/start.ts';
import type { Database } from '../../server/db/index.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;
const PORT = Number(process.env.BENCH_PORT || 18185);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;
const WAREHOUSES = 10;

/** SKUs, warehouses, a balance per (warehouse, SKU) and a ledger row per balance, in tenant 1, set-based. */
export async function seedStock(db: Database, skus: number): Promise<void> {
  await db.system(async (tx) => {
    await tx.query(`INSERT INTO pd_spu (tenant_id, spu_code, spu_name, category, unit) SELECT 1, 'BS' || i, '压测商品' || i, 1, '个' FROM generate_series(1, $1) i`, [Math.ceil(skus / 4)]);
    await tx.query(
      `INSERT INTO pd_sku (tenant_id, spu_id, sku_code, sku_name, spu_name, supplier_name, unit, retail_price, purchase_price)
       SELECT 1, p.spu_id, 'BK' || i, '压测SKU' || i || ' 规格' || (i % 4), p.spu_name, '', '个', 9.9, 5.5
         FROM generate_series(1, $1) i JOIN pd_spu p ON p.tenant_id = 1 AND p.spu_code = 'BS' || ((i + 3) / 4)`,
      [skus],
    );
    await tx.query(
      `INSERT INTO wh_base_info (tenant_id, wh_code, wh_name, wh_type, status) SELECT 1, 'BW' || i, '压测仓' || i, 1, 1 FROM generate_series(1, $1) i`,
      [WAREHOUSES],
    );
    await tx.query(
      `INSERT INTO stock_balance (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, spu_id, spu_name, unit, on_hand, avg_cost)
       SELECT 1, w.wh_id, s.sku_id, w.wh_name, s.sku_code, s.sku_name, s.spu_id, s.spu_name, s.unit, 1 + (s.sku_id * 7 + w.wh_id) % 500, 5.5
         FROM wh_base_info w CROSS JOIN pd_sku s WHERE w.tenant_id = 1 AND w.wh_code LIKE 'BW%' AND s.tenant_id = 1 AND s.sku_code LIKE 'BK%'`,
    );
    await tx.query(
      `INSERT INTO stock_ledger (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, doc_type, doc_id, doc_no, qty, unit_cost, amount, on_hand_after, create_user_name)
       SELECT 1, wh_id, sku_id, wh_name, sku_code, sku_name, 'otherStockIn', 0, 'QTRK-BENCH', on_hand, 5.5, on_hand * 5.5, on_hand, '压测'
         FROM stock_balance WHERE tenant_id = 1 AND sku_code LIKE 'BK%'`,
    );
    await tx.query('ANALYZE pd_sku, wh_base_info, stock_balance, stock_ledger');
  });
}

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

async function run(label: string, config: ServerConfig, skus: number): Promise<void> {
  const server = await startServer(config, { logger: false });
  try {
    const t0 = performance.now();
    await seedStock(server.db, skus);
    const loadS = (performance.now() - t0) / 1000;
    const login = await fetch(`${server.url}/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123`, { method: 'POST', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1', 'content-type': 'application/json' };
    const set = loadDescriptorDirs([path.join(ROOT, 'schemas')]).set;
    const r = set.resources.get('wh-stock')!;
    const route = r.routes.find((x) => x.path.startsWith('stock/page'))!;
    const wh = (await server.db.tenant(1, (tx) => tx.query<{ wh_id: number }>(`SELECT wh_id FROM wh_base_info WHERE wh_code = 'BW3'`))).rows[0].wh_id;
    const rawPage = (input: Record<string, unknown>, pageNum: number, pageSize: number) => () =>
      server.db.tenant(1, async (tx) => {
        const st = pageStatements(r, route, { input, pathValues: {}, tenantId: 1, hidden: new Set(), pageNum, pageSize });
        await tx.query(st.sql, st.params);
        if (input.searchCount !== false) await tx.query(st.countSql, st.countParams);
      });
    const apiPage = (input: Record<string, unknown>, pageNum: number, pageSize: number) => async () => {
      const res = await fetch(`${server.url}/api/wxy-warehouse-server/wh-stock/stock/page/${pageNum}/${pageSize}`, { method: 'POST', headers, body: JSON.stringify(input) });
      if (res.status !== 200) throw new Error(await res.text());
      await res.arrayBuffer();
    };
    const ledgerRows = Number((await server.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM stock_ledger`))).rows[0].n);
    console.log(`\n## Stock page on ${(skus * WAREHOUSES).toLocaleString('en')} balances (${skus.toLocaleString('en')} SKUs x ${WAREHOUSES} warehouses) and ${ledgerRows.toLocaleString('en')} ledger rows (${label}; generated in ${loadS.toFixed(1)} s)`);
    const cases: [string, Record<string, unknown>, number, number][] = [
      ['page 1 of 20, every warehouse (with total)', {}, 1, 20],
      ['page 1 of 20, one warehouse (with total)', { whId: wh }, 1, 20],
      ['page 1 of 20, SKU code = BK4242', { skuCode: 'BK4242' }, 1, 20],
      ['page 1 of 20, name contains 压测SKU424 (with total)', { skuName: '压测SKU424' }, 1, 20],
      ['page 1 of 20, sorted by on hand desc, no total', { sort: 'onHand', order: 'desc', searchCount: false }, 1, 20],
    ];
    for (const [name, input, p, size] of cases) {
      const n = 20;
      const [raw, api] = await paired(n, rawPage(input, p, size), apiPage(input, p, size));
      console.log(
        `${name.padEnd(52)} raw p50 ${ms(pct(raw, 50))} p99 ${ms(pct(raw, 99))} | API p50 ${ms(pct(api, 50))} p99 ${ms(pct(api, 99))}  (${(pct(api, 50) / pct(raw, 50)).toFixed(2)}x raw p50, ${(pct(api, 99) / pct(raw, 99)).toFixed(2)}x raw p99; target <= 1.2x; n=${n})`,
      );
    }
  } finally {
    await server.close();
  }
}

export { postgresUrl } from './backends.ts';

export async function benchStockPage(): Promise<void> {
  const skus = Number(process.env.BENCH_STOCK_SKUS || 100_000);
  await onPglite('stock', PORT, (config) => run('PGlite', config, skus));
  await onPostgresServer('stock', PORT, (config) => run('PostgreSQL server', config, skus));
}
