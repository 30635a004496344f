import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import { usersWithPerm } from '../../permissions.ts';
import { registerAfterWrite } from '../../resources/writeHooks.ts';

/**
 * The member area's notices (spec §2 notice navigation), each raised inside the transaction of what it tells:
 * 8 a sheet of coupons given (领券明细 of the coupon), 9 a coupon given by phone (发券详情), 1001 a recharge
 * activity saved or switched on enabled (充值活动详情). They go to everyone who sees that list (admins included).
 */
export const COUPON_LIST = 'member:coupon:list';
export const RECHARGE_LIST = 'member:rechargeActivity:list';

async function tell(tx: Queryable, auth: AuthContext, perm: string, businessType: number, businessId: number, title: string, text: string) {
  const to = await usersWithPerm(tx, perm);
  if (to.length) await notifyUsersInTx(tx, auth.tenantId, to, { businessType, businessId, messageTypeInfo: title, noticeTemplateInfo: text.slice(0, 500) });
}

const who = (auth: AuthContext) => auth.displayName ?? auth.userName;

/** 9: coupons given to one member by phone; opens the first given coupon's 发券详情. */
export async function tellCouponsGiven(tx: Queryable, auth: AuthContext, given: readonly { memberCouponId: number; couponName: string; memberPhone: string | null }[]) {
  const first = given[0];
  if (!first) return;
  await tell(tx, auth, COUPON_LIST, 9, first.memberCouponId, '发券完成',
    `${who(auth)} 给会员 ${first.memberPhone ?? ''} 发放「${first.couponName}」${given.length} 张`);
}

/** 8: a sheet of 发券 done; one notice per coupon definition in it, opening that coupon's 领券明细. */
export async function tellSheetGiven(tx: Queryable, auth: AuthContext, byCoupon: ReadonlyMap<number, { members: Set<number | string>; count: number }>) {
  for (const [couponId, g] of byCoupon) {
    const name = (await tx.query<{ coupon_name: string }>(`SELECT coupon_name FROM mb_coupon WHERE coupon_id = $1`, [couponId])).rows[0]?.coupon_name ?? '';
    await tell(tx, auth, COUPON_LIST, 8, couponId, '批量发券完成', `${who(auth)} 按表格发放「${name}」：${g.members.size} 位会员共 ${g.count} 张`);
  }
}

// 1001: a recharge activity created enabled, or switched on.
registerAfterWrite('mb-recharge-rule', async ({ tx, auth, action, id, values }) => {
  if (action === 'update' || Number(values.status) !== 1) return;
  const r = (await tx.query<{ rule_name: string; recharge_amount: string; gift_amount: string; b: string; e: string }>(
    `SELECT rule_name, recharge_amount, gift_amount, to_char(begin_date, 'YYYY-MM-DD') AS b, to_char(end_date, 'YYYY-MM-DD') AS e FROM mb_recharge_rule WHERE rule_id = $1`, [id],
  )).rows[0];
  if (!r) return;
  await tell(tx, auth, RECHARGE_LIST, 1001, Number(id), action === 'create' ? '充值活动已创建' : '充值活动已启用',
    `${who(auth)}${action === 'create' ? '新建' : '启用'}充值活动「${r.rule_name}」：充值满 ${Number(r.recharge_amount)} 元送 ${Number(r.gift_amount)} 元（${r.b} 至 ${r.e}）`);
});
