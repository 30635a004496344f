import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField, plainText } from '../../http/fields.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { shopOf } from './registerShop.ts';
import { SHIFT_ORDERS } from './shiftFigures.ts';

/**
 * Order look-ups of the register and the shift list (wxy-order-server order/...): returnScanCode (a sold item's
 * barcode scanned to find the sales a return or exchange starts from) and findPageByRecord (the orders of one
 * cashier shift). A member's consumption records (findMemberRecordPage) are a plain descriptor page.
 */

/** How far back a return by barcode looks (退换货期限). */
export const RETURN_DAYS = 90;

/** The sales of this shop holding the scanned SKU, newest first: the lines a return or exchange can start from. */
export async function soldLinesByCode(tx: Queryable, auth: AuthContext, input: { code: string; shopId: number; isPractice?: boolean | null }): Promise<Record<string, unknown>> {
  const shop = await shopOf(tx, auth, input.shopId);
  const sku = (await tx.query<{ sku_id: number; sku_name: string }>(
    `SELECT sku_id, sku_name FROM pd_sku WHERE barcode = $1 OR sku_code = $1 ORDER BY (barcode = $1) DESC, sku_id LIMIT 1`, [input.code],
  )).rows[0];
  if (!sku) throw new ApiError('NOT_FOUND', `未找到条码「${input.code}」对应的商品`);
  const lines = await tx.query(
    `SELECT o.order_id AS "orderId", o.order_no AS "orderNo", to_char(o.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime", o.cashier_name AS "cashierName",
            o.member_id AS "memberId", o.member_name AS "memberName", o.member_phone AS "memberPhone",
            d.det_id AS "detId", d.sku_id AS "skuId", d.sku_code AS "skuCode", d.sku_name AS "skuName", d.barcode, d.spec, d.unit,
            d.quantity::float8 AS quantity, d.unit_price::float8 AS "unitPrice", d.amount::float8 AS amount
       FROM po_order_det d JOIN po_order o ON o.order_id = d.order_id
      WHERE d.sku_id = $1 AND o.shop_id = $2 AND o.status IN (1, 4) AND o.is_practice = $3 AND o.create_time >= current_date - $4::int
      ORDER BY o.create_time DESC, o.order_id DESC LIMIT 50`,
    [sku.sku_id, shop.shop_id, Boolean(input.isPractice), RETURN_DAYS],
  );
  if (!lines.rows.length) throw new ApiError('NOT_FOUND', `本店近${RETURN_DAYS}天没有售出「${sku.sku_name}」的有效订单，不能按此条码退换货`);
  return { skuId: sku.sku_id, skuName: sku.sku_name, shopId: shop.shop_id, shopName: shop.shop_name, records: lines.rows };
}

/** The orders one cashier shift sold (its cashier, shop and mode, while it was open), newest first. */
export async function shiftOrdersPage(tx: Queryable, auth: AuthContext, classId: number, pageNum: number, pageSize: number) {
  const c = (await tx.query<{ shop_id: number }>(`SELECT shop_id FROM shop_class_record WHERE class_id = $1`, [classId])).rows[0];
  if (!c) throw new ApiError('NOT_FOUND', '收银班次不存在');
  if (auth.shopId && auth.shopId !== c.shop_id) throw new ApiError('FORBIDDEN', '只能查看本门店的收银班次');
  const r = await tx.query<Record<string, unknown> & { total: string }>(
    `WITH ${SHIFT_ORDERS}
     SELECT o.order_id AS "orderId", o.order_no AS "orderNo", o.status, o.total_quantity::float8 AS "totalQuantity", o.total_amount::float8 AS "totalAmount",
            o.pay_amount::float8 AS "payAmount", o.paid_amount::float8 AS "paidAmount", o.change_amount::float8 AS "changeAmount", o.refund_amount::float8 AS "refundAmount",
            o.member_name AS "memberName", o.member_phone AS "memberPhone", o.cashier_name AS "cashierName",
            to_char(o.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime", count(*) OVER () AS total
       FROM sold JOIN po_order o ON o.order_id = sold.order_id
      ORDER BY o.create_time DESC, o.order_id DESC LIMIT $2 OFFSET $3`,
    [classId, pageSize, (pageNum - 1) * pageSize],
  );
  const total = r.rows[0] ? Number(r.rows[0].total) : 0;
  return { records: r.rows.map(({ total: _t, ...row }) => row), total };
}

registerCustomRoute('order.returnScanCode', {
  schema: {
    body: {
      type: 'object', required: ['code', 'shopId'], additionalProperties: false,
      properties: { code: plainText('条码', 24, 1), shopId: idField('门店'), isPractice: { type: ['boolean', 'null'], title: '练习收银' } },
    },
  },
  handler: async (req) => {
    const body = req.body as { code: string; shopId: number; isPractice?: boolean | null };
    const code = body.code.trim();
    if (!code) throw new ApiError('BAD_REQUEST', '请扫描或输入条码');
    return ok(await req.tenantTx((tx) => soldLinesByCode(tx, req.auth!, { ...body, code })).catch(asCallerError));
  },
});

registerCustomRoute('order.findPageByRecord', {
  schema: {
    params: {
      type: 'object', required: ['pageNum', 'pageSize'],
      properties: { pageNum: { type: 'integer', minimum: 1, maximum: 100000, title: '页码' }, pageSize: { type: 'integer', minimum: 1, maximum: 1000, title: '每页条数' } },
    },
    body: { type: 'object', required: ['classId'], additionalProperties: false, properties: { classId: idField('收银班次') } },
  },
  handler: async (req) => {
    const { pageNum, pageSize } = req.params as { pageNum: number; pageSize: number };
    const { classId } = req.body as { classId: number };
    return ok(await req.tenantTx((tx) => shiftOrdersPage(tx, req.auth!, classId, pageNum, pageSize)).catch(asCallerError));
  },
});
