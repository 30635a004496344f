import { afterAll, describe, expect, it } from 'vitest';
import { alignSalesSummaryZone, openDatabase } from '../../server/db/index.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { freshDatabaseConfig } from './harness.ts';

/**
 * The business time zone (BUSINESS_TZ): a deployment setting, checked at start; today, the rendered times and the
 * sales summaries' days and hours follow it, and a database whose summaries were built in another zone has them
 * rebuilt on the next start.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const start = (config: Awaited<ReturnType<typeof freshDatabaseConfig>>['config'], businessTz: string) =>
  startServer({ ...config, businessTz }, { logger: false, listen: false, sms: { sendLoginCode: async () => {} } });

const sql = async <T,>(s: RunningServer, text: string, params: unknown[] = []) => (await s.db.system((tx) => tx.query<T>(text, params))).rows;

/** The summary's rows, the queued deltas folded first (migration 326), as every reader of the summaries does. */
const folded = async <T,>(s: RunningServer, text: string, params: unknown[] = []) => {
  await sql(s, `SELECT sales_summary_fold()`);
  return sql<T>(s, text, params);
};

/** Every (shop, day, hour) of the summary against the orders bucketed in the session's zone: the rows that differ. */
const hourMismatches = (s: RunningServer) =>
  folded<{ shop_id: number; day: string; hour: number }>(s, `
    WITH summary AS (SELECT shop_id, day, hour, sum(orders)::int AS n FROM po_sales_day_hour WHERE sign = 1 GROUP BY 1, 2, 3 HAVING sum(orders) <> 0),
    plain AS (SELECT shop_id, (create_time AT TIME ZONE current_setting('TimeZone'))::date AS day,
                     extract(hour FROM create_time AT TIME ZONE current_setting('TimeZone'))::int AS hour, count(*)::int AS n
                FROM po_order WHERE NOT is_practice AND status IN (1, 2) GROUP BY 1, 2, 3)
    (SELECT * FROM summary EXCEPT SELECT * FROM plain) UNION ALL (SELECT * FROM plain EXCEPT SELECT * FROM summary)`);

describe('business time zone', () => {
  it('a zone the database does not know stops the start with a message naming BUSINESS_TZ', async () => {
    const { config, cleanup } = await freshDatabaseConfig();
    cleanups.push(cleanup);
    await expect(start(config, 'Mars/Olympus')).rejects.toThrow('BUSINESS_TZ "Mars/Olympus" is not a time zone the database knows');
    // Not an IANA name (a POSIX offset; something that is not a name at all): refused the same way.
    for (const bad of ['UTC+8', "Asia/Shanghai' --"]) {
      await expect(openDatabase({ ...config, businessTz: bad })).rejects.toThrow(`BUSINESS_TZ "${bad}"`);
    }
  }, 180_000);

  it('today, rendered times and the summaries follow the zone; started in another zone, the summaries are rebuilt in it', async () => {
    const { config, cleanup } = await freshDatabaseConfig();
    cleanups.push(cleanup);
    let s = await start(config, 'Asia/Shanghai');
    try {
      const [order] = await sql<{ order_id: number; shop_id: number }>(s,
        `SELECT order_id, shop_id FROM po_order WHERE NOT is_practice AND status = 1 AND refund_time IS NULL ORDER BY order_id LIMIT 1`);
      expect(order, 'a demo sale').toBeTruthy();
      // 02:30 UTC: 10:30 in Beijing, the same day.
      await sql(s, `UPDATE po_order SET create_time = '2026-05-10 02:30:00+00' WHERE order_id = $1`, [order.order_id]);
      expect((await sql(s, `SELECT to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS t FROM po_order WHERE order_id = $1`, [order.order_id]))[0]).toEqual({ t: '2026-05-10 10:30:00' });
      expect((await sql(s, `SELECT current_date = (now() AT TIME ZONE 'Asia/Shanghai')::date AS same, app_business_tz() AS tz`))[0]).toEqual({ same: true, tz: 'Asia/Shanghai' });
      expect(await folded(s, `SELECT day::text, hour FROM po_sales_day_hour WHERE shop_id = $1 AND day BETWEEN '2026-05-09' AND '2026-05-10' AND sign = 1 AND orders > 0`, [order.shop_id]))
        .toEqual([{ day: '2026-05-10', hour: 10 }]);
      expect(await hourMismatches(s)).toEqual([]);
      // Started again in the same zone: nothing to rebuild.
      expect(await alignSalesSummaryZone(s.db)).toBeNull();
      await s.close();

      // The same database, now in New York: the sale is at 22:30 the day before, and so are its summary rows.
      s = await start(config, 'America/New_York');
      expect((await sql(s, `SELECT zone FROM sales_summary_zone`))[0]).toEqual({ zone: 'America/New_York' });
      expect((await sql(s, `SELECT to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS t FROM po_order WHERE order_id = $1`, [order.order_id]))[0]).toEqual({ t: '2026-05-09 22:30:00' });
      expect(await folded(s, `SELECT day::text, hour FROM po_sales_day_hour WHERE shop_id = $1 AND day BETWEEN '2026-05-09' AND '2026-05-10' AND sign = 1 AND orders > 0`, [order.shop_id]))
        .toEqual([{ day: '2026-05-09', hour: 22 }]);
      expect(await hourMismatches(s)).toEqual([]);
      expect((await sql(s, `SELECT current_date = (now() AT TIME ZONE 'America/New_York')::date AS same`))[0]).toEqual({ same: true });
    } finally {
      await s.close();
    }
  }, 300_000);
});
