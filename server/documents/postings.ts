import { columnOf } from '../../core/descriptors/resource.ts';
import type { DocActionDecl, ResourceDescriptor } from '../../core/descriptors/types.ts';
import type { AuthContext } from '../context.ts';
import type { Queryable, Statement } from '../db/index.ts';
import { lineLot, postStock, type StockMove } from '../domains/stock/index.ts';
import { ApiError } from '../errors.ts';
import { quoteIdent } from '../resources/query.ts';
import type { DocRef } from './registry.ts';

/**
 * The stock a document action declares (`posts`, `reverses`), posted by the layer in the action's transaction
 * through postStock (server/domains/stock/ledger.ts): balances locked in key order, a refusal naming the SKU, the
 * warehouse and the quantities (库存不足：可乐 330ml（上海嘉定中心仓）可用 3，需要 5), nothing written when any line is
 * refused — the whole action rolls back. A document that only moves its lines in or out needs no TypeScript.
 */

export interface PostingContext {
  header: ResourceDescriptor;
  lines: ResourceDescriptor;
  skuField: string;
  foreignKey: string;
}

/** Posts each line in or out of the header's warehouse; an outgoing line at average cost gets that cost written back. */
export async function postLines(
  tx: Queryable, auth: AuthContext, c: PostingContext, action: DocActionDecl, header: Record<string, unknown>, lines: Record<string, unknown>[], ref: DocRef,
  later: (st: Statement) => void,
): Promise<void> {
  const p = action.posts!;
  const whId = Number(header[p.warehouse]);
  if (!Number.isInteger(whId) || whId < 1) throw new ApiError('BAD_REQUEST', `请选择${c.header.fields[p.warehouse]?.title ?? '仓库'}`);
  const qtyField = p.quantity ?? 'quantity';
  const costField = p.costField ?? 'unitCost';
  const sign = p.direction === 'in' ? 1 : -1;
  const moves: StockMove[] = lines.map((l) => ({
    whId,
    skuId: Number(l[c.skuField]),
    qty: sign * Number(l[qtyField]),
    lineId: Number(l[c.lines.primaryKey]),
    ...(sign > 0 && p.cost === 'line' ? { unitCost: Number(l[costField] ?? 0) } : {}),
    lot: Object.hasOwn(c.lines.fields, 'lotNo') ? lineLot(l) : null,
  }));
  await postStock(tx, auth, ref, moves);
  if (sign < 0 && p.cost === 'average' && Object.hasOwn(c.lines.fields, costField)) {
    later({
      sql: `UPDATE ${quoteIdent(c.lines.table)} d SET ${quoteIdent(columnOf(c.lines, costField))} = l.unit_cost
         FROM stock_ledger l
        WHERE l.doc_type = $2 AND l.doc_id = $1 AND l.qty < 0 AND l.line_id = d.${quoteIdent(columnOf(c.lines, c.lines.primaryKey))}
          AND d.${quoteIdent(columnOf(c.lines, c.foreignKey))} = $1`,
      params: [ref.docId, ref.docType],
    });
  }
}

/**
 * Posts back what the document posted: per line, the opposite of the ledger's net quantity; goods that come back in
 * come at the cost they left at (so the moving average is restored), goods that go out again leave at the average.
 * Goods already sold or moved on cannot leave again: the ledger refuses, naming the SKU.
 */
export async function reversePostings(tx: Queryable, auth: AuthContext, ref: DocRef): Promise<void> {
  const rows = await tx.query<{ wh_id: number; sku_id: number; line_id: string | null; qty: string; amount: string }>(
    `SELECT wh_id, sku_id, line_id, sum(qty) AS qty, sum(amount) AS amount FROM stock_ledger
      WHERE doc_type = $1 AND doc_id = $2 GROUP BY wh_id, sku_id, line_id HAVING sum(qty) <> 0 ORDER BY wh_id, sku_id, line_id`,
    [ref.docType, ref.docId],
  );
  const moves: StockMove[] = rows.rows.map((r) => {
    const qty = -Number(r.qty);
    return {
      whId: Number(r.wh_id),
      skuId: Number(r.sku_id),
      qty,
      ...(r.line_id === null ? {} : { lineId: Number(r.line_id) }),
      ...(qty > 0 ? { unitCost: Math.round((Number(r.amount) / Number(r.qty)) * 10000) / 10000 } : {}),
    };
  });
  await postStock(tx, auth, ref, moves);
}

/** The header fields an action stamps (`{"confirmTime": "now", "confirmUserName": "user"}`), or null for none. */
export function stampStatement(auth: AuthContext, header: ResourceDescriptor, stamp: Record<string, 'now' | 'user'>, id: number): Statement | null {
  const entries = Object.entries(stamp);
  if (!entries.length) return null;
  const sets = entries.map(([f, v]) => `${quoteIdent(columnOf(header, f))} = ${v === 'now' ? 'now()' : '$2::text'}`);
  const user = entries.some(([, v]) => v === 'user');
  return {
    sql: `UPDATE ${quoteIdent(header.table)} SET ${sets.join(', ')} WHERE ${quoteIdent(columnOf(header, header.primaryKey))} = $1`,
    params: user ? [id, auth.displayName ?? auth.userName] : [id],
  };
}
