import type { AuthContext } from '../../context.ts';
import type { Database } from '../index.ts';
import { refundOrder } from '../../domains/sales/index.ts';
import { demoSale } from './demoSale.ts';
import { mergeScanCodes } from '../../domains/stats/index.ts';
import { dbToday } from '../calendar.ts';
import { addDays } from '../../../core/calendar.ts';

/**
 * 数据统计 and 工作台 demo (tenant 1): shop01 works at the first shop with a shop warehouse (sys_user_shop, the scope
 * of their statistics); sales at up to three shops today (spread over the hours already past) and over the last
 * week, made through the real settlement and dated back, one of today's refunded; the week's scans counted.
 * Fixed uuids make the sales exactly-once.
 */
export async function seedStatsDemo(db: Database, tenantId: number): Promise<void> {
  if (tenantId !== 1) return;
  const found = await db.tenant(tenantId, async (tx) => {
    const shops = (await tx.query<{ shop_id: number; wh_id: number }>(
      `SELECT DISTINCT ON (w.shop_id) w.shop_id, w.wh_id FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id
        WHERE w.status = 1 AND s.status = 1 ORDER BY w.shop_id, w.wh_id LIMIT 3`,
    )).rows;
    const users = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name IN ('admin', 'shop01') ORDER BY user_name`)).rows;
    const staff = users.find((u) => u.user_name === 'shop01');
    if (staff && shops[0]) {
      await tx.query(`INSERT INTO sys_user_shop (tenant_id, user_id, shop_id) VALUES (app_current_tenant(), $1, $2) ON CONFLICT DO NOTHING`, [staff.id, shops[0].shop_id]);
    }
    const skus = new Map<number, { sku_id: number; retail_price: string }[]>();
    for (const s of shops) {
      skus.set(s.shop_id, (await tx.query<{ sku_id: number; retail_price: string }>(
        `SELECT s.sku_id, s.retail_price FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
          WHERE b.wh_id = $1 AND b.on_hand - b.reserved >= 20 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 12`,
        [s.wh_id],
      )).rows);
    }
    const now = (await tx.query<{ h: number }>(`SELECT extract(hour FROM localtime)::int AS h`)).rows[0].h;
    return { shops: shops.filter((s) => (skus.get(s.shop_id)?.length ?? 0) >= 4), users, skus, today: await dbToday(tx), hourNow: Number(now) };
  });
  if (!found || !found.shops.length || !found.users.length) return;
  const { shops, users, skus, today, hourNow } = found;
  const admin = users.find((u) => u.user_name === 'admin') ?? users[0];
  const authOf = (u: (typeof users)[number]): AuthContext => ({
    tenantId, userId: u.id, userName: u.user_name, displayName: u.name, shopId: null, tokenHash: '', roles: [u.user_name === 'admin' ? 'admin' : 'shop_staff'], isAdmin: u.user_name === 'admin', shops: null, fieldPerms: []
  });
  let n = 0;
  const refundable: string[] = [];
  for (const [si, shop] of shops.entries()) {
    const list = skus.get(shop.shop_id)!;
    // Today: 3 or 4 sales per shop; the week before one a day at the shops the targets demo has no history for.
    for (let k = 0; k <= 6; k++) {
      const day = addDays(today, -k);
      const count = k === 0 ? (si === 0 ? 4 : 3) : si === 0 ? 0 : 1;
      for (let j = 0; j < count; j++, n++) {
        const seller = si === 0 && j % 2 === 1 ? (users.find((u) => u.user_name === 'shop01') ?? admin) : admin;
        const lines = [list[(n * 5) % list.length], list[(n * 3 + 1) % list.length]]
          .filter((s, x, a) => a.findIndex((y) => y.sku_id === s.sku_id) === x)
          .map((s, x) => ({ skuId: s.sku_id, quantity: 1 + ((n + x) % 3) }));
        const totalFen = lines.reduce((a, l) => a + Math.round(Number(list.find((s) => s.sku_id === l.skuId)!.retail_price) * 100) * l.quantity, 0);
        const uuid = `00000000-0000-4000-8002-${String(si).padStart(2, '0')}${String(k).padStart(3, '0')}${String(j).padStart(7, '0')}`;
        const order = await demoSale(db, authOf(seller), { uuid, shopId: shop.shop_id, lines, payments: [{ payType: (n % 3) + 2, amount: totalFen / 100 }], remark: '演示订单（数据统计）' }, { numberDay: day });
        if (!order) continue; // made at an earlier seeding
        // Hours from 9 on; today only those already past (a sale is never in the future).
        const hour = k === 0 ? Math.max(0, Math.min(hourNow - 1, 9 + ((j * 3 + si) % 12))) : 9 + ((n * 7) % 12);
        await db.tenant(tenantId, (tx) => tx.query(
          `UPDATE po_order SET create_time = least(now(), $2::date + make_interval(hours => $3::int, mins => ($4::int * 13) % 60))
            WHERE order_id = $1 AND create_time > now() - interval '10 minutes'`,
          [order.orderId, day, hour, n],
        ));
        if (k === 0 && si === Math.min(1, shops.length - 1) && j === 0) refundable.push(String(order.orderNo));
      }
    }
  }
  await db.tenant(tenantId, async (tx) => {
    for (const orderNo of refundable) {
      const o = (await tx.query<{ status: number }>(`SELECT status FROM po_order WHERE order_no = $1`, [orderNo])).rows[0];
      if (o && Number(o.status) === 1) await refundOrder(tx, authOf(admin), orderNo, '演示退款：顾客退货', { notify: false });
    }
    await mergeScanCodes(tx, authOf(admin), { from: addDays(today, -6), to: today, days: 7 });
  });
}
