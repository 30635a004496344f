import type { AuthContext } from '../../context.ts';
import type { Database } from '../index.ts';
import { demoSale } from './demoSale.ts';
import { targetOf, writeTarget } from '../../domains/targets/index.ts';
import { saveDailyMeeting } from '../../domains/meetings/index.ts';
import { saveWeeklyMeeting } from '../../domains/meetings/index.ts';
import { addShopMeeting } from '../../domains/meetings/index.ts';
import { dbToday } from '../calendar.ts';
import { addDays } from '../../../core/calendar.ts';

/**
 * 绩效目标 and 会议管理 demo: two weeks of sales at the first shop with a shop warehouse by its two sellers (admin
 * and shop01, made through the real settlement and then dated back, so stock and payments agree), this and last
 * month's targets split between them, and a daily, a weekly and a shop meeting held on those figures. Fixed uuids
 * make the sales exactly-once; targets and meetings are added only where none exist (people's edits stay).
 */
/** At least two weeks, and the whole month so far, so this month's reach keeps pace with the calendar. */
const historyDays = (today: string) => Math.min(31, Math.max(14, Number(today.slice(8, 10)) - 1));

export async function seedTargetsDemo(db: Database, tenantId: number): Promise<void> {
  // Demo tenant 1 only: the second chain stays a plain tenant for isolation checks (and start-up stays quick).
  if (tenantId !== 1) return;
  const found = await db.tenant(tenantId, async (tx) => {
    const shop = (await tx.query<{ shop_id: number; wh_id: number }>(
      `SELECT w.shop_id, w.wh_id FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id WHERE w.status = 1 AND s.status = 1 ORDER BY w.shop_id, w.wh_id LIMIT 1`,
    )).rows[0];
    const users = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name IN ('admin', 'shop01') ORDER BY user_name`)).rows;
    if (!shop || !users.length) return null;
    // shop01 works at this shop (as the stats demo says too): a cashier sells only at their own shop.
    const staff = users.find((u) => u.user_name === 'shop01');
    if (staff) await tx.query(`INSERT INTO sys_user_shop (tenant_id, user_id, shop_id) VALUES (app_current_tenant(), $1, $2) ON CONFLICT DO NOTHING`, [staff.id, shop.shop_id]);
    const skus = (await tx.query<{ sku_id: number; retail_price: string }>(
      `SELECT s.sku_id, s.retail_price FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
        WHERE b.wh_id = $1 AND b.on_hand - b.reserved >= 15 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 40`,
      [shop.wh_id],
    )).rows;
    const today = await dbToday(tx);
    return { shop, users, skus, today };
  });
  if (!found || found.skus.length < 10) return;
  const { shop, users, skus, today } = found;
  const authOf = (u: (typeof users)[number]): AuthContext => ({
    tenantId, userId: u.id, userName: u.user_name, displayName: u.name, shopId: null, tokenHash: '', roles: [u.user_name === 'admin' ? 'admin' : 'shop_staff'], isAdmin: u.user_name === 'admin', shops: null, fieldPerms: []
  });
  let n = 0;
  const HISTORY_DAYS = historyDays(today);
  for (let k = HISTORY_DAYS; k >= 1; k--) {
    const day = addDays(today, -k);
    for (const [ui, u] of users.entries()) {
      for (let j = 0; j < 1 + (ui === 0 && k % 3 !== 0 ? 1 : 0); j++, n++) {
        const lines = [skus[(n * 3) % skus.length], skus[(n * 7 + 5) % skus.length]].map((s, x) => ({ skuId: s.sku_id, quantity: 1 + ((n + x) % 2) }));
        const totalFen = lines.reduce((a, l) => a + Math.round(Number(skus.find((s) => s.sku_id === l.skuId)!.retail_price) * 100) * l.quantity, 0);
        const uuid = `00000000-0000-4000-8001-${String(tenantId).padStart(4, '0')}${String(k).padStart(3, '0')}${ui}${String(j).padStart(4, '0')}`;
        const order = await demoSale(db, authOf(u), { uuid, shopId: shop.shop_id, lines, payments: [{ payType: (n % 3) + 2, amount: totalFen / 100 }], remark: '演示订单（绩效与会议）' }, { numberDay: day });
        if (!order) continue; // made at an earlier seeding
        // A sale just made is dated back to its demo day; one made at an earlier seeding keeps its date.
        await db.tenant(tenantId, (tx) => tx.query(
          `UPDATE po_order SET create_time = $2::date + make_interval(hours => 9 + $3::int % 11, mins => ($3::int * 17) % 60)
            WHERE order_id = $1 AND create_time > now() - interval '10 minutes'`,
          [order.orderId, day, n],
        ));
      }
    }
  }
  const admin = users.find((u) => u.user_name === 'admin') ?? users[0];
  await db.tenant(tenantId, async (tx) => {
    // Targets: about 5% above the pace of the history, 60/40 between the two sellers (all to one if alone).
    const pace = (await tx.query<{ fen: number }>(
      `SELECT round(coalesce(sum(pay_amount), 0) * 100 / $2)::float8 AS fen FROM po_order WHERE shop_id = $1 AND NOT is_practice AND status IN (1, 2) AND create_time >= current_date - $2::int AND create_time < current_date`,
      [shop.shop_id, HISTORY_DAYS],
    )).rows[0].fen;
    for (const month of [...new Set([addDays(today, -HISTORY_DAYS).slice(0, 7), today.slice(0, 7)])]) {
      if (await targetOf(tx, shop.shop_id, month)) continue;
      const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
      const amount = Math.max(100, Math.round((Number(pace) * days * 1.05) / 10000) * 100);
      const first = users.length > 1 ? Math.round(amount * 0.6) : amount;
      await writeTarget(tx, authOf(admin), {
        shopId: shop.shop_id, targetMoonTime: month, targetAmount: amount, remark: '演示目标',
        userTargets: users.map((u, i) => ({ userId: u.id, targetAmount: i === 0 ? first : amount - first })),
      }, 'merge');
    }
    const yesterday = addDays(today, -1);
    const held = await tx.query(`SELECT 1 FROM shop_daily_meeting WHERE shop_id = $1 AND meeting_date = $2::date`, [shop.shop_id, yesterday]);
    if (!held.rows[0]) {
      await saveDailyMeeting(tx, authOf(admin), {
        shopId: shop.shop_id, meetingDate: yesterday, summary: '前天饮料卖得好，昨天主推休闲零食；注意补货。', todayPlan: '上午补货陈列，下午推会员登记。',
        inventoryList: skus.slice(0, 3).map((s, i) => ({ skuId: s.sku_id, countedQuantity: 10 + i })),
      });
      // The demo's counts equal the book quantity but for one SKU, so the check shows a difference.
      await tx.query(
        `UPDATE shop_daily_meeting_inventory i SET counted_quantity = greatest(i.book_quantity - CASE WHEN i.sku_id = $2 THEN 1 ELSE 0 END, 0)
          WHERE i.meeting_id = (SELECT meeting_id FROM shop_daily_meeting WHERE shop_id = $1 AND meeting_date = $3::date)`,
        [shop.shop_id, skus[0].sku_id, yesterday],
      );
    }
    const lastWeek = addDays(today, -7);
    const week = await tx.query(`SELECT 1 FROM shop_weekly_meeting WHERE shop_id = $1 AND week_start <= $2::date AND week_end >= $2::date`, [shop.shop_id, lastWeek]);
    if (!week.rows[0]) {
      await saveWeeklyMeeting(tx, authOf(admin), { shopId: shop.shop_id, weekDateStr: lastWeek, summary: '上周整体达成接近目标，周末客流好。', nextWeekPlan: '周末做饮料第二件半价。' });
    }
    const shopMeeting = await tx.query(`SELECT 1 FROM shop_meeting WHERE shop_id = $1`, [shop.shop_id]);
    if (!shopMeeting.rows[0]) {
      await addShopMeeting(tx, authOf(admin), { shopId: shop.shop_id, meetingDate: addDays(today, -3), meetingType: 1, title: '月中经营分析', content: '本月达成进度与时间进度对比，调整排班。', attendees: users.map((u) => u.name).join('、') });
    }
  });
}
