import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import type { Period } from './period.ts';

/** The department a shop without a 区域 is counted under in 扫码统计. */
export const NO_DEPT = '未分配区域';

/** Counts the period's scans for every shop and day, replacing the period's snapshot; one merge at a time per tenant. */
export async function mergeScanCodes(tx: Queryable, auth: AuthContext, p: Period): Promise<{ days: number; rows: number; mergeTime: string }> {
  await tx.query(`SELECT pg_advisory_xact_lock(240, app_current_tenant())`);
  await tx.query(`DELETE FROM stat_scan_code_day WHERE stat_date BETWEEN $1::date AND $2::date`, [p.from, p.to]);
  const who = auth.displayName ?? auth.userName;
  const ins = await tx.query(
    `INSERT INTO stat_scan_code_day (tenant_id, shop_id, stat_date, shop_name, dept_name, scan_count, sku_count, order_count, quantity, merge_user_name)
     SELECT app_current_tenant(), o.shop_id, o.create_time::date, max(s.shop_name), coalesce(max(s.region_name), $3),
            count(d.det_id)::int, count(DISTINCT d.sku_id)::int, count(DISTINCT o.order_id)::int, coalesce(sum(d.quantity), 0), $4
       FROM po_order o JOIN po_order_det d ON d.tenant_id = o.tenant_id AND d.order_id = o.order_id JOIN shop_base s ON s.shop_id = o.shop_id
      WHERE NOT o.is_practice AND o.status IN (1, 2, 4) AND o.create_time >= $1::date::timestamptz AND o.create_time < ($2::date + 1)::timestamptz
      GROUP BY o.shop_id, o.create_time::date`,
    [p.from, p.to, NO_DEPT, who],
  );
  const m = await tx.query<{ t: string }>(
    `INSERT INTO stat_scan_code_merge (tenant_id, stat_date, merge_user_name)
     SELECT app_current_tenant(), d::date, $3 FROM generate_series($1::date, $2::date, interval '1 day') AS d
     ON CONFLICT (tenant_id, stat_date) DO UPDATE SET merge_time = now(), merge_user_name = EXCLUDED.merge_user_name
     RETURNING to_char(merge_time, 'YYYY-MM-DD HH24:MI:SS') AS t`,
    [p.from, p.to, who],
  );
  return { days: p.days, rows: ins.rowCount ?? 0, mergeTime: m.rows[0].t };
}
