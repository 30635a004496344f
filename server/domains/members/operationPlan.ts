import type { AuthContext } from '../../context.ts';
import { dbToday } from '../../db/calendar.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField } from '../../http/fields.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
import { usersWithPerm } from '../../permissions.ts';
import type { Req } from '../../resources/access.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { registerAfterWrite } from '../../resources/writeHooks.ts';
import { giveCoupons } from './coupons.ts';

/**
 * 会员运营计划 (spec 000 §2, notice 36): a plan gives one coupon kind, `coupon_per_member` each, to a segment of the
 * tenant's members. 执行 holds the plan row, so of two runs at once one gives and the other finds it 已执行 (409);
 * each member reached is a row of mb_operation_plan_member (unique per plan), so nobody gets the plan's coupons twice.
 */
export const PLAN_LIST = 'member:operationPlan:list';
const STATUS_TEXT: Record<number, string> = { 2: '已执行', 3: '已取消' };

interface PlanRow { plan_id: number; plan_name: string; segment: number; days: number | null; shop_id: number | null; coupon_id: number; coupon_per_member: number; status: number; create_user_id: number | null }

/** The members of a plan's segment (active, not practice), by id. */
async function segmentMembers(tx: Queryable, p: PlanRow): Promise<{ member_id: number; phone_number: string }[]> {
  const bought = `EXISTS (SELECT 1 FROM po_order o WHERE o.member_id = m.member_id AND NOT o.is_practice AND o.status IN (1, 2, 4) AND o.create_time >= now() - make_interval(days => $1::int))`;
  const [cond, params]: [string, unknown[]] =
    p.segment === 1 ? ['true', []]
      : p.segment === 2 ? [bought, [p.days]]
        : p.segment === 3 ? [`NOT ${bought}`, [p.days]]
          : p.segment === 4 ? ['extract(month FROM m.birthday) = extract(month FROM $1::date)', [await dbToday(tx)]]
            : ['m.shop_id = $1::int', [p.shop_id]];
  return (await tx.query<{ member_id: number; phone_number: string }>(
    `SELECT m.member_id, m.phone_number FROM mb_base_info m WHERE NOT m.is_practice AND m.status = 1 AND (${cond}) ORDER BY m.member_id`, params,
  )).rows;
}

/** The plan, held for this transaction; 404 when this tenant has none, 409 when it is no longer a draft. */
async function draftPlan(tx: Queryable, planId: number): Promise<PlanRow> {
  const p = (await tx.query<PlanRow>(`SELECT plan_id, plan_name, segment::int AS segment, days, shop_id, coupon_id, coupon_per_member, status::int AS status, create_user_id FROM mb_operation_plan WHERE plan_id = $1 FOR UPDATE`, [planId])).rows[0];
  if (!p) throw new ApiError('NOT_FOUND', '运营计划不存在');
  if (Number(p.status) !== 1) throw new ApiError('CONFLICT', `运营计划「${p.plan_name}」${STATUS_TEXT[Number(p.status)] ?? ''}，不能再执行或取消`);
  return p;
}

/** 执行: gives the segment's members the plan's coupons once each, records the counts and tells (36) the creator and the list's users. */
/** `tell` false: the demo seed runs a plan without leaving notices in a fresh tenant's message centre. */
export async function executePlan(tx: Queryable, auth: AuthContext, planId: number, tell = true) {
  const p = await draftPlan(tx, planId);
  const members = await segmentMembers(tx, p);
  const fresh = members.length
    ? (await tx.query<{ member_id: number }>(
      `INSERT INTO mb_operation_plan_member (tenant_id, plan_id, member_id) SELECT app_current_tenant(), $1, unnest($2::int[])
       ON CONFLICT (tenant_id, plan_id, member_id) DO NOTHING RETURNING member_id`,
      [planId, members.map((m) => m.member_id)],
    )).rows.map((r) => r.member_id)
    : [];
  const phoneOf = new Map(members.map((m) => [m.member_id, m.phone_number]));
  let coupons = 0;
  for (const id of fresh) coupons += (await giveCoupons(tx, auth, phoneOf.get(id)!, p.coupon_id, Number(p.coupon_per_member), 3)).length;
  const done = (await tx.query<{ member_count: number; coupon_count: number; executed_time: string }>(
    `UPDATE mb_operation_plan SET status = 2, member_count = $2, coupon_count = $3, executed_time = now() WHERE plan_id = $1
     RETURNING member_count, coupon_count, to_char(executed_time, 'YYYY-MM-DD HH24:MI:SS') AS executed_time`,
    [planId, fresh.length, coupons],
  )).rows[0];
  const to = [...(p.create_user_id ? [Number(p.create_user_id)] : []), ...(await usersWithPerm(tx, PLAN_LIST))];
  if (tell) await notifyUsersInTx(tx, auth.tenantId, to, {
    businessType: 36, businessId: planId, messageTypeInfo: '运营计划已执行',
    noticeTemplateInfo: `运营计划「${p.plan_name}」已执行：${fresh.length} 位会员获得 ${coupons} 张优惠券`.slice(0, 500),
  });
  return { planId, memberCount: done.member_count, couponCount: done.coupon_count, executedTime: done.executed_time };
}

const planParams = { type: 'object', required: ['planId'], properties: { planId: idField('运营计划') } };

registerCustomRoute('operationPlan.execute', {
  schema: { params: planParams },
  handler: async (req: Req) => {
    const r = await req.tenantTx((tx) => executePlan(tx, req.auth!, Number(req.params.planId))).catch(asCallerError);
    return ok(r, `已执行：${r.memberCount} 位会员获得 ${r.couponCount} 张优惠券`);
  },
});

registerCustomRoute('operationPlan.cancel', {
  schema: { params: planParams },
  handler: async (req: Req) => {
    await req.tenantTx(async (tx) => {
      await draftPlan(tx, Number(req.params.planId));
      await tx.query(`UPDATE mb_operation_plan SET status = 3 WHERE plan_id = $1`, [req.params.planId]);
    }).catch(asCallerError);
    return ok(null, '运营计划已取消');
  },
});

// The creator of a plan: who is told when it runs.
registerAfterWrite('mb-operation-plan', async ({ tx, auth, action, id }) => {
  if (action !== 'create') return;
  await tx.query(`UPDATE mb_operation_plan SET create_user_id = $2, create_user_name = $3 WHERE plan_id = $1`, [id, auth.userId, auth.displayName ?? auth.userName]);
});
