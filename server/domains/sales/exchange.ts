import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import { ApiError } from '../../errors.ts';
import { earlierRequest, requestDigest } from '../../http/idempotency.ts';
import { ok } from '../../http/envelope.ts';
import { idField, plainText } from '../../http/fields.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { postStock } from '../stock/index.ts';
import { assertShopTakes, PAY_TYPES, settlePayments, type Payment } from './pricing.ts';
import { shopOf } from './registerShop.ts';
import { ORDER_STATUS } from './saleDocument.ts';
import { fenOf, toYuan, yuanText } from '../../../core/money.ts';

/**
 * 换货 (order/exchange): some lines of a paid order come back and replacement SKUs go out, in one transaction,
 * once per client uuid (a retried or doubled call answers the first exchange). The order row is locked first, so
 * two registers exchanging lines of one order take turns and neither can return more than was sold.
 *
 * - What comes back is valued at its share of what the customer paid for the order: the line's amount after its
 *   own promotion, scaled by the order's payable over its lines' net (so an order-level 满减 or coupon is shared
 *   out), rounded down to the fen — an exchange never pays back more than the order took.
 * - What goes out is priced at the SKU's retail price.
 * - The difference is paid (payments covering it; only cash gives change) or paid back by the method named.
 * - Stock: returned lines go back into the warehouse they left at the cost they left at; replacements leave the
 *   shop's warehouse (409 naming the SKU when short). doc_type 'exchange'.
 * - Refused: another tenant's order (404), a refunded or invalidated order, a practice order, a line of another
 *   order, more than is left to return. An order with an exchange can no longer be refunded or invalidated whole.
 */

export interface ExchangeInput {
  uuid: string;
  orderNo: string;
  returnLines: { detId: number; quantity: number }[];
  giveLines: { skuId: number; quantity: number }[];
  payments?: Payment[] | null;
  refundPayType?: number | null;
  reason?: string | null;
  /** true: only price it (试算) — what comes back, what goes out and the difference; nothing is written. */
  preview?: boolean | null;
}

interface OrderLine {
  det_id: number;
  sku_id: number;
  sku_code: string;
  sku_name: string;
  barcode: string | null;
  spec: string | null;
  unit: string | null;
  quantity: string;
  returned_quantity: string;
  amount: string;
  promotion_amount: string;
  unit_cost: string;
}

export async function exchangeOrder(tx: Queryable, auth: AuthContext, input: ExchangeInput): Promise<Record<string, unknown>> {
  const o = (await tx.query<{ order_id: number; order_no: string; status: number; shop_id: number; wh_id: number | null; is_practice: boolean; pay_amount: string; member_id: number | null; member_name: string | null; member_phone: string | null }>(
    `SELECT order_id, order_no, status, shop_id, wh_id, is_practice, pay_amount, member_id, member_name, member_phone FROM po_order WHERE order_no = $1 FOR UPDATE`,
    [input.orderNo],
  )).rows[0];
  if (!o) throw new ApiError('NOT_FOUND', `订单 ${input.orderNo} 不存在`);
  // A duplicate of this uuid waited for the order's lock: it answers the first exchange; another exchange under it is a 409.
  const digest = requestDigest({ orderNo: input.orderNo, returnLines: input.returnLines, giveLines: input.giveLines, payments: input.payments, refundPayType: input.refundPayType });
  const earlier = await earlierRequest(tx, { table: 'po_order_exchange', idColumn: 'exchange_id', title: '换货标识', what: '换货' }, input.uuid, digest);
  if (earlier) return readExchange(tx, earlier);
  if (auth.shopId && auth.shopId !== o.shop_id) throw new ApiError('FORBIDDEN', '本收银设备只能为所属门店的订单换货');
  if (Number(o.status) === ORDER_STATUS.refunded) throw new ApiError('CONFLICT', `订单 ${o.order_no} 已退款，不能换货`);
  if (Number(o.status) === ORDER_STATUS.invalid) throw new ApiError('CONFLICT', `订单 ${o.order_no} 已作废，不能换货`);
  if (o.is_practice) throw new ApiError('BAD_REQUEST', '练习订单不能换货');
  if (!o.wh_id) throw new ApiError('BAD_REQUEST', '该订单没有出库仓库，不能换货');
  const shop = await shopOf(tx, auth, o.shop_id);

  const lines = (await tx.query<OrderLine>(
    `SELECT det_id, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, returned_quantity, amount, promotion_amount, unit_cost FROM po_order_det WHERE order_id = $1 ORDER BY line_no`,
    [o.order_id],
  )).rows;
  const byId = new Map(lines.map((l) => [Number(l.det_id), l]));
  const netOf = (l: OrderLine) => BigInt(fenOf(l.amount) - fenOf(l.promotion_amount));
  const orderNet = lines.reduce((a, l) => a + netOf(l), 0n);
  const payFen = BigInt(fenOf(o.pay_amount));
  const seen = new Set<number>();
  const back = input.returnLines.map((r, i) => {
    const l = byId.get(r.detId);
    if (!l) throw new ApiError('BAD_REQUEST', `退回第${i + 1}行：不是订单 ${o.order_no} 的商品`);
    if (seen.has(r.detId)) throw new ApiError('BAD_REQUEST', `退回第${i + 1}行：${l.sku_name} 重复`);
    seen.add(r.detId);
    const left = Number(l.quantity) - Number(l.returned_quantity);
    if (r.quantity > left) throw new ApiError('CONFLICT', left > 0 ? `${l.sku_name} 最多还能退 ${left} 件（已售 ${Number(l.quantity)}，已退 ${Number(l.returned_quantity)}）` : `${l.sku_name} 已全部退回，不能再换`);
    // Its share of what was paid, rounded down to the fen.
    const fen = orderNet > 0n ? Number((payFen * netOf(l) * BigInt(r.quantity)) / (orderNet * BigInt(Math.round(Number(l.quantity))))) : 0;
    return { line: l, quantity: r.quantity, fen };
  });
  const skus = new Map((await tx.query<{ sku_id: number; sku_name: string; retail_price: string; status: number }>(
    `SELECT sku_id, sku_name, retail_price, status FROM pd_sku WHERE sku_id = ANY($1::int[])`, [input.giveLines.map((g) => g.skuId)],
  )).rows.map((s) => [Number(s.sku_id), s]));
  const given = new Set<number>();
  const out = input.giveLines.map((g, i) => {
    const s = skus.get(g.skuId);
    if (!s || Number(s.status) !== 1) throw new ApiError('BAD_REQUEST', `换出第${i + 1}行：商品不存在或已停用`);
    if (given.has(g.skuId)) throw new ApiError('BAD_REQUEST', `换出第${i + 1}行：${s.sku_name} 重复`);
    given.add(g.skuId);
    return { skuId: g.skuId, quantity: g.quantity, priceFen: fenOf(s.retail_price), fen: fenOf(s.retail_price) * g.quantity };
  });
  const returnFen = back.reduce((a, b) => a + b.fen, 0);
  const giveFen = out.reduce((a, g) => a + g.fen, 0);
  const diffFen = giveFen - returnFen;
  if (input.preview)
    return {
      orderNo: o.order_no, returnAmount: toYuan(returnFen), giveAmount: toYuan(giveFen), diffAmount: toYuan(diffFen),
      returnList: back.map((b) => ({ detId: b.line.det_id, skuId: b.line.sku_id, skuName: b.line.sku_name, quantity: b.quantity, amount: toYuan(b.fen) })),
      giveList: out.map((g) => ({ skuId: g.skuId, skuName: skus.get(g.skuId)!.sku_name, quantity: g.quantity, unitPrice: toYuan(g.priceFen), amount: toYuan(g.fen) })),
    };
  let paidFen = 0;
  let changeFen = 0;
  let pays: Payment[] = [];
  if (diffFen > 0) {
    pays = input.payments ?? [];
    if (!pays.length) throw new ApiError('BAD_REQUEST', `换出商品比退回商品贵 ${yuanText(diffFen)} 元，请收取差价（payments）`);
    assertShopTakes(shop.pay_types.map(Number), pays);
    ({ paidFen, changeFen } = settlePayments(diffFen, pays));
  } else if (diffFen < 0) {
    const t = input.refundPayType;
    if (!t || !PAY_TYPES[t] || t === 5 || t === 6) throw new ApiError('BAD_REQUEST', `需退还顾客差价 ${yuanText(-diffFen)} 元，请选择退款方式（refundPayType：现金、银行卡、微信或支付宝）`);
    assertShopTakes(shop.pay_types.map(Number), [{ payType: t, amount: toYuan(-diffFen) }]);
    pays = [{ payType: t, amount: -toYuan(-diffFen) }];
    paidFen = diffFen;
  }

  const no = await nextDocNo(tx, auth.tenantId, 'HH');
  const inserted = (await tx.query<{ exchange_id: number }>(
    `INSERT INTO po_order_exchange (tenant_id, exchange_no, client_uuid, order_id, order_no, shop_id, shop_name, wh_id, member_id, member_name, member_phone,
                                    return_quantity, give_quantity, return_amount, give_amount, diff_amount, paid_amount, change_amount, reason, user_id, user_name, request_digest)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
     ON CONFLICT (tenant_id, client_uuid) DO NOTHING RETURNING exchange_id`,
    [no, input.uuid, o.order_id, o.order_no, shop.shop_id, shop.shop_name, shop.wh_id, o.member_id, o.member_name, o.member_phone,
      back.reduce((a, b) => a + b.quantity, 0), out.reduce((a, g) => a + g.quantity, 0), toYuan(returnFen), toYuan(giveFen), toYuan(diffFen), toYuan(paidFen), toYuan(changeFen),
      input.reason?.trim() || null, auth.userId, auth.displayName ?? auth.userName, digest],
  )).rows[0];
  if (!inserted) throw new ApiError('CONFLICT', '该换货标识已被另一笔换货使用，请刷新后重试');
  const id = inserted.exchange_id;
  for (const b of back) {
    const r = await tx.query(`UPDATE po_order_det SET returned_quantity = returned_quantity + $2 WHERE det_id = $1 AND returned_quantity + $2 <= quantity`, [b.line.det_id, b.quantity]);
    if (!r.rowCount) throw new ApiError('CONFLICT', `${b.line.sku_name} 可退数量已变更，请刷新后重试`);
  }
  const rows = await tx.query<{ det_id: number; direction: number; order_det_id: number | null; sku_id: number; quantity: string; unit_cost: string }>(
    `INSERT INTO po_order_exchange_det (tenant_id, exchange_id, line_no, direction, order_det_id, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, unit_price, amount, unit_cost)
     SELECT app_current_tenant(), $1, x.n, x.dir, x.odet, s.sku_id, s.sku_code, s.sku_name, s.barcode, s.spec, s.unit, x.q, x.p, x.a, x.c
       FROM unnest($2::smallint[], $3::int[], $4::int[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[]) WITH ORDINALITY AS x(dir, odet, sku, q, p, a, c, n)
       JOIN pd_sku s ON s.sku_id = x.sku
      ORDER BY x.n
     RETURNING det_id, direction, order_det_id, sku_id, quantity, unit_cost`,
    [id,
      [...back.map(() => 1), ...out.map(() => 2)],
      [...back.map((b) => b.line.det_id), ...out.map(() => null)],
      [...back.map((b) => b.line.sku_id), ...out.map((g) => g.skuId)],
      [...back.map((b) => b.quantity), ...out.map((g) => g.quantity)],
      [...back.map((b) => Math.round(b.fen / b.quantity) / 100), ...out.map((g) => toYuan(g.priceFen))],
      [...back.map((b) => toYuan(b.fen)), ...out.map((g) => toYuan(g.fen))],
      [...back.map((b) => b.line.unit_cost), ...out.map(() => 0)]],
  );
  if (pays.length)
    await tx.query(`INSERT INTO po_order_exchange_pay (tenant_id, exchange_id, pay_type, amount) SELECT app_current_tenant(), $1, t, a FROM unnest($2::int[], $3::numeric[]) AS p(t, a)`,
      [id, pays.map((p) => p.payType), pays.map((p) => p.amount)]);
  await postStock(tx, auth, { docType: 'exchange', docId: id, docNo: no }, rows.rows.map((r) => Number(r.direction) === 1
    ? { whId: o.wh_id!, skuId: r.sku_id, qty: Number(r.quantity), unitCost: Number(r.unit_cost), lineId: r.det_id, lotFrom: { docType: 'sale', docId: o.order_id, lineId: Number(r.order_det_id) } }
    : { whId: shop.wh_id, skuId: r.sku_id, qty: -Number(r.quantity), lineId: r.det_id }));
  await tx.query(
    `UPDATE po_order_exchange_det d SET unit_cost = l.unit_cost FROM stock_ledger l WHERE l.doc_type = 'exchange' AND l.doc_id = $1 AND l.line_id = d.det_id AND d.exchange_id = $1 AND d.direction = 2`,
    [id],
  );
  return readExchange(tx, id);
}

const HEADER = `e.exchange_id AS "exchangeId", e.exchange_no AS "exchangeNo", e.order_id AS "orderId", e.order_no AS "orderNo", e.shop_id AS "shopId", e.shop_name AS "shopName",
  e.member_id AS "memberId", e.member_name AS "memberName", e.member_phone AS "memberPhone", e.return_quantity::float8 AS "returnQuantity", e.give_quantity::float8 AS "giveQuantity",
  e.return_amount::float8 AS "returnAmount", e.give_amount::float8 AS "giveAmount", e.diff_amount::float8 AS "diffAmount", e.paid_amount::float8 AS "paidAmount",
  e.change_amount::float8 AS "changeAmount", e.reason, e.user_name AS "userName", to_char(e.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime", e.write_off_no AS "writeOffNo"`;

/** An exchange with the lines that came back (returnList), the ones that went out (giveList) and the difference's payments. */
export async function readExchange(tx: Queryable, id: number): Promise<Record<string, unknown>> {
  const h = (await tx.query(`SELECT ${HEADER} FROM po_order_exchange e WHERE e.exchange_id = $1`, [id])).rows[0];
  if (!h) throw new ApiError('NOT_FOUND', '换货记录不存在');
  const lines = (await tx.query<Record<string, unknown>>(
    `SELECT det_id AS "detId", line_no AS "lineNo", direction, order_det_id AS "orderDetId", sku_id AS "skuId", sku_code AS "skuCode", sku_name AS "skuName", barcode, spec, unit,
            quantity::float8 AS quantity, unit_price::float8 AS "unitPrice", amount::float8 AS amount, damaged
       FROM po_order_exchange_det WHERE exchange_id = $1 ORDER BY line_no`,
    [id],
  )).rows;
  const pays = (await tx.query(`SELECT pay_id AS "payId", pay_type AS "payType", amount::float8 AS amount FROM po_order_exchange_pay WHERE exchange_id = $1 ORDER BY pay_id`, [id])).rows;
  return { ...h, returnList: lines.filter((l) => Number(l.direction) === 1), giveList: lines.filter((l) => Number(l.direction) === 2), payList: pays };
}

const uuidField = { type: 'string', title: '换货标识', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', 'x-msg': '换货标识必须是 UUID' };

registerCustomRoute('order.exchange', {
  schema: {
    body: {
      type: 'object', required: ['uuid', 'orderNo', 'returnLines', 'giveLines'], additionalProperties: false,
      properties: {
        uuid: uuidField,
        orderNo: { type: 'string', title: '订单号', pattern: '^[A-Z]{2}\\d{8}-\\d{4,}$', 'x-msg': '订单号格式不正确' },
        returnLines: {
          type: 'array', title: '退回商品', minItems: 1, maxItems: 200,
          items: { type: 'object', required: ['detId', 'quantity'], additionalProperties: false, properties: { detId: idField('订单明细'), quantity: { type: 'integer', minimum: 1, maximum: 9999, title: '退回数量' } } },
        },
        giveLines: {
          type: 'array', title: '换出商品', minItems: 1, maxItems: 200,
          items: { type: 'object', required: ['skuId', 'quantity'], additionalProperties: false, properties: { skuId: idField('商品'), quantity: { type: 'integer', minimum: 1, maximum: 9999, title: '换出数量' } } },
        },
        payments: {
          type: ['array', 'null'], title: '补差价支付', maxItems: 10,
          items: {
            type: 'object', required: ['payType', 'amount'], additionalProperties: false,
            properties: { payType: { type: 'integer', enum: [1, 2, 3, 4], title: '支付方式' }, amount: { type: 'number', minimum: 0.01, maximum: 9999999.99, title: '支付金额' } },
          },
        },
        refundPayType: { type: ['integer', 'null'], enum: [1, 2, 3, 4, null], title: '退差价方式' },
        reason: { ...plainText('换货原因', 200), type: ['string', 'null'] },
        preview: { type: ['boolean', 'null'], title: '仅试算' },
      },
    },
  },
  handler: async (req) => {
    const input = req.body as unknown as ExchangeInput;
    return ok(await req.tenantTx((tx) => exchangeOrder(tx, req.auth!, input)).catch(asCallerError), input.preview ? '试算成功' : '换货成功');
  },
});

registerCustomRoute('order.findListByExchangeDet', {
  schema: { params: { type: 'object', required: ['id'], properties: { id: idField('换货记录') } } },
  handler: async (req) => {
    const id = (req.params as { id: number }).id;
    return ok(await req.tenantTx(async (tx) => {
      const x = await readExchange(tx, id);
      if (req.auth!.shopId && req.auth!.shopId !== x.shopId) throw new ApiError('FORBIDDEN', '只能查看本门店的换货记录');
      return x;
    }).catch(asCallerError));
  },
});
