import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField, plainText } from '../../http/fields.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';

/**
 * 平台券 (po-voucher): vouchers sold or given with an order (a group-buy voucher of 美团/抖音/快手, or the shop's
 * own gift voucher), written off (核销) once at a shop. The write-off is a compare-and-set (未核销 -> 已核销): of two
 * cashiers scanning one code at the same moment exactly one succeeds, the other is told when and where it was used.
 */

export const VOUCHER_STATUS = { open: 1, used: 2 } as const;
export const VOUCHER_PLATFORMS: Readonly<Record<number, string>> = { 1: '美团', 2: '抖音', 3: '快手', 4: '本店' };

const COLUMNS = `voucher_id AS "voucherId", voucher_code AS "voucherCode", voucher_name AS "voucherName", platform_type AS "platformType",
  face_amount::float8 AS "faceAmount", to_char(valid_end, 'YYYY-MM-DD') AS "validEnd", order_id AS "orderId", order_no AS "orderNo",
  shop_id AS "shopId", shop_name AS "shopName", member_phone AS "memberPhone", status,
  to_char(writeoff_time, 'YYYY-MM-DD HH24:MI:SS') AS "writeoffTime", writeoff_shop_name AS "writeoffShopName", writeoff_user_name AS "writeoffUserName",
  to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"`;

export interface VoucherIssue {
  voucherCode: string;
  voucherName: string;
  platformType: number;
  faceAmount: number;
  validEnd: string | null;
}

/** Vouchers sold or given with an order (the order's shop and member); a code already issued is refused. */
export async function issueVouchers(tx: Queryable, orderId: number, vouchers: readonly VoucherIssue[]): Promise<void> {
  if (!vouchers.length) return;
  await tx.query(
    `INSERT INTO po_voucher (tenant_id, voucher_code, voucher_name, platform_type, face_amount, valid_end, order_id, order_no, shop_id, shop_name, member_phone, create_time)
     SELECT app_current_tenant(), v.code, v.name, v.platform, v.amount, v.valid_end, o.order_id, o.order_no, o.shop_id, o.shop_name, o.member_phone, o.create_time
       FROM po_order o, unnest($2::text[], $3::text[], $4::int[], $5::numeric[], $6::date[]) AS v(code, name, platform, amount, valid_end)
      WHERE o.order_id = $1`,
    [orderId, vouchers.map((v) => v.voucherCode), vouchers.map((v) => v.voucherName), vouchers.map((v) => v.platformType), vouchers.map((v) => v.faceAmount), vouchers.map((v) => v.validEnd)],
  );
}

/** The vouchers an order sold or gave, with whether each is used. Another shop's order for a shop-bound user is refused. */
export async function orderVouchers(tx: Queryable, auth: AuthContext, orderId: number): Promise<Record<string, unknown>[]> {
  const o = (await tx.query<{ shop_id: number }>(`SELECT shop_id FROM po_order WHERE order_id = $1`, [orderId])).rows[0];
  if (!o) throw new ApiError('NOT_FOUND', '订单不存在');
  if (auth.shopId && auth.shopId !== o.shop_id) throw new ApiError('FORBIDDEN', '只能查看本门店订单的券');
  return (await tx.query(`SELECT ${COLUMNS} FROM po_voucher WHERE order_id = $1 ORDER BY voucher_id`, [orderId])).rows;
}

type VoucherKey = { voucherId?: number | null; voucherCode?: string | null; shopId?: number | null };

/**
 * A voucher that can be written off now, with the shop it would be written off at — else the refusal a cashier reads
 * (unknown in this tenant, used when and where, expired, another shop's register). 核销 and the register's 券 lookup
 * ask the same.
 */
async function usableVoucher(tx: Queryable, auth: AuthContext, key: VoucherKey) {
  const found = await tx.query<{ voucher_id: number; voucher_code: string; status: number; shop_id: number | null; expired: boolean; writeoff_at: string | null; writeoff_shop_name: string | null }>(
    `SELECT voucher_id, voucher_code, status, shop_id, valid_end < current_date AS expired,
            to_char(writeoff_time, 'YYYY-MM-DD HH24:MI:SS') AS writeoff_at, writeoff_shop_name
       FROM po_voucher WHERE ${key.voucherId ? 'voucher_id = $1' : 'voucher_code = $1'}`,
    [key.voucherId ?? key.voucherCode],
  );
  const v = found.rows[0];
  if (!v) throw new ApiError('NOT_FOUND', key.voucherCode ? `券码「${key.voucherCode}」不存在` : '券不存在');
  const usedMsg = (at: string | null, shop: string | null) => `券码 ${v.voucher_code} 已于 ${at ?? ''} 在${shop ?? '其他门店'}核销，不能重复核销`;
  if (Number(v.status) === VOUCHER_STATUS.used) throw new ApiError('CONFLICT', usedMsg(v.writeoff_at, v.writeoff_shop_name));
  if (v.expired) throw new ApiError('BAD_REQUEST', `券码 ${v.voucher_code} 已过期，不能核销`);
  if (auth.shopId && key.shopId && key.shopId !== auth.shopId) throw new ApiError('FORBIDDEN', '本收银设备只能在所属门店核销');
  const shopId = auth.shopId ?? key.shopId ?? v.shop_id;
  const shop = shopId ? (await tx.query<{ shop_id: number; shop_name: string; status: number }>(`SELECT shop_id, shop_name, status FROM shop_base WHERE shop_id = $1`, [shopId])).rows[0] : undefined;
  if (!shop) throw new ApiError('BAD_REQUEST', '核销门店不存在');
  if (Number(shop.status) !== 1) throw new ApiError('BAD_REQUEST', `门店「${shop.shop_name}」已停用，不能核销`);
  return { v, shop, usedMsg };
}

/** What a voucher pays, for the register before it is used: name, platform, face amount, valid until. */
export async function voucherToPay(tx: Queryable, auth: AuthContext, key: VoucherKey): Promise<Record<string, unknown>> {
  const { v } = await usableVoucher(tx, auth, key);
  return (await tx.query(`SELECT ${COLUMNS} FROM po_voucher WHERE voucher_id = $1`, [v.voucher_id])).rows[0];
}

/** 核销: once. The shop written off at: a shop-bound register's own, else the one asked for, else the shop that sold it. */
export async function writeOffVoucher(tx: Queryable, auth: AuthContext, key: VoucherKey): Promise<Record<string, unknown>> {
  const { v, shop, usedMsg } = await usableVoucher(tx, auth, key);
  const done = await tx.query<{ voucher_id: number }>(
    `UPDATE po_voucher SET status = ${VOUCHER_STATUS.used}, writeoff_time = now(), writeoff_shop_id = $2, writeoff_shop_name = $3, writeoff_user_id = $4, writeoff_user_name = $5
      WHERE voucher_id = $1 AND status = ${VOUCHER_STATUS.open} RETURNING voucher_id`,
    [v.voucher_id, shop.shop_id, shop.shop_name, auth.userId, auth.displayName ?? auth.userName],
  );
  if (!done.rows[0]) {
    // Another register took it between the read and the update: tell when and where.
    const now = (await tx.query<{ at: string; shop: string }>(`SELECT to_char(writeoff_time, 'YYYY-MM-DD HH24:MI:SS') AS at, writeoff_shop_name AS shop FROM po_voucher WHERE voucher_id = $1`, [v.voucher_id])).rows[0];
    throw new ApiError('CONFLICT', usedMsg(now?.at ?? null, now?.shop ?? null));
  }
  return (await tx.query(`SELECT ${COLUMNS} FROM po_voucher WHERE voucher_id = $1`, [v.voucher_id])).rows[0];
}

registerCustomRoute('poVoucher.details', {
  schema: { params: { type: 'object', required: ['orderId'], properties: { orderId: idField('订单') } } },
  handler: async (req) => ok(await req.tenantTx((tx) => orderVouchers(tx, req.auth!, (req.params as { orderId: number }).orderId)).catch(asCallerError)),
});

registerCustomRoute('poVoucher.writeoff', {
  schema: {
    body: {
      type: 'object', additionalProperties: false,
      properties: {
        voucherId: { ...idField('券'), type: ['integer', 'null'] },
        voucherCode: { ...plainText('券码', 32, 1), type: ['string', 'null'], pattern: '^[0-9A-Za-z-]+$', 'x-msg': '券码只能是字母、数字和-' },
        shopId: { ...idField('核销门店'), type: ['integer', 'null'] },
      },
    },
  },
  handler: async (req) => {
    const body = (req.body ?? {}) as { voucherId?: number | null; voucherCode?: string | null; shopId?: number | null };
    if (!body.voucherId && !body.voucherCode?.trim()) throw new ApiError('BAD_REQUEST', '请输入券码');
    const key = { ...body, voucherCode: body.voucherCode?.trim() || null };
    return ok(await req.tenantTx((tx) => writeOffVoucher(tx, req.auth!, key)).catch(asCallerError), '核销成功');
  },
});
