import type { Database } from '../index.ts';

/**
 * The first shops' payment terminals (a bank POS and a scan box each) and two weeks of their delivery-platform
 * orders (美团, 饿了么), so 支付终端 and 线上订单 show real rows. Keyed by terminal number and by shop, platform and
 * day: seeding again adds nothing twice.
 */
export async function seedShopOpsDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    await tx.query(
      `INSERT INTO shop_merchant (tenant_id, shop_id, merchant_type, merchant_no, terminal_no, remark)
       SELECT app_current_tenant(), s.shop_id, t.type, 'M' || lpad(s.shop_id::text, 10, '0'), 'T' || s.shop_code || '-' || t.type, t.note
         FROM (SELECT shop_id, shop_code FROM shop_base WHERE status = 1 ORDER BY shop_id LIMIT 5) s
        CROSS JOIN (VALUES (1, '收银台银联 POS'), (2, '收银台扫码盒子')) AS t(type, note)
       ON CONFLICT (tenant_id, terminal_no) DO NOTHING`,
    );
    await tx.query(
      `INSERT INTO shop_online_order (tenant_id, shop_id, platform, order_date, order_count, order_amount, refund_amount, create_user_name)
       SELECT app_current_tenant(), s.shop_id, p, current_date - d, n, round((n * (28 + (s.shop_id * 7 + d * 3 + p) % 19))::numeric, 2),
              CASE WHEN d % 5 = 0 THEN round((28 + p)::numeric, 2) ELSE 0 END, '系统'
         FROM (SELECT shop_id FROM shop_base WHERE status = 1 ORDER BY shop_id LIMIT 5) s
        CROSS JOIN generate_series(1, 14) AS d CROSS JOIN (VALUES (1), (2)) AS pl(p)
        CROSS JOIN LATERAL (SELECT 8 + (s.shop_id * 5 + d * 7 + p * 3) % 23 AS n) k
       ON CONFLICT (tenant_id, shop_id, platform, order_date) DO NOTHING`,
    );
  });
}
