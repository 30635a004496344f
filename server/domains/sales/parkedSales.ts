import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { plainText } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { memberForSale } from '../members/index.ts';
import { id } from './orderRoutes.ts';
import { shopOf } from './registerShop.ts';
import { assertMayDiscount, discountRateField } from './lineDiscount.ts';
import { mergeLine, type MergedLine } from './pricing.ts';
import { fenOf } from '../../../core/money.ts';

/**
 * 挂单 / 取单: a sale in progress parked (temp/save) and taken back once (takeOrderDet/{id}: the cart with today's
 * prices and stock, each line's 单品折扣, and the member; the parked row is gone in the same transaction, so two
 * registers cannot both take it), or thrown away (deleteById/{id}). A shop parks at most MAX_PARKED sales per mode
 * (practice apart). A line discount is checked as settlement checks it (range, one decimal, 单品折扣 permission).
 */

const tags = ['wxy-order-server'];
const SELL = 'order:retail:sell';
export const MAX_PARKED = 20;

interface ParkBody {
  shopId: number;
  isPractice?: boolean;
  memberId?: number | null;
  remark?: string | null;
  lines: { skuId: number; quantity: number; discountRate?: number | null }[];
}

const parkBody = {
  type: 'object', required: ['shopId', 'lines'], additionalProperties: false,
  properties: {
    shopId: id('门店'),
    isPractice: { type: 'boolean', title: '练习收银' },
    memberId: { ...id('会员'), type: ['integer', 'null'] },
    remark: { ...plainText('备注', 200), type: ['string', 'null'] },
    lines: {
      type: 'array', title: '商品', minItems: 1, maxItems: 500,
      items: { type: 'object', required: ['skuId', 'quantity'], additionalProperties: false, properties: { skuId: id('商品'), quantity: { type: 'integer', minimum: 1, maximum: 9999, title: '数量' }, discountRate: discountRateField } },
    },
  },
};

async function park(tx: Queryable, auth: AuthContext, b: ParkBody) {
  const shop = await shopOf(tx, auth, b.shopId);
  const practice = Boolean(b.isPractice);
  if (b.memberId) await memberForSale(tx, b.memberId, practice);
  const skus = await tx.query<{ sku_id: number; sku_name: string; retail_price: string }>(`SELECT sku_id, sku_name, retail_price FROM pd_sku WHERE sku_id = ANY($1::int[])`, [[...new Set(b.lines.map((l) => l.skuId))]]);
  const sku = new Map(skus.rows.map((s) => [s.sku_id, s]));
  if (b.lines.some((l) => !sku.has(l.skuId))) throw new ApiError('BAD_REQUEST', '商品不存在');
  // Merged per SKU as settlement merges them: a bad discount is a 400 naming the line, one without 单品折扣 a 403.
  const merged = new Map<number, MergedLine>();
  b.lines.forEach((l, i) => mergeLine(merged, l, i, sku.get(l.skuId)!.sku_name));
  if ([...merged.values()].some((l) => l.percent !== undefined)) await assertMayDiscount(tx, auth);
  // One parked sale at a time per shop: the count below cannot be raced past the limit.
  await tx.query(`SELECT 1 FROM shop_base WHERE shop_id = $1 FOR NO KEY UPDATE`, [shop.shop_id]);
  const n = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM po_order_temp WHERE shop_id = $1 AND is_practice = $2`, [shop.shop_id, practice])).rows[0].n;
  if (n >= MAX_PARKED) throw new ApiError('BAD_REQUEST', `本店已有 ${n} 笔挂单，请先取单或删除后再挂单`);
  const lines = [...merged.values()].map((l) => ({ skuId: l.skuId, quantity: l.quantity, ...(l.percent !== undefined ? { discountRate: l.percent / 10 } : {}) }));
  // 金额 at retail prices, as the register's cart shows it before the server's pricing (discounts and promotions).
  const totalFen = lines.reduce((a, l) => a + fenOf(sku.get(l.skuId)!.retail_price) * l.quantity, 0);
  const r = await tx.query<{ temp_id: number }>(
    `INSERT INTO po_order_temp (tenant_id, shop_id, shop_name, is_practice, member_id, lines, total_quantity, total_amount, remark, cashier_user_id, cashier_name)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING temp_id`,
    [shop.shop_id, shop.shop_name, practice, b.memberId ?? null, JSON.stringify(lines), lines.reduce((a, l) => a + l.quantity, 0), totalFen / 100,
      b.remark ?? null, auth.userId, auth.displayName ?? auth.userName],
  );
  return r.rows[0].temp_id;
}

const LIST_SQL = `
  SELECT t.temp_id AS id, t.shop_id AS "shopId", t.shop_name AS "shopName", t.is_practice AS "isPractice", t.total_quantity AS "totalQuantity",
         t.total_amount::float8 AS "totalAmount", t.remark, t.cashier_name AS "cashierName", to_char(t.create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime",
         t.member_id AS "memberId", m.phone_number AS "memberPhone", m.member_name AS "memberName",
         EXISTS (SELECT 1 FROM jsonb_array_elements(t.lines) e WHERE e ? 'discountRate') AS discounted
    FROM po_order_temp t LEFT JOIN mb_base_info m ON m.member_id = t.member_id`;

/** A parked sale with its lines at today's price and the shop's stock now, and its member. */
async function parkedCart(tx: Queryable, auth: AuthContext, tempId: number, lock: boolean) {
  const t = (await tx.query<Record<string, unknown> & { shopId: number }>(`${LIST_SQL} WHERE t.temp_id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [tempId])).rows[0];
  if (!t) throw new ApiError('NOT_FOUND', '挂单不存在或已被取走');
  const shop = await shopOf(tx, auth, t.shopId);
  const lines = await tx.query(
    `SELECT s.sku_id AS "skuId", s.sku_code AS "skuCode", s.sku_name AS "skuName", s.barcode, s.spec, s.unit, s.retail_price::float8 AS "retailPrice", s.status,
            l.quantity, l."discountRate"::float8 AS "discountRate", coalesce(b.on_hand - b.reserved, 0)::float8 AS available
       FROM po_order_temp t CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(t.lines) AS ("skuId" int, quantity int, "discountRate" numeric)) WITH ORDINALITY AS l("skuId", quantity, "discountRate", n)
       JOIN pd_sku s ON s.sku_id = l."skuId" LEFT JOIN stock_balance b ON b.sku_id = s.sku_id AND b.wh_id = $2
      WHERE t.temp_id = $1 ORDER BY l.n`,
    [tempId, shop.wh_id],
  );
  const member = t.memberId
    ? (await tx.query(`SELECT member_id AS "memberId", phone_number AS "phoneNumber", member_name AS "memberName", member_level AS "memberLevel", points FROM mb_base_info WHERE member_id = $1`, [t.memberId])).rows[0] ?? null
    : null;
  return { ...t, member, detList: lines.rows };
}

export const parkedSaleRoutes = async (app: FastifyInstance) => {
  app.post<{ Body: ParkBody }>('/order/temp/save', {
    config: { perm: SELL },
    schema: { tags, summary: `挂单：保存收银中的商品（含单品折扣）和会员，收银台可先为下一位顾客收银；每店最多 ${MAX_PARKED} 笔`, body: parkBody },
  }, async (req) => {
    const tempId = await req.tenantTx((tx) => park(tx, req.auth!, req.body)).catch(asCallerError);
    return ok({ id: tempId }, '已挂单');
  });

  app.get<{ Querystring: { shopId: number; isPractice?: boolean } }>('/order/temp/list', {
    config: { perm: SELL },
    schema: {
      tags, summary: '本店的挂单（新的在前）',
      querystring: { type: 'object', required: ['shopId'], properties: { shopId: id('门店'), isPractice: { type: 'boolean', title: '练习收银' } } },
    },
  }, async (req) => {
    const rows = await req.tenantTx(async (tx) => {
      await shopOf(tx, req.auth!, req.query.shopId);
      return (await tx.query(`${LIST_SQL} WHERE t.shop_id = $1 AND t.is_practice = $2 ORDER BY t.temp_id DESC`, [req.query.shopId, Boolean(req.query.isPractice)])).rows;
    }).catch(asCallerError);
    return ok(rows);
  });

  app.get<{ Params: { id: number } }>('/order/getPdInfo/:id', {
    config: { perm: SELL },
    schema: { tags, summary: '查看挂单的商品（今日价格和本店库存），不取走', params: { type: 'object', required: ['id'], properties: { id: id('挂单') } } },
  }, async (req) => ok(await req.tenantTx((tx) => parkedCart(tx, req.auth!, req.params.id, false)).catch(asCallerError)));

  app.get<{ Params: { id: number } }>('/order/takeOrderDet/:id', {
    config: { perm: SELL },
    schema: { tags, summary: '取单：取回挂单的商品（含单品折扣）和会员继续收银；挂单随即删除，只能取一次', params: { type: 'object', required: ['id'], properties: { id: id('挂单') } } },
  }, async (req) => {
    const cart = await req.tenantTx(async (tx) => {
      const c = await parkedCart(tx, req.auth!, req.params.id, true);
      await tx.query(`DELETE FROM po_order_temp WHERE temp_id = $1`, [req.params.id]);
      return c;
    }).catch(asCallerError);
    return ok(cart, '已取单');
  });

  app.delete<{ Params: { id: number } }>('/order/deleteById/:id', {
    config: { perm: SELL },
    schema: { tags, summary: '删除挂单', params: { type: 'object', required: ['id'], properties: { id: id('挂单') } } },
  }, async (req) => {
    await req.tenantTx(async (tx) => {
      const t = (await tx.query<{ shop_id: number }>(`DELETE FROM po_order_temp WHERE temp_id = $1 RETURNING shop_id`, [req.params.id])).rows[0];
      if (!t) throw new ApiError('NOT_FOUND', '挂单不存在或已被取走');
      if (req.auth!.shopId && req.auth!.shopId !== t.shop_id) throw new ApiError('FORBIDDEN', '本收银设备只能删除所属门店的挂单');
    }).catch(asCallerError);
    return ok(null, '挂单已删除');
  });
};
