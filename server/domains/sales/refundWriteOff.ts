import woHeader from '../../../schemas/resources/wh-write-off.json';
import woLines from '../../../schemas/resources/wh-write-off-det.json';
import type { ResourceDescriptor } from '../../../core/descriptors/types.ts';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { runDocAction } from '../../documents/actions.ts';
import type { DocContext } from '../../documents/context.ts';
import { createDocument } from '../../documents/writing.ts';

/**
 * Damaged goods of a refund of lines (报损): they have come back into the order's warehouse with the refund (so the
 * ledger shows the return at the cost they left at) and leave it again at once through a confirmed 报损单 of reason
 * 破损 — the write-off document of the warehouse module, made and confirmed by the document layer in the refund's
 * transaction (numbered, moving-average cost, history, voidable later like any 报损单). A lot-managed line names the
 * lot its sale took when it took one lot; otherwise the write-off takes the earliest expiry, as any outgoing move.
 */
const header = woHeader as unknown as ResourceDescriptor;
const WRITE_OFF: DocContext = { header, lines: woLines as unknown as ResourceDescriptor, doc: header.document! };
const CONFIRM = WRITE_OFF.doc.actions.find((a) => a.id === 'confirm')!;
/** writeOffReason 破损. */
const BROKEN = 1;

interface DamagedLine {
  line: { det_id: number; sku_id: number };
  quantity: number;
}

export async function writeOffDamaged(
  tx: Queryable,
  auth: AuthContext,
  order: { order_id: number; order_no: string; wh_id: number | null },
  refund: { id: number; no: string },
  damaged: DamagedLine[],
): Promise<void> {
  // The lot each damaged line's sale took, when it took exactly one.
  const lots = new Map(
    (await tx.query<{ line_id: number; lot_no: string }>(
      `SELECT line_id, min(lot_no) AS lot_no FROM (
         SELECT line_id, lot_no FROM stock_lot_ledger WHERE doc_type = 'sale' AND doc_id = $1 AND line_id = ANY($2::bigint[])
          GROUP BY line_id, lot_no HAVING sum(qty) <> 0) t
        GROUP BY line_id HAVING count(*) = 1`,
      [order.order_id, damaged.map((d) => d.line.det_id)],
    )).rows.map((r) => [Number(r.line_id), r.lot_no]),
  );
  // One write-off line per SKU (the document's rule): quantities added up, a lot only when every part names the same.
  const bySku = new Map<number, { skuId: number; quantity: number; lotNo: string | null | undefined }>();
  for (const d of damaged) {
    const skuId = Number(d.line.sku_id);
    const lot = lots.get(Number(d.line.det_id)) ?? null;
    const had = bySku.get(skuId);
    if (!had) bySku.set(skuId, { skuId, quantity: d.quantity, lotNo: lot });
    else bySku.set(skuId, { skuId, quantity: had.quantity + d.quantity, lotNo: had.lotNo === lot ? lot : null });
  }
  const detList = [...bySku.values()].map(({ skuId, quantity, lotNo }) => ({ skuId, quantity, ...(lotNo ? { lotNo } : {}) }));
  const id = await createDocument(tx, auth, WRITE_OFF, { method: 'POST', path: 'add', action: 'docCreate' }, {
    whId: order.wh_id,
    reason: BROKEN,
    remark: `顾客退货报损：订单 ${order.order_no}，退款单 ${refund.no}`,
    detList,
  });
  await runDocAction(tx, auth, WRITE_OFF, CONFIRM, id, {});
  await tx.query(
    `UPDATE po_order_exchange SET write_off_id = $2, write_off_no = (SELECT write_off_no FROM wh_write_off WHERE write_off_id = $2) WHERE exchange_id = $1`,
    [refund.id, id],
  );
}
