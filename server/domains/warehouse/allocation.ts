import type { DocActionContext } from '../../documents/registry.ts';
import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { notifyUsersInTx } from '../../messages/messageService.ts';
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
 * shortfall stays on the line as its difference (实收 - 调出) for the difference report and is not put back
 * anywhere (goods lost on the way are not stock). unAudit and cancelOut post the exact reverse.
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

registerDocFn('allocation.confirmOut', async ({ tx, auth, ref, header, lines, id }) => {
  const outWh = Number(header.outWhId);
  const inWh = Number(header.inWhId);
  const moves: StockMove[] = lines.flatMap((l) => {
    const { skuId, detId, qty } = line(l);
    return [
      { whId: outWh, skuId, qty: -qty, lineId: detId, lot: lineLot(l) },
      { whId: inWh, skuId, qty: 0, inTransit: qty, lineId: detId },
    ];
  });
  // Notice 13: whoever receives goods learns they are on their way (the page is allotSync). Written before
  // the posting, so the hot balance rows stay locked for as short a time as possible.
  await notifyUsersInTx(tx, auth.tenantId, { perm: 'wh:allotIn:list' }, {
    businessType: 13,
    businessId: id,
    messageTypeInfo: '调拨在途',
    noticeTemplateInfo: `调拨单 ${ref.docNo} 已从「${String(header.outWhName)}」出库，共 ${lines.length} 种 ${lines.reduce((a, l) => a + line(l).qty, 0)} 件，将送达「${String(header.inWhName)}」，请注意收货。`,
  });
  await postStock(tx, auth, ref, moves);
  // The cost the goods left at travels with them (the newest outbound ledger row of each line), and the header's
  // total is the sum of the lines so costed: one statement (the header reads the lines' new amounts from the update).
  await tx.query(
    `WITH d AS (
       UPDATE wh_allocation_det d SET unit_cost = (
          SELECT l.unit_cost FROM stock_ledger l
           WHERE l.doc_type = $2 AND l.doc_id = $1 AND l.line_id = d.det_id AND l.wh_id = $3 AND l.qty < 0
           ORDER BY l.ledger_id DESC LIMIT 1)
        WHERE d.allocation_id = $1
        RETURNING d.amount)
     UPDATE wh_allocation SET out_time = now(), out_user_name = $4, total_amount = (SELECT coalesce(sum(amount), 0) FROM d)
      WHERE allocation_id = $1`,
    [id, ref.docType, outWh, auth.displayName ?? auth.userName],
    { prepare: true },
  );
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

registerDocFn('allocation.confirmIn', async (ctx) => {
  const { tx, auth, ref, header, lines, id } = ctx;
  const inQty = received(ctx);
  const moves: StockMove[] = lines.map((l) => {
    const { skuId, detId, qty } = line(l);
    return { whId: Number(header.inWhId), skuId, qty: inQty.get(detId)!, inTransit: -qty, unitCost: Number(l.unitCost ?? 0), lineId: detId };
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
  return { note: diff !== 0 ? `实收 ${Number(totals.rows[0].q)}，差异 ${diff}` : undefined };
});

registerDocFn('allocation.unAudit', async ({ tx, auth, ref, header, lines, id }) => {
  const moves: StockMove[] = lines.map((l) => {
    const { skuId, detId, qty } = line(l);
    return { whId: Number(header.inWhId), skuId, qty: -Number(l.inQuantity ?? 0), inTransit: qty, lineId: detId };
  });
  await postStock(tx, auth, ref, moves);
  await tx.query(`UPDATE wh_allocation_det SET in_quantity = NULL WHERE allocation_id = $1`, [id]);
  await tx.query(`UPDATE wh_allocation SET in_time = NULL, in_user_name = NULL, total_in_quantity = NULL, diff_quantity = NULL WHERE allocation_id = $1`, [id]);
});
