/**
 * Text search on big tables (the 20,000-row case that was a test): 20,000 suppliers, SPUs, SKUs and shops in
 * tenant 2, every 1,000th holding a rare word. For each bigram-backed filter: which index PostgreSQL's planner
 * chooses (nothing discouraged, statistics taken as autovacuum would), and the API's page call against the baseline
 * of the same page statement sent as plain SQL on the same pool (same rows, same role, same policy), plus the plain
 * `ILIKE` scan the bigram index replaces.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadDescriptorDirs } from '../../server/resources/descriptorFiles.ts';
import { pageStatements } from '../../server/resources/routes.ts';
import { fillBigramRows, planIndexes } from '../support/bigramRows.ts';
import { onBothBackends } from './backends.ts';

const ROWS = Number(process.env.BENCH_BIGRAM_ROWS || 20_000);
const RUNS = 15;
const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n: number) => `${n.toFixed(1)} ms`;

const CASES: [resource: string, param: string, text: string, index: string, table: string, column: string][] = [
  ['pd-supplier', 'supplierName', '麒麟', 'pd_supplier_name_bigrams', 'pd_supplier', 'supplier_name'],
  ['pd-spu', 'spuName', '麒麟', 'pd_spu_name_bigrams', 'pd_spu', 'spu_name'],
  ['pd-spu', 'brandName', '貔貅', 'pd_spu_brand_bigrams', 'pd_spu', 'brand_name'],
  ['pd-sku', 'skuName', '麒麟', 'pd_sku_name_bigrams', 'pd_sku', 'sku_name'],
  ['pd-sku', 'brandName', '貔貅', 'pd_sku_brand_bigrams', 'pd_sku', 'brand_name'],
  ['shop-base', 'shopName', '麒麟', 'shop_base_name_bigrams', 'shop_base', 'shop_name'],
  ['shop-base', 'regionName', '貔貅', 'shop_base_region_bigrams', 'shop_base', 'region_name'],
];

async function timed(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

export async function benchBigrams(): Promise<void> {
  console.log(`\n## Text search on ${ROWS.toLocaleString('en')} rows a table (bigram GIN indexes)`);
  const { set } = loadDescriptorDirs([path.join(import.meta.dirname, '../../schemas')]);
  await onBothBackends('bigrams', 18191, async (label, server) => {
    await fillBigramRows(server.db, ROWS, 1000);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123',
      headers: { authorization: BASIC, 'x-tenant-id': '2' },
    });
    const token = login.json().access_token as string;
    console.log(`\n### ${label}`);
    console.log('filter                    planner uses (page / count)                           API page   plain SQL page  ILIKE scan   API/SQL');
    for (const [resource, param, text, index, table, column] of CASES) {
      const r = set.resources.get(resource)!;
      const route = r.routes.find((x) => x.action === 'page')!;
      const st = pageStatements(r, route, { input: { [param]: text }, pathValues: {}, tenantId: 2, hidden: new Set(), pageNum: 1, pageSize: 20 });
      const [pageIdx, countIdx] = [await planIndexes(server.db, st.sql, st.params), await planIndexes(server.db, st.countSql, st.countParams)];
      const uses = (xs: string[]) => (xs.includes(index) ? index : xs.join('+') || 'seq scan');
      const url = `/api/${r.service}/${r.basePath}/${route.path.replace('{pageNum}', '1').replace('{pageSize}', '20')}${route.method === 'GET' ? `?${param}=${encodeURIComponent(text)}` : ''}`;
      const api = await timed(() =>
        server.app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '2', ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          payload: route.method === 'POST' ? JSON.stringify({ [param]: text }) : undefined,
        }),
      );
      const plain = await timed(() => server.db.tenant(2, async (tx) => [await tx.query(st.sql, st.params), await tx.query(st.countSql, st.countParams)]));
      const scan = await timed(() => server.db.tenant(2, (tx) => tx.query(`SELECT count(*) FROM ${table} WHERE ${column} ILIKE $1`, [`%${text}%`])));
      console.log(
        `${`${resource} ${param}`.padEnd(26)}${`${uses(pageIdx)} / ${uses(countIdx)}`.padEnd(54)}${ms(median(api)).padEnd(11)}${ms(median(plain)).padEnd(16)}${ms(median(scan)).padEnd(13)}${(median(api) / median(plain)).toFixed(2)}x`,
      );
    }
  });
}
