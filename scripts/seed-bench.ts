/**
 * npm run seed:bench [rows]: loads `rows` (default 1,000,000) generated shops into tenant 1 of the
 * database in DATA_DIR (PGlite) or DATABASE_URL, for benchmarks and for trying the list screens on volume.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db/index.ts';

const BATCH = 100_000;

/** Inserts `count` shops for the tenant with codes B00000001.. after the ones already there; one transaction per 100,000 rows. */
export async function seedShopRows(db: Database, tenantId: number, count: number): Promise<number> {
  const start = await db.tenant(tenantId, async (tx) => Number((await tx.query<{ n: number | string }>(`SELECT count(*) AS n FROM shop_base WHERE shop_code LIKE 'B%'`)).rows[0].n));
  // GIN indexes (the bigram ones) are built once after the load rather than kept up row by row: several
  // times faster. Recreated from their own definitions even if the load fails.
  const gin = (
    await db.system((tx) => tx.query<{ indexname: string; indexdef: string }>(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'shop_base' AND indexdef LIKE '%USING gin%'`))
  ).rows;
  if (gin.length) await db.system((tx) => tx.exec(gin.map((g) => `DROP INDEX "${g.indexname}";`).join('\n')));
  try {
    await insertShops(db, tenantId, start, count);
  } finally {
    if (gin.length) await db.system((tx) => tx.exec(gin.map((g) => `${g.indexdef};`).join('\n')));
  }
  await db.system((tx) => tx.query('ANALYZE shop_base'));
  return start + count;
}

async function insertShops(db: Database, tenantId: number, start: number, count: number): Promise<void> {
  for (let from = start + 1; from <= start + count; from += BATCH) {
    const to = Math.min(start + count, from + BATCH - 1);
    await db.tenant(tenantId, (tx) =>
      tx.query(
        `INSERT INTO shop_base (tenant_id, shop_code, shop_name, shop_type, region_name, contact_name, phone, address, area, min_cost, open_date, status)
         SELECT $1, 'B' || lpad(g::text, 8, '0'),
                (ARRAY['浦东','静安','徐汇','海淀','朝阳','天河','福田','西湖'])[1 + g % 8] || g || '号店',
                1 + g % 3, (ARRAY['华东','华北','华南','西南'])[1 + g % 4], '店长' || (g % 1000),
                '139' || lpad((g % 100000000)::text, 8, '0'), '示例路' || g || '号, ' || (g % 97) || '栋',
                round((50 + (g * 37) % 950)::numeric + (g % 100) / 100.0, 2), round(((g::bigint * 7919) % 1000000)::numeric / 10, 2),
                date '2015-01-01' + (g % 3650), (g % 10 > 0)::int
           FROM generate_series($2::int, $3::int) g`,
        [tenantId, from, to],
      ),
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { configFromEnv } = await import('../server/config.ts');
  const { openDatabase } = await import('../server/db/index.ts');
  const { migrate } = await import('../server/db/migrate.ts');
  const { seedDemoData } = await import('../server/db/seed/index.ts');
  const rows = Number(process.argv[2] ?? 1_000_000);
  const config = configFromEnv();
  const db = await openDatabase(config);
  await migrate(db);
  await seedDemoData(db);
  const t0 = performance.now();
  const total = await seedShopRows(db, 1, rows);
  console.log(`${rows} shops loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s; tenant 1 now has ${total} generated shops (${config.databaseUrl ? 'PostgreSQL' : config.dataDir})`);
  await db.close();
}
