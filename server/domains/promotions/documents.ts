import type { Queryable } from '../../db/index.ts';
import type { DocActionContext } from '../../documents/registry.ts';
import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { notifyConfirmers } from '../../messages/notifyPermHolders.ts';
import { PROMOTION_TYPES } from '../../../core/pricing/promotions.ts';
import { fenOf, yuanText } from '../../../core/money.ts';

/**
 * 价格促销 (po-promotion), a document:
 *
 *   草稿 (1) --submit--> 待审核 (2) --audit--> 已生效 (3) --stop--> 已停止 (4)
 *                        <--reject--
 *
 * Saving checks the rules of its type (promotion.save); submitting tells whoever may audit (notice 7 特价, 14 折扣,
 * 35 满减, 34 买赠, opening promotionDetail); submitting and auditing refuse a 特价 of a SKU that another 特价 of
 * an overlapping shop and period already prices (the register could not tell which one the chain meant); a
 * member-only 特价 (会员价) and an everyone 特价 may overlap: a member gets the lower one. A promotion is for every
 * shop or for the shops chosen (适用门店, several allowed); shops overlap when they share one.
 */

export const NOTICE_OF_TYPE: Readonly<Record<number, number>> = { 1: 7, 2: 14, 3: 35, 4: 34 };
export const PROMOTION_STATUS = { draft: 1, submitted: 2, active: 3, stopped: 4 } as const;
const AUDIT = 'promotion:audit';
const has = (v: unknown) => v !== null && v !== undefined && v !== '';

registerDocFn('promotion.save', async ({ tx, id, header, lines }) => {
  const type = Number(header.promotionType);
  if (String(header.endTime) <= String(header.beginTime)) throw new ApiError('BAD_REQUEST', '结束时间必须晚于开始时间');
  const shops = await chosenShops(tx, header.shopIds);
  const prices = new Map((await tx.query<{ sku_id: number; retail_price: string }>(`SELECT sku_id, retail_price FROM pd_sku WHERE sku_id = ANY($1::int[])`, [lines.map((l) => Number(l.skuId))])).rows.map((r) => [r.sku_id, fenOf(r.retail_price)]));
  const kind = PROMOTION_TYPES[type];
  if (type !== 3 && !lines.length) throw new ApiError('BAD_REQUEST', `${kind}促销至少选择一个商品`);
  if (type === 3 && lines.length) throw new ApiError('BAD_REQUEST', '满减促销按整单金额计算，不选择商品');
  lines.forEach((l, i) => {
    const row = `第${i + 1}行：${String(l.skuName)}`;
    if (type === 1) {
      if (!has(l.specialPrice)) throw new ApiError('BAD_REQUEST', `${row} 请填写特价`);
      const retail = prices.get(Number(l.skuId)) ?? 0;
      if (fenOf(l.specialPrice) >= retail) throw new ApiError('BAD_REQUEST', `${row} 特价 ${yuanText(fenOf(l.specialPrice))} 必须低于零售价 ${yuanText(retail)}`);
    }
    if (type === 2 && (!has(l.discount) || Number(l.discount) < 0.1 || Number(l.discount) > 9.9)) throw new ApiError('BAD_REQUEST', `${row} 折扣须在 0.1 到 9.9 折之间`);
    if (type === 4 && !has(l.buyQuantity)) throw new ApiError('BAD_REQUEST', `${row} 请填写满件数`);
  });
  if (type === 3) {
    const tiers = [1, 2, 3].map((n) => ({ n, t: header[`threshold${n}`], r: header[`reduce${n}`] })).filter((x) => has(x.t) || has(x.r));
    if (!tiers.length || tiers[0].n !== 1) throw new ApiError('BAD_REQUEST', '满减促销请填写第一档的满额和减额');
    let last = 0;
    for (const x of tiers) {
      if (!has(x.t) || !has(x.r)) throw new ApiError('BAD_REQUEST', `第${x.n}档须同时填写满额和减额`);
      if (fenOf(x.r) >= fenOf(x.t)) throw new ApiError('BAD_REQUEST', `第${x.n}档减额 ${yuanText(fenOf(x.r))} 必须小于满额 ${yuanText(fenOf(x.t))}`);
      if (fenOf(x.t) <= last) throw new ApiError('BAD_REQUEST', `第${x.n}档满额必须高于上一档`);
      last = fenOf(x.t);
    }
  }
  let giftName: string | null = null;
  if (type === 4) {
    if (!has(header.giftSkuId)) throw new ApiError('BAD_REQUEST', '买赠促销请选择赠品');
    if (!has(header.giftQuantity)) throw new ApiError('BAD_REQUEST', '买赠促销请填写赠送数量');
    const gift = (await tx.query<{ sku_name: string; status: number }>(`SELECT sku_name, status FROM pd_sku WHERE sku_id = $1`, [header.giftSkuId])).rows[0];
    if (!gift || Number(gift.status) !== 1) throw new ApiError('BAD_REQUEST', '赠品不存在或已停用');
    giftName = gift.sku_name;
  }
  // What a type does not use is not kept (a 特价 turned 满减 leaves no gift behind).
  await tx.query(
    `UPDATE po_promotion SET shop_ids = $5, shop_id = $6, shop_name = $2, gift_sku_name = $3,
            gift_sku_id = CASE WHEN $4 = 4 THEN gift_sku_id END, gift_quantity = CASE WHEN $4 = 4 THEN gift_quantity END,
            threshold1 = CASE WHEN $4 = 3 THEN threshold1 END, reduce1 = CASE WHEN $4 = 3 THEN reduce1 END,
            threshold2 = CASE WHEN $4 = 3 THEN threshold2 END, reduce2 = CASE WHEN $4 = 3 THEN reduce2 END,
            threshold3 = CASE WHEN $4 = 3 THEN threshold3 END, reduce3 = CASE WHEN $4 = 3 THEN reduce3 END
      WHERE promotion_id = $1`,
    [id, shops.name, giftName, type, shops.ids.length ? shops.ids.join(',') : null, shops.ids.length === 1 ? shops.ids[0] : null],
  );
  await tx.query(
    `UPDATE po_promotion_det d SET retail_price = s.retail_price,
            special_price = CASE WHEN $2 = 1 THEN d.special_price END, discount = CASE WHEN $2 = 2 THEN d.discount END, buy_quantity = CASE WHEN $2 = 4 THEN d.buy_quantity END
       FROM pd_sku s WHERE s.sku_id = d.sku_id AND d.promotion_id = $1`,
    [id, type],
  );
});

/**
 * The shops a promotion is for (适用门店: ids comma-separated; none = every shop): each must exist and be open. The
 * answer is canonical (ascending, once each) with the names people read: 「A、B、C」, or the first ones and 等N家门店
 * when they would not fit the column.
 */
async function chosenShops(tx: Queryable, raw: unknown): Promise<{ ids: number[]; name: string | null }> {
  const ids = [...new Set(String(raw ?? '').split(',').filter((x) => x !== '').map(Number))].sort((a, b) => a - b);
  if (!ids.length) return { ids, name: null };
  if (ids.length > 200) throw new ApiError('BAD_REQUEST', '适用门店最多选择200家；全部门店适用时请不选门店');
  const found = new Map((await tx.query<{ shop_id: number; shop_name: string; status: number }>(
    `SELECT shop_id, shop_name, status FROM shop_base WHERE shop_id = ANY($1::int[])`, [ids],
  )).rows.map((r) => [Number(r.shop_id), r]));
  const names: string[] = [];
  for (const id of ids) {
    const shop = found.get(id);
    if (!shop) throw new ApiError('BAD_REQUEST', `适用门店中有不存在的门店（ID ${id}）`);
    if (Number(shop.status) !== 1) throw new ApiError('BAD_REQUEST', `门店「${shop.shop_name}」已停用`);
    names.push(shop.shop_name);
  }
  let name = names.join('、');
  for (let n = names.length - 1; name.length > 200 && n > 0; n--) name = `${names.slice(0, n).join('、')} 等${names.length}家门店`;
  return { ids, name };
}

/** A 特价 of one of these SKUs that another submitted or active 特价 covers for an overlapping shop and period. */
async function assertNoOverlap({ tx, id, header }: DocActionContext): Promise<void> {
  if (Number(header.promotionType) !== 1) return;
  const clash = (await tx.query<{ sku_name: string; promotion_name: string; promotion_no: string }>(
    `SELECT d.sku_name, o.promotion_name, o.promotion_no
       FROM po_promotion_det d JOIN po_promotion p ON p.promotion_id = d.promotion_id
       JOIN po_promotion_det od ON od.sku_id = d.sku_id JOIN po_promotion o ON o.promotion_id = od.promotion_id
      WHERE p.promotion_id = $1 AND o.promotion_id <> p.promotion_id AND o.promotion_type = 1 AND o.status IN (2, 3)
        AND o.begin_time < p.end_time AND p.begin_time < o.end_time
        AND (o.shop_ids IS NULL OR p.shop_ids IS NULL OR string_to_array(o.shop_ids, ',')::int[] && string_to_array(p.shop_ids, ',')::int[])
        AND o.member_only = p.member_only
      ORDER BY d.line_no LIMIT 1`,
    [id],
  )).rows[0];
  if (clash) throw new ApiError('CONFLICT', `商品「${clash.sku_name}」在同一时间已有特价促销「${clash.promotion_name}」（${clash.promotion_no}），请调整时间或门店`);
}

registerDocFn('promotion.submit', async (ctx) => {
  await assertNoOverlap(ctx);
  const { tx, auth, id, ref, header } = ctx;
  const type = Number(header.promotionType);
  await notifyConfirmers(tx, auth, AUDIT, {
    businessType: NOTICE_OF_TYPE[type],
    businessId: id,
    messageTypeInfo: `${PROMOTION_TYPES[type]}促销待审核`,
    noticeTemplateInfo: `${auth.displayName ?? auth.userName} 提交了${header.memberOnly ? '会员专享' : ''}${PROMOTION_TYPES[type]}促销「${String(header.promotionName)}」（${ref.docNo}），${String(header.shopName ?? '全部门店')}，${String(header.beginTime)} 至 ${String(header.endTime)}，请审核。`,
  });
});

registerDocFn('promotion.audit', async (ctx) => {
  await assertNoOverlap(ctx);
  await ctx.tx.query(`UPDATE po_promotion SET audit_user_name = $2, audit_time = now() WHERE promotion_id = $1`, [ctx.id, ctx.auth.displayName ?? ctx.auth.userName]);
});

registerDocFn('promotion.reject', async ({ tx, id }) => {
  await tx.query(`UPDATE po_promotion SET audit_user_name = NULL, audit_time = NULL WHERE promotion_id = $1`, [id]);
}, { lines: false });

registerDocFn('promotion.stop', async ({ tx, auth, id }) => {
  await tx.query(`UPDATE po_promotion SET stop_user_name = $2, stop_time = now() WHERE promotion_id = $1`, [id, auth.displayName ?? auth.userName]);
}, { lines: false });
