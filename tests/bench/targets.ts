/**
 * 绩效目标 and 会议 bench (issue 14), on the PostgreSQL server (skipped when none answers; PGlite is not the scale
 * path): BENCH_TARGET_LINES order lines (default 1,000,000; 3 a order) over BENCH_TARGET_SHOPS shops (default 100)
 * and three months, 5 sellers a shop, a target per shop-month split to them. Times per shop-month through the API
 * (reach info, reach by day, the daily meeting's pre-fill, the weekly meeting's pre-fill, the sellers' target list)
 * against the raw aggregate SQL of the same shop-month (sum per seller of its orders, refunds subtracted) through the
 * same driver. Medians and p95 of BENCH_TARGET_SAMPLES shop-months (default 40).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { onPostgresServer, withServer } from './backends.ts';

const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;
const PORT = Number(process.env.BENCH_PORT || 18187);
const MONTHS = ['2026-08', '2026-09', '2026-10'];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function benchTargets(): Promise<void> {
  console.log('\n## 绩效目标 and meeting figures per shop-month (PostgreSQL server)');
  const lines = Number(process.env.BENCH_TARGET_LINES || 1_000_000);
  const shops = Number(process.env.BENCH_TARGET_SHOPS || 100);
  const samples = Number(process.env.BENCH_TARGET_SAMPLES || 40);
  await onPostgresServer('targets', PORT, (config, dbUrl) => withServer(config, async (server) => {
    const raw = new pg.Client({ connectionString: dbUrl });
    await raw.connect();
    try {
      const t0 = performance.now();
      const orders = Math.ceil(lines / 3);
      const shopIds = await server.db.tenant(1, async (tx) => {
        await tx.query(
          `INSERT INTO shop_base (tenant_id, shop_code, shop_name, status) SELECT 1, 'BT' || lpad(i::text, 4, '0'), '压测门店' || i, 1 FROM generate_series(1, $1) i`,
          [shops],
        );
        await tx.query(
          `INSERT INTO sys_user (tenant_id, user_no, user_name, name, password_hash) SELECT 1, 'BU' || i, 'bench' || i, '压测店员' || i, 'x' FROM generate_series(1, 5) i`,
        );
        return (await tx.query<{ shop_id: number }>(`SELECT shop_id FROM shop_base WHERE shop_code LIKE 'BT%' ORDER BY shop_id`)).rows.map((r) => r.shop_id);
      });
      const sellers = (await server.db.tenant(1, (tx) => tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE user_name LIKE 'bench%' ORDER BY id`))).rows.map((r) => r.id);
      const skus = (await server.db.tenant(1, (tx) => tx.query<{ sku_id: number }>(`SELECT sku_id FROM pd_sku ORDER BY sku_id LIMIT 100`))).rows.map((r) => r.sku_id);
      // Orders spread evenly over the shops and the three months' days; 2% refunded a day later; 3 lines each.
      await server.db.tenant(1, async (tx) => {
        await tx.query(
          `INSERT INTO po_order (tenant_id, order_no, client_uuid, shop_id, shop_name, is_practice, status, total_quantity, total_amount, pay_amount, paid_amount,
                                 cashier_user_id, cashier_name, create_time, refund_amount, refund_time)
           SELECT 1, 'BN' || i, gen_random_uuid(), s.shop_id, '压测门店', false, CASE WHEN i % 50 = 0 THEN 2 ELSE 1 END, 3, a, a, a,
                  ($3::int[])[1 + i % 5], '压测店员', t, CASE WHEN i % 50 = 0 THEN a ELSE 0 END, CASE WHEN i % 50 = 0 THEN t + interval '1 day' END
             FROM generate_series(1, $1) i
             CROSS JOIN LATERAL (SELECT ($2::int[])[1 + i % array_length($2::int[], 1)] AS shop_id,
                                        round((10 + (i * 37) % 300)::numeric, 2) AS a,
                                        timestamptz '2026-08-01 09:00' + ((i::bigint * 7919) % (92 * 24 * 3600)) * interval '1 second' AS t) s`,
          [orders, shopIds, sellers],
        );
      });
      // Fresh statistics first: the lines' foreign-key checks on po_order would otherwise be planned for the
      // few demo orders (a scan per line, hours instead of seconds).
      await raw.query('ANALYZE po_order');
      await server.db.tenant(1, async (tx) => {
        await tx.query(
          `INSERT INTO po_order_det (tenant_id, order_id, line_no, sku_id, quantity, unit_price)
           SELECT 1, o.order_id, n, ($1::int[])[1 + (o.order_id * n) % array_length($1::int[], 1)], 1, round(o.pay_amount / 3, 2)
             FROM po_order o CROSS JOIN generate_series(1, 3) n WHERE o.order_no LIKE 'BN%'`,
          [skus],
        );
      });
      await raw.query('ANALYZE');
      const loaded = performance.now() - t0;
      const session = await fetch(`${server.url}/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123`, { method: 'POST', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
      const token = ((await session.json()) as { access_token: string }).access_token;
      const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1', 'content-type': 'application/json' };
      const api = async (method: string, path: string, body?: unknown) => {
        const res = await fetch(`${server.url}/api/wxy-shop-server/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const json = (await res.json()) as { code: number; msg: string; data: unknown };
        if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
        return json.data;
      };
      // A target per shop-month, split evenly among the five sellers (through the API, in batches).
      const t1 = performance.now();
      for (const month of MONTHS) {
        for (let i = 0; i < shopIds.length; i += 200) {
          await api('POST', 'shop-performance-target/mergeNew', {
            list: shopIds.slice(i, i + 200).map((shopId) => ({ shopId, targetMoonTime: month, targetAmount: 50000, userTargets: sellers.map((userId) => ({ userId, targetAmount: 10000 })) })),
          });
        }
      }
      const targetsMs = performance.now() - t1;
      const picks = Array.from({ length: samples }, (_, i) => ({ shopId: shopIds[(i * 7) % shopIds.length], month: MONTHS[i % MONTHS.length] }));
      const time = async (fn: (p: (typeof picks)[number]) => Promise<unknown>) => {
        await fn(picks[0]);
        const xs: number[] = [];
        for (const p of picks) {
          const s = performance.now();
          await fn(p);
          xs.push(performance.now() - s);
        }
        return xs;
      };
      const rawSql = await time(async (p) => raw.query(
        `SELECT cashier_user_id, sum(s) FROM (
           SELECT cashier_user_id, pay_amount AS s FROM po_order WHERE tenant_id = 1 AND shop_id = $1 AND NOT is_practice AND status IN (1, 2) AND create_time >= $2::date AND create_time < ($2::date + interval '1 month')
           UNION ALL
           SELECT cashier_user_id, -refund_amount FROM po_order WHERE tenant_id = 1 AND shop_id = $1 AND NOT is_practice AND refund_time >= $2::date AND refund_time < ($2::date + interval '1 month')) x
          GROUP BY 1`,
        [p.shopId, `${p.month}-01`],
      ));
      const base = pct(rawSql, 50);
      const rows: [string, number[]][] = [
        ['reach/info (target, sales, per seller)', await time((p) => api('GET', `shop-performance-target/reach/info?shopId=${p.shopId}&targetMoonTime=${p.month}`))],
        ['reach/list-day (each day of the month)', await time((p) => api('GET', `shop-performance-target/reach/list-day?shopId=${p.shopId}&targetMoonTime=${p.month}`))],
        ['daily meeting pre-fill (yesterday per seller)', await time((p) => api('GET', `shop-daily-meeting/selectOnUpdate?shopId=${p.shopId}&meetingDate=${p.month}-15`))],
        ['weekly meeting pre-fill (week + next week)', await time((p) => api('GET', `shop-weekly-meeting/selectOnInsert?shopId=${p.shopId}&weekDateStr=${p.month}-15`))],
        ['shop meeting figures (day + month per seller)', await time((p) => api('GET', `shop-meeting/display/actual?shopId=${p.shopId}&date=${p.month}-15`))],
        ['target list page of 20 shop-months', await time((p) => api('POST', 'shop-performance-target/list/1/20', { targetMoonTime: p.month }))],
        ['sellers’ target list page of 50', await time((p) => api('POST', 'shop-user-performance-target/list/1/50', { targetMoonTime: p.month }))],
      ];
      const perShopMonth = orders / (shops * MONTHS.length);
      console.log(`data: ${lines.toLocaleString('en')} order lines, ${orders.toLocaleString('en')} orders, ${shops} shops x ${MONTHS.length} months (~${Math.round(perShopMonth)} orders a shop-month), loaded in ${(loaded / 1000).toFixed(1)} s; ${shops * MONTHS.length} targets split to 5 sellers and the days in ${(targetsMs / 1000).toFixed(1)} s`);
      console.log(`baseline: raw aggregate SQL per shop-month (sellers' net sales)   median ${base.toFixed(1)} ms, p95 ${pct(rawSql, 95).toFixed(1)} ms`);
      for (const [label, xs] of rows) {
        const m = pct(xs, 50);
        console.log(`${label.padEnd(48)} median ${m.toFixed(1)} ms (${(m / base).toFixed(1)}x raw SQL), p95 ${pct(xs, 95).toFixed(1)} ms; target < 200 ms`);
      }
    } finally {
      await raw.end();
    }
  }));
}
