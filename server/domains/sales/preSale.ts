import { registerDocFn, type DocActionContext } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { postStock } from '../stock/index.ts';
import type { StockMove } from '../stock/index.ts';
import { amountText } from '../../../core/money.ts';

/**
 * 预售单 (po-pre-sale-order): lines priced by the server (the SKU's retail price, never the browser's), the goods
 * reserved in the shop's warehouse on save; 提货 takes them out (and releases the reservation), 取消提货 puts them
 * back reserved at the cost they left at, 取消 (deleteById) releases them. Every move goes through the stock ledger.
 */

const lineMoves = (ctx: DocActionContext, f: (q: number, detId: number) => Partial<StockMove>): StockMove[] =>
  ctx.lines.map((l) => ({ whId: Number(ctx.header.whId), skuId: Number(l.skuId), qty: 0, lineId: Number(l.detId), ...f(Number(l.quantity), Number(l.detId)) }));

registerDocFn('preSale.save', async (ctx) => {
  const { tx, auth, id, ref, header } = ctx;
  if (!ctx.body.created) return;
  const shop = await tx.query<{ shop_name: string; status: number; wh_id: number | null }>(
    `SELECT s.shop_name, s.status, (SELECT w.wh_id FROM wh_base_info w WHERE w.shop_id = s.shop_id AND w.status = 1 ORDER BY w.wh_id LIMIT 1) AS wh_id
       FROM shop_base s WHERE s.shop_id = $1`,
    [header.shopId],
  );
  const s = shop.rows[0];
  if (!s) throw new ApiError('BAD_REQUEST', '门店不存在');
  if (Number(s.status) !== 1) throw new ApiError('BAD_REQUEST', `门店“${s.shop_name}”已停用，不能预售`);
  if (!s.wh_id) throw new ApiError('BAD_REQUEST', `门店“${s.shop_name}”还没有启用的门店仓，不能预售`);
  if (auth.shopId && auth.shopId !== Number(header.shopId)) throw new ApiError('FORBIDDEN', '本收银设备只能为所属门店预售');
  const past = await tx.query<{ past: boolean }>(`SELECT $1::date < current_date AS past`, [header.pickupDate]);
  if (past.rows[0].past) throw new ApiError('BAD_REQUEST', '提货日期不能早于今天');
  // The server's prices: each line at its SKU's retail price now.
  await tx.query(
    `UPDATE po_pre_sale_order_det d SET unit_price = s.retail_price FROM pd_sku s WHERE s.sku_id = d.sku_id AND d.pre_sale_id = $1`,
    [id],
  );
  const totals = await tx.query<{ q: string; a: string }>(`SELECT coalesce(sum(quantity), 0) AS q, coalesce(sum(amount), 0) AS a FROM po_pre_sale_order_det WHERE pre_sale_id = $1`, [id]);
  const total = Number(totals.rows[0].a);
  if (Number(header.depositAmount ?? 0) > total) throw new ApiError('BAD_REQUEST', `定金 ${amountText(header.depositAmount)} 元不能超过订单金额 ${amountText(total)} 元`);
  await tx.query(`UPDATE po_pre_sale_order SET shop_name = $2, wh_id = $3, total_quantity = $4, total_amount = $5 WHERE pre_sale_id = $1`, [
    id,
    s.shop_name,
    s.wh_id,
    totals.rows[0].q,
    totals.rows[0].a,
  ]);
  const lines = (await tx.query<{ det_id: number; sku_id: number; quantity: string }>(`SELECT det_id, sku_id, quantity FROM po_pre_sale_order_det WHERE pre_sale_id = $1`, [id])).rows;
  await postStock(tx, auth, ref, lines.map((l) => ({ whId: s.wh_id!, skuId: l.sku_id, qty: 0, reserved: Number(l.quantity), lineId: l.det_id })));
});

registerDocFn('preSale.pickUp', async (ctx) => {
  await postStock(ctx.tx, ctx.auth, ctx.ref, lineMoves(ctx, (q) => ({ qty: -q, reserved: -q })));
  await ctx.tx.query(`UPDATE po_pre_sale_order SET pickup_time = now(), pickup_user_name = $2 WHERE pre_sale_id = $1`, [ctx.id, ctx.auth.displayName ?? ctx.auth.userName]);
});

registerDocFn('preSale.unPickUp', async (ctx) => {
  // Back at the cost each line left at (its latest pick-up), reserved again for the customer.
  const costs = await ctx.tx.query<{ line_id: number; unit_cost: string }>(
    `SELECT DISTINCT ON (line_id) line_id, unit_cost FROM stock_ledger WHERE doc_type = $1 AND doc_id = $2 AND qty < 0 ORDER BY line_id, ledger_id DESC`,
    [ctx.ref.docType, ctx.id],
  );
  const cost = new Map(costs.rows.map((c) => [Number(c.line_id), Number(c.unit_cost)]));
  await postStock(ctx.tx, ctx.auth, ctx.ref, lineMoves(ctx, (q, detId) => ({ qty: q, reserved: q, unitCost: cost.get(detId) ?? 0 })));
  await ctx.tx.query(`UPDATE po_pre_sale_order SET pickup_time = NULL, pickup_user_name = NULL WHERE pre_sale_id = $1`, [ctx.id]);
});

registerDocFn('preSale.cancel', async (ctx) => {
  await postStock(ctx.tx, ctx.auth, ctx.ref, lineMoves(ctx, (q) => ({ reserved: -q })));
});
