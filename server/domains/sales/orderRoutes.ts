import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../context.ts';
import type { Database } from '../../db/index.ts';
import { answerPrint } from '../../printTemplates/answerPrint.ts';
import { receiptPrintData, receiptTemplate } from './receiptPrint.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { dateParam, idField, plainText } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { assertOrderInReach, shopOf } from './registerShop.ts';
import { invalidateOrder, readOrder, refundOrder, settle, type SettlementInput } from './settlement.ts';
import { orderLineRefunds } from './lineRefund.ts';
import { priceRoutes } from './priceRoute.ts';
import { discountRateField } from './lineDiscount.ts';
import { voucherToPay } from './vouchers.ts';

/**
 * The cash register's calls (wxy-order-server): scan a code, settle a sale (settlement and settlementV2, the
 * same rules), the previous order, an order's lines and payments, and the receipt's data. The order list
 * itself is the po-order descriptor (findPage, export).
 */

const tags = ['wxy-order-server'];
const SELL = 'order:retail:sell';
const LIST = 'order:order:list';
const REFUND = 'order:retail:refund';
const ORDER_NO = { type: 'string', title: '订单号', pattern: '^[A-Z]{2}\\d{8}-\\d{4,}$', 'x-msg': '订单号格式不正确' };
export const id = idField;

const settlementBody = {
  type: 'object',
  required: ['uuid', 'shopId', 'lines', 'payments'],
  additionalProperties: false,
  properties: {
    uuid: { type: 'string', title: '订单标识', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', 'x-msg': '订单标识必须是 UUID' },
    shopId: id('门店'),
    isPractice: { type: 'boolean', title: '练习收银' },
    remark: { ...plainText('备注', 200), type: ['string', 'null'] },
    memberId: { ...id('会员'), type: ['integer', 'null'] },
    memberCouponId: { ...id('优惠券'), type: ['integer', 'null'] },
    // A moment with its zone (the register's clock says where it is): checked for calendar by x-date, for its zone here.
    saleTime: {
      ...dateParam('销售时间', 'date-time', { nullable: true, msg: '销售时间（saleTime）须为带时区的时间，如 2026-11-27T23:55:00+08:00' }),
      pattern: '([Zz]|[+-]\\d{2}:\\d{2})$',
    },
    lines: {
      type: 'array', title: '商品', minItems: 1, maxItems: 500,
      items: {
        type: 'object', required: ['skuId', 'quantity'], additionalProperties: false,
        properties: { skuId: id('商品'), quantity: { type: 'integer', minimum: 1, maximum: 9999, title: '数量' }, price: { type: 'number', minimum: 0, maximum: 9999999.99, title: '单价' }, discountRate: discountRateField },
      },
    },
    payments: {
      type: 'array', title: '支付', minItems: 1, maxItems: 10,
      items: {
        type: 'object', required: ['payType', 'amount'], additionalProperties: false,
        properties: {
          payType: { type: 'integer', enum: [1, 2, 3, 4, 5, 6], title: '支付方式' }, amount: { type: 'number', minimum: 0.01, maximum: 9999999.99, title: '支付金额' },
          voucherCode: { ...plainText('券码', 32, 1), type: ['string', 'null'], pattern: '^[0-9A-Za-z-]+$', 'x-msg': '券码只能是字母、数字和-' },
        },
      },
    },
  },
};

/** 作废 (po-order updateInvalidByOrderNo/{orderNo}, a descriptor route so the order list offers it): once; a second call 409. */
registerCustomRoute('order.invalidate', {
  schema: {
    params: { type: 'object', required: ['orderNo'], properties: { orderNo: ORDER_NO } },
    body: { type: ['object', 'null'], additionalProperties: false, properties: { reason: { ...plainText('作废原因', 200), type: ['string', 'null'] } } },
  },
  handler: async (req) => {
    const orderNo = (req.params as { orderNo: string }).orderNo;
    const reason = (req.body as { reason?: string | null } | null)?.reason?.trim() || null;
    return ok(await req.tenantTx((tx) => invalidateOrder(tx, req.auth!, orderNo, reason)).catch(asCallerError), '作废成功');
  },
});

export const orderRoutes = (db: Database, services?: AppServices) => async (app: FastifyInstance) => {
  await priceRoutes(app);

  app.put<{ Body: { orderNo: string; reason?: string | null } }>('/order-pay/refund', {
    config: { perm: REFUND },
    schema: {
      tags,
      summary: '整单退款：商品按出库成本退回门店仓，订单标记已退款；同一订单只能退一次',
      body: { type: 'object', required: ['orderNo'], additionalProperties: false, properties: { orderNo: ORDER_NO, reason: { ...plainText('退款原因', 200), type: ['string', 'null'] } } },
    },
  }, async (req) => ok(await req.tenantTx((tx) => refundOrder(tx, req.auth!, req.body.orderNo, req.body.reason?.trim() || null)).catch(asCallerError), '退款成功'));

  app.post<{ Body: { code: string; shopId: number } }>('/order/scanCode', {
    config: { perm: SELL },
    schema: {
      tags,
      summary: '收银扫码：按条码或 SKU 编码找到在售商品，带零售价和本店可用库存',
      body: { type: 'object', required: ['code', 'shopId'], properties: { code: plainText('条码', 24, 1), shopId: id('门店') } },
    },
  }, async (req) => {
    const code = req.body.code.trim();
    const row = await req
      .tenantTx(async (tx) => {
        const shop = await shopOf(tx, req.auth!, req.body.shopId);
        const r = await tx.query<Record<string, unknown>>(
          `SELECT s.sku_id AS "skuId", s.sku_code AS "skuCode", s.sku_name AS "skuName", s.barcode, s.spec, s.unit, s.retail_price::float8 AS "retailPrice", s.status,
                  coalesce(b.on_hand - b.reserved, 0)::float8 AS available
             FROM pd_sku s LEFT JOIN stock_balance b ON b.sku_id = s.sku_id AND b.wh_id = $2
            WHERE s.barcode = $1 OR s.sku_code = $1 ORDER BY (s.barcode = $1) DESC, s.sku_id LIMIT 1`,
          [code, shop.wh_id],
        );
        return r.rows[0] ? { ...r.rows[0], shopName: shop.shop_name } as Record<string, unknown> : undefined;
      })
      .catch(asCallerError);
    if (!row) throw new ApiError('NOT_FOUND', `未找到条码「${code}」对应的商品`);
    if (Number(row.status) !== 1) throw new ApiError('BAD_REQUEST', `${String(row.skuName)} 已停用，不能销售`);
    return ok(row);
  });

  app.get<{ Params: { code: string }; Querystring: { shopId: number } }>('/order/voucher/:code', {
    config: { perm: SELL },
    schema: {
      tags,
      summary: '收款券支付前查券：券名、平台、面额、有效期；已核销、过期、不存在或非本店收银设备时说明原因',
      params: { type: 'object', required: ['code'], properties: { code: { ...plainText('券码', 32, 1), pattern: '^[0-9A-Za-z-]+$', 'x-msg': '券码只能是字母、数字和-' } } },
      querystring: { type: 'object', required: ['shopId'], properties: { shopId: id('门店') } },
    },
  }, async (req) => ok(await req.tenantTx((tx) => voucherToPay(tx, req.auth!, { voucherCode: req.params.code.trim(), shopId: req.query.shopId })).catch(asCallerError)));

  for (const path of ['/order/settlement', '/order/settlementV2']) {
    app.post<{ Body: SettlementInput }>(path, {
      config: { perm: SELL, shopRefusal: '只能为所属门店收银，不能为门店「{shop}」收银' },
      schema: { tags, summary: '结算：服务端定价、校验支付、扣减门店库存；同一订单标识只结算一次，重发返回第一次的结果', body: settlementBody },
    }, async (req) => ok(await settle(db, req.auth!, req.body, { backdateDays: services?.config.saleBackdateDays }).catch(asCallerError), '结算成功'));
  }

  // 练习收银 and 零售收银 each show their own 上一单: a practice sale is never the real register's previous order.
  app.get<{ Querystring: { shopId: number; isPractice?: boolean } }>('/order/getOrderByBefore', {
    config: { perm: SELL },
    schema: {
      tags, summary: '本收银员在该门店的上一笔订单（isPractice=true 为练习收银的上一笔，默认正式收银）',
      querystring: { type: 'object', required: ['shopId'], properties: { shopId: id('门店'), isPractice: { type: 'boolean', title: '练习模式' } } },
    },
  }, async (req) => {
    const order = await req.tenantTx(async (tx) => {
      const r = await tx.query<{ order_id: number }>(
        `SELECT order_id FROM po_order WHERE shop_id = $1 AND cashier_user_id = $2 AND is_practice = $3 ORDER BY create_time DESC, order_id DESC LIMIT 1`,
        [req.query.shopId, req.auth!.userId, req.query.isPractice === true],
      );
      return r.rows[0] ? readOrder(tx, r.rows[0].order_id) : null;
    });
    return ok(order);
  });

  app.get<{ Params: { id: number } }>('/order/findListDet/:id', {
    config: { perm: LIST },
    schema: { tags, summary: '订单明细与支付：每行已退回数量（returnedQuantity，部分退款与换货退回），部分退款记录（refundList）', params: { type: 'object', required: ['id'], properties: { id: id('订单') } } },
  }, async (req) => ok(await req.tenantTx(async (tx) => ({ ...(await readOrder(tx, req.params.id)), refundList: await orderLineRefunds(tx, req.params.id) }))));

  app.get<{ Params: { orderId: number } }>('/payment-order/list-by-order/:orderId', {
    config: { perm: LIST },
    schema: { tags, summary: '订单的支付记录', params: { type: 'object', required: ['orderId'], properties: { orderId: id('订单') } } },
  }, async (req) => ok(((await req.tenantTx((tx) => readOrder(tx, req.params.orderId))) as { payList: unknown[] }).payList));

  app.get<{ Params: { orderNo: string }; Querystring: { type?: 'pdf' | 'data' } }>('/sale/order/print/:orderNo', {
    config: { perm: SELL },
    schema: {
      tags,
      summary: '小票（按订单号）：不带 type 时为订单数据；type=data 为收银小票模板（打印模板设计中业务类型「收银小票」最新的一个，没有则用默认 58mm 小票）与打印数据，type=pdf 为按模板生成的 PDF',
      params: { type: 'object', required: ['orderNo'], properties: { orderNo: ORDER_NO } },
      querystring: { type: 'object', additionalProperties: false, properties: { type: { type: 'string', enum: ['pdf', 'data'], title: '打印类型' } } },
    },
  }, async (req, reply) => {
    const auth = req.auth!;
    const found = await req.tenantTx(async (tx) => {
      const r = await tx.query<{ order_id: number; shop_id: number; order_no: string }>(`SELECT order_id, shop_id, order_no FROM po_order WHERE order_no = $1`, [req.params.orderNo]);
      if (!r.rows[0]) return null;
      await assertOrderInReach(tx, auth, r.rows[0], '打印小票');
      const order = await readOrder(tx, r.rows[0].order_id);
      return req.query.type ? { order, data: await receiptPrintData(tx, auth, order), tpl: await receiptTemplate(tx) } : { order };
    });
    if (!found) throw new ApiError('NOT_FOUND', '订单不存在');
    if (!found.tpl) return ok(found.order);
    return answerPrint(reply, { kind: req.query.type!, tpl: found.tpl, data: found.data!, title: `收银小票_${req.params.orderNo}`, services, tenantId: auth.tenantId, log: req.log, logContext: { orderNo: req.params.orderNo } });
  });
};
