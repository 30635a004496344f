import type { DocActionContext } from '../../documents/registry.ts';
import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { notifyByPermStatement } from '../../messages/messageService.ts';
import { lineLot, postStock, type StockMove } from '../stock/index.ts';

/**
 * 调拨 (wh-allocation): goods sent from one warehouse to another, in two steps.
 *
 *   待出库 (1) --confirmOut--> 已出库/在途 (2) --confirmIn--> 已收货 (3)
 *              <--cancelOut--                <--unAudit--
 *
 * confirmOut takes each line out of the source at its moving-average cost (written onto the line) and puts
 * it in transit at the destination. confirmIn receives per line what arrived (default: what was sent, never
 * more): that quantity enters the destination at the line's cost and the whole line leaves transit; a
 * shortfall stays on the line as its difference (实收 - 调出) and is posted as its own ledger rows at the line's
 * cost: 调拨短少 (a loss, confirmIn) or 调拨短少退回调出方 (confirmInClaim: back on the sender's on-hand).
 * unAudit and cancelOut post the exact reverse.
 * Lots travel with the goods: confirmOut takes the line's lot, or first-expiry-first-out; confirmIn puts what arrived
 * into the lots that left (server/domains/stock/lotAllocation.ts reads them from the document's lot ledger).
 */

const line = (l: Record<string, unknown>) => ({ skuId: Number(l.skuId), detId: Number(l.detId), qty: Number(l.quantity) });

registerDocFn('allocation.save', async ({ tx, id, header }) => {
  if (Number(header.outWhId) === Number(header.inWhId)) throw new ApiError('BAD_REQUEST', '调出仓库和调入仓库不能相同');
  const whs = await tx.query<{ wh_id: number; wh_name: string; status: number }>(`SELECT wh_id, wh_name, status FROM wh_base_info WHERE wh_id = ANY($1::int[])`, [
    [header.outWhId, header.inWhId],
  ]);
  const byId = new Map(whs.rows.map((w) => [Number(w.wh_id), w]));
  for (const [field, label] of [['outWhId', '调出仓库'], ['inWhId', '调入仓库']] as const) {
    const wh = byId.get(Number(header[field]));
    if (!wh) throw new ApiError('BAD_REQUEST', `${label}不存在`);
    if (Number(wh.status) !== 1) throw new ApiError('BAD_REQUEST', `${label}「${wh.wh_name}」已停用`);
  }
  await tx.query(`UPDATE wh_allocation SET out_wh_name = $2, in_wh_name = $3 WHERE allocation_id = $1`, [
    id,
    byId.get(Number(header.outWhId))!.wh_name,
    byId.get(Number(header.inWhId))!.wh_name,
  ]);
});

registerDocFn('allocation.confirmOut', async ({ tx, auth, ref, header, lines, id, later }) => {
  const outWh = Number(header.outWhId);
  const inWh = Number(header.inWhId);
  const moves: StockMove[] = lines.flatMap((l) => {
    const { skuId, detId, qty } = line(l);
    return [
      { whId: outWh, skuId, qty: -qty, lineId: detId, lot: lineLot(l) },
      { whId: inWh, skuId, qty: 0, inTransit: qty, lineId: detId },
    ];
  });
  await postStock(tx, auth, ref, moves);
  // Notice 13: whoever receives goods learns they are on their way (the page is allotSync).
  later(notifyByPermStatement(auth.tenantId, { perm: 'wh:allotIn:list' }, {
    businessType: 13,
    businessId: id,
    messageTypeInfo: '调拨在途',
    noticeTemplateInfo: `调拨单 ${ref.docNo} 已从「${String(header.outWhName)}」出库，共 ${lines.length} 种 ${lines.reduce((a, l) => a + line(l).qty, 0)} 件，将送达「${String(header.inWhName)}」，请注意收货。`,
  }));
  // The cost the goods left at travels with them (the newest outbound ledger row of each line), and the header's
  // total is the sum of the lines so costed: one statement (the header reads the lines' new amounts from the update).
  later({
    sql: `WITH d AS (
       UPDATE wh_allocation_det d SET unit_cost = (
          SELECT l.unit_cost FROM stock_ledger l
           WHERE l.doc_type = $2 AND l.doc_id = $1 AND l.line_id = d.det_id AND l.wh_id = $3 AND l.qty < 0
           ORDER BY l.ledger_id DESC LIMIT 1)
        WHERE d.allocation_id = $1
        RETURNING d.amount)
     UPDATE wh_allocation SET out_time = now(), out_user_name = $4, total_amount = (SELECT coalesce(sum(amount), 0) FROM d)
      WHERE allocation_id = $1`,
    params: [id, ref.docType, outWh, auth.displayName ?? auth.userName],
  });
});

registerDocFn('allocation.cancelOut', async ({ tx, auth, ref, header, lines, id }) => {
  const moves: StockMove[] = lines.flatMap((l) => {
    const { skuId, detId, qty } = line(l);
    return [
      { whId: Number(header.outWhId), skuId, qty, unitCost: Number(l.unitCost ?? 0), lineId: detId },
      { whId: Number(header.inWhId), skuId, qty: 0, inTransit: -qty, lineId: detId },
    ];
  });
  await postStock(tx, auth, ref, moves);
  await tx.query(`UPDATE wh_allocation SET out_time = NULL, out_user_name = NULL WHERE allocation_id = $1`, [id]);
});

/** Received quantity per line: the body's (per detId), else what was sent; never more than sent. */
function received(ctx: DocActionContext): Map<number, number> {
  const given = new Map<number, number>();
  const input = (ctx.body.detList as { detId: number; inQuantity?: number | null }[] | null | undefined) ?? [];
  const own = new Map(ctx.lines.map((l, i) => [Number(l.detId), { l, i }]));
  for (const g of input) {
    const hit = own.get(Number(g.detId));
    if (!hit) throw new ApiError('BAD_REQUEST', `明细 ${g.detId} 不属于调拨单 ${ctx.ref.docNo}`);
    if (g.inQuantity === undefined || g.inQuantity === null) continue;
    const sent = Number(hit.l.quantity);
    if (g.inQuantity > sent) throw new ApiError('BAD_REQUEST', `第${hit.i + 1}行：${String(hit.l.skuName)} 实收数量 ${g.inQuantity} 不能大于调出数量 ${sent}`);
    given.set(Number(g.detId), g.inQuantity);
  }
  return new Map(ctx.lines.map((l) => [Number(l.detId), given.get(Number(l.detId)) ?? Number(l.quantity)]));
}

/** Doc types of a confirm-in's shortfall rows in the ledger (same doc_id and doc_no as the transfer). */
export const SHORTFALL_LOSS = 'allocationLoss';
export const SHORTFALL_CLAIM = 'allocationClaim';

/**
 * confirmIn (记为损耗, the default) and confirmInClaim (短少由调出方承担) share this function. Per line, what
 * arrived enters the destination at the line's cost and leaves transit (doc type allocation); the shortfall leaves
 * transit as its own row valued at the line's cost: 调拨短少 (allocationLoss, the loss of the receiving side), or
 * 调拨短少退回调出方 (allocationClaim: the same row at the destination, and the units back on the sending warehouse's
 * on-hand at the cost they left at — the sender answers for them, its next stocktake or 报损 settles them). All in
 * one posting, so the balance rows are locked in key order as always.
 */
registerDocFn('allocation.confirmIn', async (ctx) => {
  const { tx, auth, ref, header, lines, id } = ctx;
  const claim = ctx.action?.id === 'confirmInClaim';
  const inQty = received(ctx);
  let lost = 0;
  let lostAmount = 0;
  const moves: StockMove[] = lines.flatMap((l) => {
    const { skuId, detId, qty } = line(l);
    const got = inQty.get(detId)!;
    const unitCost = Number(l.unitCost ?? 0);
    const short = Math.round((qty - got) * 1000) / 1000;
    const out: StockMove[] = got > 0 ? [{ whId: Number(header.inWhId), skuId, qty: got, inTransit: -got, unitCost, lineId: detId }] : [];
    if (short > 0) {
      lost += short;
      lostAmount += Math.round(short * unitCost * 100) / 100;
      const docType = claim ? SHORTFALL_CLAIM : SHORTFALL_LOSS;
      out.push({ whId: Number(header.inWhId), skuId, qty: 0, inTransit: -short, unitCost, lineId: detId, docType });
      if (claim) out.push({ whId: Number(header.outWhId), skuId, qty: short, unitCost, lineId: detId, docType });
    }
    return out;
  });
  await postStock(tx, auth, ref, moves);
  await tx.query(`UPDATE wh_allocation_det d SET in_quantity = x.q FROM unnest($2::int[], $3::numeric[]) AS x(det_id, q) WHERE d.det_id = x.det_id AND d.allocation_id = $1`, [
    id,
    [...inQty.keys()],
    [...inQty.values()],
  ]);
  const totals = await tx.query<{ q: string; d: string }>(
    `UPDATE wh_allocation SET in_time = now(), in_user_name = $2,
        total_in_quantity = (SELECT sum(in_quantity) FROM wh_allocation_det WHERE allocation_id = $1),
        diff_quantity = (SELECT sum(diff_quantity) FROM wh_allocation_det WHERE allocation_id = $1)
      WHERE allocation_id = $1 RETURNING total_in_quantity AS q, diff_quantity AS d`,
    [id, auth.displayName ?? auth.userName],
  );
  const diff = Number(totals.rows[0].d);
  if (diff === 0) return {};
  const money = lostAmount.toFixed(2);
  const how = claim ? `短少 ${lost} 件（成本 ${money} 元）退回调出方「${String(header.outWhName)}」承担` : `短少 ${lost} 件记为损耗（成本 ${money} 元）`;
  return { note: `实收 ${Number(totals.rows[0].q)}，差异 ${diff}；${how}` };
});

/**
 * Un-audit: what arrived leaves the destination and goes back in transit; the shortfall rows (loss or claim) are
 * posted in reverse under their own doc type, so Σ of each kind is zero again. A transfer received before shortfall
 * rows existed consumed its whole line from transit under `allocation`: it gets it all back the same way.
 */
registerDocFn('allocation.unAudit', async ({ tx, auth, ref, header, lines, id }) => {
  const shortRows = await tx.query<{ wh_id: number; sku_id: number; line_id: string; doc_type: string; qty: string; t: string; amount: string }>(
    `SELECT wh_id, sku_id, line_id, doc_type, sum(qty) AS qty, sum(in_transit_delta) AS t, sum(amount) AS amount FROM stock_ledger
      WHERE doc_id = $1 AND doc_type IN ($2, $3) GROUP BY wh_id, sku_id, line_id, doc_type
     HAVING sum(qty) <> 0 OR sum(in_transit_delta) <> 0 ORDER BY wh_id, sku_id, line_id`,
    [id, SHORTFALL_LOSS, SHORTFALL_CLAIM],
  );
  const shortOfLine = new Map<number, number>();
  const reversed: StockMove[] = shortRows.rows.map((r) => {
    const qty = Number(r.qty);
    const t = Number(r.t);
    if (Number(r.wh_id) === Number(header.inWhId)) shortOfLine.set(Number(r.line_id), (shortOfLine.get(Number(r.line_id)) ?? 0) - t);
    // The transit row is put back at the value it left with; the sender's claimed units leave at its average.
    const unitCost = qty === 0 && t !== 0 ? Math.round((Number(r.amount) / t) * 10000) / 10000 : undefined;
    return { whId: Number(r.wh_id), skuId: Number(r.sku_id), qty: -qty, inTransit: -t, lineId: Number(r.line_id), docType: r.doc_type, ...(unitCost === undefined ? {} : { unitCost }) };
  });
  const moves: StockMove[] = lines.flatMap((l) => {
    const { skuId, detId, qty } = line(l);
    const got = Number(l.inQuantity ?? 0);
    const back = got + (shortOfLine.has(detId) ? 0 : qty - got);
    return got > 0 || back > 0 ? [{ whId: Number(header.inWhId), skuId, qty: -got, inTransit: back, lineId: detId }] : [];
  });
  await postStock(tx, auth, ref, [...moves, ...reversed]);
  await tx.query(`UPDATE wh_allocation_det SET in_quantity = NULL WHERE allocation_id = $1`, [id]);
  await tx.query(`UPDATE wh_allocation SET in_time = NULL, in_user_name = NULL, total_in_quantity = NULL, diff_quantity = NULL WHERE allocation_id = $1`, [id]);
});
