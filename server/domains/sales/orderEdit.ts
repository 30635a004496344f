import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField, plainText } from '../../http/fields.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { earnPoints, memberForSale, pointsFor } from '../members/index.ts';
import { lockReasonSql } from './orderPay.ts';
import { readOrder } from './settlement.ts';
import { fenOf } from '../../../core/money.ts';

/**
 * 修改订单信息 (sale/order/edit/info): an order's non-money information corrected while its business day is open,
 * like a payment correction (the order is today's, 已完成, its cashier's shift not handed over): the 导购 who served
 * the customer (salesmanId; null clears it), the remark, and the member when none was entered (memberId: the member
 * then earns the order's points by the consume rule; an order's member is never swapped). Only the fields sent
 * change; each change is a row of po_order_edit_log with the value before and after; a field sent unchanged writes
 * nothing.
 */

export interface OrderEditInput {
  orderId?: number | null;
  orderNo?: string | null;
  salesmanId?: number | null;
  remark?: string | null;
  memberId?: number | null;
}

interface Locked {
  order_id: number;
  order_no: string;
  shop_id: number;
  is_practice: boolean;
  pay_amount: string;
  remark: string | null;
  salesman_id: number | null;
  salesman_name: string | null;
  member_id: number | null;
  member_name: string | null;
  member_phone: string | null;
  locked: string | null;
}

export async function editOrderInfo(tx: Queryable, auth: AuthContext, input: OrderEditInput): Promise<Record<string, unknown>> {
  if (!input.orderId && !input.orderNo) throw new ApiError('BAD_REQUEST', '请指定订单（orderId 或 orderNo）');
  if (!('salesmanId' in input) && !('remark' in input) && !('memberId' in input)) throw new ApiError('BAD_REQUEST', '请填写要修改的信息（导购、备注或会员）');
  const o = (await tx.query<Locked>(
    `SELECT o.order_id, o.order_no, o.shop_id, o.is_practice, o.pay_amount, o.remark, o.salesman_id, o.salesman_name, o.member_id, o.member_name, o.member_phone,
            ${lockReasonSql('修改订单信息')} AS locked
       FROM po_order o WHERE ${input.orderId ? 'o.order_id = $1' : 'o.order_no = $1'} FOR UPDATE OF o`,
    [input.orderId ?? input.orderNo],
  )).rows[0];
  if (!o) throw new ApiError('NOT_FOUND', '订单不存在');
  if (auth.shopId && auth.shopId !== o.shop_id) throw new ApiError('FORBIDDEN', '只能修改本门店的订单');
  if (o.locked) throw new ApiError('CONFLICT', o.locked);
  const changes: { field: string; name: string; from: string | null; to: string | null }[] = [];

  if ('salesmanId' in input) {
    let name: string | null = null;
    if (input.salesmanId) {
      const u = (await tx.query<{ name: string; status: number }>(`SELECT coalesce(nullif(name, ''), user_name) AS name, status FROM sys_user WHERE id = $1`, [input.salesmanId])).rows[0];
      if (!u) throw new ApiError('BAD_REQUEST', '导购不存在');
      if (Number(u.status) !== 1) throw new ApiError('BAD_REQUEST', `导购「${u.name}」已停用`);
      name = u.name;
    }
    if ((input.salesmanId ?? null) !== (o.salesman_id ?? null)) {
      await tx.query(`UPDATE po_order SET salesman_id = $2, salesman_name = $3 WHERE order_id = $1`, [o.order_id, input.salesmanId ?? null, name]);
      changes.push({ field: 'salesman', name: '导购', from: o.salesman_name, to: name });
    }
  }
  if ('remark' in input) {
    const remark = input.remark?.trim() || null;
    if (remark !== (o.remark ?? null)) {
      await tx.query(`UPDATE po_order SET remark = $2 WHERE order_id = $1`, [o.order_id, remark]);
      changes.push({ field: 'remark', name: '备注', from: o.remark, to: remark });
    }
  }
  if ('memberId' in input) {
    if (!input.memberId) throw new ApiError('BAD_REQUEST', '会员不能清空：订单的会员只能补录，不能删除');
    if (o.member_id && o.member_id !== input.memberId) throw new ApiError('CONFLICT', `订单已有会员 ${o.member_name ?? ''}（${o.member_phone ?? ''}），不能更换`);
    if (!o.member_id) {
      const m = await memberForSale(tx, input.memberId, o.is_practice);
      const payFen = fenOf(o.pay_amount);
      const points = pointsFor(payFen, Number(m.points_per_yuan));
      await tx.query(`UPDATE po_order SET member_id = $2, member_phone = $3, member_name = $4, points_earned = $5 WHERE order_id = $1`, [o.order_id, m.member_id, m.phone_number, m.member_name, points]);
      await earnPoints(tx, m.member_id, o.order_id, o.order_no, payFen / 100, points);
      changes.push({ field: 'member', name: '会员', from: null, to: `${m.member_name ?? ''} ${m.phone_number}`.trim() });
    }
  }
  if (changes.length)
    await tx.query(
      `INSERT INTO po_order_edit_log (tenant_id, order_id, order_no, field, field_name, old_value, new_value, user_id, user_name)
       SELECT app_current_tenant(), $1, $2, f, n, a, b, $7, $8 FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) AS x(f, n, a, b)`,
      [o.order_id, o.order_no, changes.map((c) => c.field), changes.map((c) => c.name), changes.map((c) => c.from), changes.map((c) => c.to), auth.userId, auth.displayName ?? auth.userName],
    );
  const sm = (await tx.query<{ salesman_id: number | null; salesman_name: string | null }>(`SELECT salesman_id, salesman_name FROM po_order WHERE order_id = $1`, [o.order_id])).rows[0];
  return { ...(await readOrder(tx, o.order_id)), salesmanId: sm.salesman_id, salesmanName: sm.salesman_name, changed: changes.map((c) => c.name) };
}

registerCustomRoute('order.editInfo', {
  schema: {
    body: {
      type: 'object', additionalProperties: false,
      properties: {
        orderId: { ...idField('订单'), type: ['integer', 'null'] },
        orderNo: { type: ['string', 'null'], title: '订单号', pattern: '^[A-Z]{2}\\d{8}-\\d{4,}$', 'x-msg': '订单号格式不正确' },
        salesmanId: { ...idField('导购'), type: ['integer', 'null'] },
        remark: { ...plainText('备注', 200), type: ['string', 'null'] },
        memberId: { ...idField('会员'), type: ['integer', 'null'] },
      },
    },
  },
  handler: async (req) => {
    const out = await req.tenantTx((tx) => editOrderInfo(tx, req.auth!, (req.body ?? {}) as OrderEditInput)).catch(asCallerError);
    return ok(out, (out.changed as string[]).length ? `已修改：${(out.changed as string[]).join('、')}` : '信息未变化');
  },
});
