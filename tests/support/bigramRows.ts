import type { Database } from '../../server/db/index.ts';

/**
 * Rows for the bigram text-search checks, in tenant 2 (tenant 1's expectations stay as they are): `rows` suppliers,
 * SPUs, SKUs and shops whose names are made of common characters, every `rare`th holding the rare 麒麟 (names) or
 * 貔貅 (brands and regions). Left as autovacuum would leave them: GIN pending lists merged, statistics taken.
 * Shared by tests/api/bigramSearch.test.ts (small) and tests/bench/bigrams.ts (big).
 */
export async function fillBigramRows(db: Database, rows: number, rare: number): Promise<void> {
  const name = (g: string) =>
    `CASE WHEN ${g} % ${rare} = 0 THEN '麒麟' ELSE '' END || (ARRAY['华','东','食','品','商','贸','有','限'])[1 + ${g} % 8] || (ARRAY['公','司','饮','料','超','市','日','用'])[1 + (${g} / 8) % 8] || ${g}`;
  const brand = (g: string) => `CASE WHEN ${g} % ${rare} = 7 THEN '貔貅' ELSE (ARRAY['康师傅','统一','伊利','蒙牛'])[1 + ${g} % 4] END`;
  await db.tenant(2, async (tx) => {
    await tx.query(`INSERT INTO pd_supplier (tenant_id, supplier_no, supplier_name) SELECT 2, 'BIG' || g, ${name('g')} FROM generate_series(1, ${rows}) g`);
    await tx.query(`INSERT INTO pd_spu (tenant_id, spu_code, spu_name, category, brand_name) SELECT 2, 'BIG' || g, ${name('g')}, 1, ${brand('g')} FROM generate_series(1, ${rows}) g`);
    await tx.query(
      `INSERT INTO pd_sku (tenant_id, spu_id, sku_code, sku_name, spu_name, brand_name, supplier_name)
       SELECT 2, spu_id, spu_code, spu_name || ' 500g', spu_name, brand_name, '' FROM pd_spu WHERE spu_code LIKE 'BIG%'`,
    );
    await tx.query(
      `INSERT INTO shop_base (tenant_id, shop_code, shop_name, shop_type, region_name, contact_name, phone, address, area, min_cost, open_date, status)
       SELECT 2, 'BIG' || g, ${name('g')}, 1, ${brand('g')}, '店长', '13900000000', '示例路', 100, 1000, date '2020-01-01', 1 FROM generate_series(1, ${rows}) g`,
    );
  });
  await db.system((tx) =>
    tx.exec(`SELECT gin_clean_pending_list(indexrelid) FROM pg_index WHERE indexrelid::regclass::text LIKE '%bigrams';
             ANALYZE pd_supplier; ANALYZE pd_spu; ANALYZE pd_sku; ANALYZE shop_base;`),
  );
}

/** Index names in the plan chosen for the statement as tenant 2's application role; `noSeqscan` discourages scans. */
export async function planIndexes(db: Database, sql: string, params: unknown[], { noSeqscan = false } = {}): Promise<string[]> {
  const plan = await db.tenant(2, async (tx) => {
    if (noSeqscan) await tx.query(`SET LOCAL enable_seqscan = off`);
    return tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  });
  type Node = { 'Index Name'?: string; Plans?: Node[] };
  const names: string[] = [];
  const walk = (node: Node) => {
    if (node['Index Name']) names.push(node['Index Name']);
    for (const child of node.Plans ?? []) walk(child);
  };
  const json = plan.rows[0]['QUERY PLAN'];
  walk((typeof json === 'string' ? JSON.parse(json) : json)[0].Plan);
  return names;
}
