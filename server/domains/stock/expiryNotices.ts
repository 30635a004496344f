import type { Database, Queryable } from '../../db/index.ts';
import { repeatEvery, type Repeating } from '../../jobs/repeat.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import { usersWithPerm } from '../../permissions.ts';

/** The notice's business type: opens the 临期/过期批次 report (src/notices/noticeDestination.ts). */
export const LOT_EXPIRY_NOTICE = 2041;
const LIST = 5;

/**
 * Tells each warehouse's people once that lots there are near (临期) or past their expiry date, N days ahead (N: the
 * SKU's 临期预警天数, else the chain's default, as the report computes it): a shop warehouse's staff (用户的所属门店),
 * a central warehouse's holders of the report's permission. One notice per warehouse per round naming the lots; each
 * lot is marked told in the same transaction, so a second process or round never tells it twice.
 */
export async function noticeExpiringLots(tx: Queryable, tenantId: number): Promise<number> {
  const lots = (await tx.query<{ lot_balance_id: string; wh_id: number; wh_name: string; shop_id: number | null; sku_name: string; lot_no: string; expiry: string; days_left: number; on_hand: string }>(
    `SELECT l.lot_balance_id, l.wh_id, l.wh_name, w.shop_id, l.sku_name, l.lot_no, to_char(l.expiry_date, 'YYYY-MM-DD') AS expiry, l.days_left, l.on_hand
       FROM stock_lot_list l JOIN wh_base_info w ON w.wh_id = l.wh_id JOIN stock_lot_balance b ON b.lot_balance_id = l.lot_balance_id
      WHERE l.expiry_status > 1 AND NOT b.expiry_noticed AND w.status = 1
      ORDER BY l.wh_id, l.expiry_date, l.lot_no
      FOR UPDATE OF b SKIP LOCKED`,
  )).rows;
  if (!lots.length) return 0;
  const central = lots.some((l) => l.shop_id === null) ? await usersWithPerm(tx, 'wh:stockLot:list') : [];
  let sent = 0;
  for (const whId of new Set(lots.map((l) => Number(l.wh_id)))) {
    const mine = lots.filter((l) => Number(l.wh_id) === whId);
    const shopId = mine[0].shop_id;
    const staff = shopId === null ? central
      : (await tx.query<{ user_id: number }>(`SELECT DISTINCT us.user_id FROM sys_user_shop us JOIN sys_user u ON u.id = us.user_id WHERE us.shop_id = $1 AND u.status = 1`, [shopId])).rows.map((r) => r.user_id);
    if (staff.length) {
      const lines = mine.slice(0, LIST).map((l) => `${l.sku_name} 批次 ${l.lot_no} ${l.days_left < 0 ? `已过期（${l.expiry}）` : `还有 ${l.days_left} 天到期（${l.expiry}）`}，库存 ${Number(l.on_hand)}`);
      await notifyUsersInTx(tx, tenantId, staff, {
        businessType: LOT_EXPIRY_NOTICE,
        businessId: null,
        messageTypeInfo: '临期批次提醒',
        noticeTemplateInfo: fit(`「${mine[0].wh_name}」有 ${mine.length} 个批次临期或已过期：${lines.join('；')}${mine.length > LIST ? ' 等' : ''}。请优先陈列或报损。`),
      });
      sent += staff.length;
    }
  }
  await tx.query(`UPDATE stock_lot_balance SET expiry_noticed = true WHERE lot_balance_id = ANY($1::bigint[])`, [lots.map((l) => l.lot_balance_id)]);
  return sent;
}

/** A notice's text is at most MESSAGE_LIMITS.noticeTemplateInfo (500) characters. */
const fit = (text: string) => (text.length > 500 ? `${text.slice(0, 499)}…` : text);

interface Log {
  warn(obj: object, msg: string): void;
}

/** Every LOT_NOTICE_MS (default an hour) for every tenant; off with LOT_NOTICE=0, off in tests unless LOT_NOTICE=1. */
export function startLotExpiryNotices(db: Database, log: Log, env: NodeJS.ProcessEnv = process.env): Repeating {
  const enabled = env.LOT_NOTICE === '1' || (env.LOT_NOTICE !== '0' && !env.VITEST);
  if (!enabled) return { stop: async () => {} };
  return repeatEvery(
    Math.max(1000, Number(env.LOT_NOTICE_MS) || 3_600_000),
    async (signal) => {
      const tenants = await db.system((tx) => tx.query<{ id: number }>(`SELECT id FROM sys_tenant ORDER BY id`));
      for (const t of tenants.rows) {
        if (signal.aborted) return;
        try {
          await db.tenant(t.id, (tx) => noticeExpiringLots(tx, t.id));
        } catch (err) {
          log.warn({ err, tenantId: t.id }, 'lot expiry notices of a tenant failed');
        }
      }
    },
    (err) => log.warn({ err }, 'lot expiry notices failed'),
  );
}
