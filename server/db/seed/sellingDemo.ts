import type { AuthContext } from '../../context.ts';
import type { Database } from '../index.ts';
import { recharge } from '../../domains/members/balance.ts';
import { shopOf } from '../../domains/sales/settlement.ts';

/**
 * 会员余额 demo: two running recharge activities (this year) and recharges of 13800000001 and 13800000003 at the
 * first shop, made through the real recharge (ledger rows, gifts), with fixed uuids so seeding again adds nothing.
 */
export async function seedSellingDemo(db: Database, tenantId: number): Promise<void> {
  const found = await db.tenant(tenantId, async (tx) => {
    await tx.query(
      `INSERT INTO mb_recharge_rule (tenant_id, rule_name, recharge_amount, gift_amount, begin_date, end_date, create_user_name, remark)
       SELECT $1, n, a, g, date_trunc('year', current_date)::date, (date_trunc('year', current_date) + interval '1 year - 1 day')::date, '系统', '演示充值活动'
         FROM (VALUES ('充100送10', 100, 10), ('充300送50', 300, 50)) AS v(n, a, g)
        WHERE NOT EXISTS (SELECT 1 FROM mb_recharge_rule)`,
      [tenantId],
    );
    const shop = (await tx.query<{ shop_id: number }>(
      `SELECT w.shop_id FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id WHERE w.status = 1 AND s.status = 1 ORDER BY w.shop_id, w.wh_id LIMIT 1`,
    )).rows[0];
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    const members = (await tx.query<{ member_id: number; phone_number: string }>(
      `SELECT member_id, phone_number FROM mb_base_info WHERE phone_number IN ('13800000001', '13800000003') AND NOT is_practice ORDER BY phone_number`,
    )).rows;
    return shop && admin ? { shop, admin, members } : null;
  });
  if (!found) return;
  const auth: AuthContext = { tenantId, userId: found.admin.id, userName: found.admin.user_name, displayName: found.admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true };
  for (const [i, m] of found.members.entries()) {
    const uuid = `00000000-0000-4000-9000-${String(tenantId).padStart(6, '0')}${String(i).padStart(6, '0')}`;
    await recharge(db, auth, { uuid, shopId: found.shop.shop_id, memberId: m.member_id, payType: i === 0 ? 3 : 1, amount: i === 0 ? 300 : 100, remark: '演示充值' }, (tx) => shopOf(tx, auth, found.shop.shop_id));
  }
}
