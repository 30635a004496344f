import { columnOf } from '../../core/descriptors/resource.ts';
import { type BatchResult, STATUS_CHANGED } from '../../core/descriptors/documents.ts';
import type { DocActionDecl } from '../../core/descriptors/types.ts';
import type { AuthContext } from '../context.ts';
import type { Queryable, Statement } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import type { Req } from '../resources/access.ts';
import { quoteIdent } from '../resources/query.ts';
import type { DocContext } from './context.ts';
import { docEventStatement } from './history.ts';
import { postLines, reversePostings, stampStatement } from './postings.ts';
import { docFn, docFnReadsLines } from './registry.ts';
import { lined, pkCol, refOf } from './shape.ts';
import { failWith, lockInStatus, lockInStatusWithLines, refreshTotalsStatement } from './writing.ts';

/**
 * A document's state machine run: an action locks the header, checks its status (409 单据状态已变更 when another
 * caller got there first), runs the domain function and the declared postings, sets the status and records the event;
 * a batch runs each document in a transaction of its own.
 */

/** Runs one action on one document in the caller's transaction; throws ApiError on refusal. */
export async function runDocAction(tx: Queryable, auth: AuthContext, c: DocContext, action: DocActionDecl, id: number, body: Record<string, unknown>) {
  const { ref, last } = await docActionUpToStatus(tx, auth, c, action, id, body);
  if (last.length === 1) await tx.query(last[0].sql, last[0].params, { prepare: true });
  else await tx.batch(last);
  return ref;
}

/**
 * An action up to its last writes, which it answers unsent: the writes the domain function and the postings left for
 * later (a notice, line costs, totals, stamps), then the status change with the history row — run by runDocAction, or
 * sent with the answer's reads and the COMMIT in one round trip by the action route.
 */
export async function docActionUpToStatus(tx: Queryable, auth: AuthContext, c: DocContext, action: DocActionDecl, id: number, body: Record<string, unknown>) {
  const fn = action.fn ? docFn(action.fn) : undefined;
  const wantLines = !!((fn && docFnReadsLines(action.fn!)) || action.posts);
  // The header locked and the lines read in one round trip (the transaction's first, so its BEGIN rides along).
  const { header, status, lines } = wantLines
    ? await lockInStatusWithLines(tx, c, id, action.from, () => STATUS_CHANGED)
    : { ...(await lockInStatus(tx, c, id, action.from, () => STATUS_CHANGED)), lines: [] };
  const ref = refOf(c, header);
  const { note, ...extra } = body;
  const later: Statement[] = [];
  const defer = (st: Statement) => void later.push(st);
  const noteText = typeof note === 'string' && note.trim() ? note.trim() : undefined;
  // A particular rule first (it may refuse), then the declared postings, then the stamps.
  const result = fn ? await fn({ tx, auth, resource: c.header, action, id, ref, header, lines, body: extra, note: noteText, later: defer }) : undefined;
  if (action.posts && lined(c) && c.doc.lines.skuField) {
    await postLines(tx, auth, { header: c.header, lines: c.lines, skuField: c.doc.lines.skuField, foreignKey: c.doc.lines.foreignKey }, action, header, lines, ref, defer);
  }
  if (action.reverses) await reversePostings(tx, auth, ref);
  if (action.posts || action.reverses) {
    const totals = refreshTotalsStatement(c, id);
    if (totals) defer(totals);
  }
  if (action.stamp) {
    const stamp = stampStatement(auth, c.header, action.stamp, id);
    if (stamp) defer(stamp);
  }
  const to = result?.to ?? action.to[0];
  if (!action.to.includes(to)) throw new Error(`${action.fn} answered status ${to}, not one of ${action.to.join(', ')}`);
  const notes = [typeof note === 'string' ? note.trim() : '', result?.note ?? ''].filter(Boolean).join('；');
  const statusWrite = docEventStatement(
    auth,
    { docType: c.doc.type, docId: id, action: action.id, actionLabel: result?.label ?? action.label, fromStatus: status, toStatus: to, note: notes || null },
    { sql: `UPDATE ${quoteIdent(c.header.table)} SET ${quoteIdent(columnOf(c.header, c.doc.statusField))} = $1 WHERE ${pkCol(c.header)} = $2`, params: [to, id] },
  );
  return { ref, last: [...later, statusWrite] };
}

/** Each id on its own transaction, so one refusal does not undo the others; answers a per-document result. */
export async function eachDocument(req: Req, c: DocContext, run: (tx: Queryable, id: number) => Promise<void>): Promise<BatchResult> {
  const raw = (req.body?.ids as unknown[] | undefined) ?? [];
  const ids = [...new Set(raw.map(Number))];
  if (!ids.length) throw new ApiError('BAD_REQUEST', '请选择单据');
  const results: BatchResult['results'] = [];
  for (const id of ids) {
    let docNo: string | null = null;
    try {
      await req.tenantTx(async (tx) => {
        const h = await tx.query<{ no: string }>(`SELECT ${quoteIdent(columnOf(c.header, c.doc.numberField))} AS no FROM ${quoteIdent(c.header.table)} WHERE ${pkCol(c.header)} = $1`, [id]);
        docNo = h.rows[0]?.no ?? null;
        await run(tx, id);
      });
      results.push({ id, docNo, ok: true, msg: '成功' });
    } catch (err) {
      let msg: string;
      try {
        failWith(c)(err);
        msg = '操作失败';
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        msg = e.message;
      }
      results.push({ id, docNo, ok: false, msg });
    }
  }
  const success = results.filter((r) => r.ok).length;
  return { success, fail: results.length - success, results };
}
