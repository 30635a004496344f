import type { AuthContext } from '../context.ts';
import type { Queryable, Statement } from '../db/index.ts';

export interface DocEvent {
  docType: string;
  docId: number;
  action: string;
  actionLabel: string;
  fromStatus: number | null;
  toStatus: number | null;
  note?: string | null;
}

/** Appends one row to a document's history (who, when, from, to, note). */
export async function recordDocEvent(tx: Queryable, auth: AuthContext, e: DocEvent): Promise<void> {
  await recordDocEventAfter(tx, auth, e);
}

/**
 * The same, run together with one data-modifying statement (`before`, its parameters numbered from $1) in a
 * single round trip: an action's status change and its history row, while the action's stock rows are locked.
 */
export async function recordDocEventAfter(tx: Queryable, auth: AuthContext, e: DocEvent, before?: Statement): Promise<void> {
  const st = docEventStatement(auth, e, before);
  await tx.query(st.sql, st.params, { prepare: true });
}

/** The statement recordDocEventAfter runs, for a caller that sends it in a batch (Queryable.batch). */
export function docEventStatement(auth: AuthContext, e: DocEvent, before?: Statement): Statement {
  const n = before?.params.length ?? 0;
  const p = (i: number) => `$${n + i}`;
  return {
    sql: `${before ? `WITH before AS (${before.sql}) ` : ''}INSERT INTO doc_event (tenant_id, doc_type, doc_id, action, action_label, from_status, to_status, note, user_id, user_name)
     VALUES (${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(p).join(', ')})`,
    params: [...(before?.params ?? []), auth.tenantId, e.docType, e.docId, e.action, e.actionLabel, e.fromStatus, e.toStatus, e.note ? e.note.slice(0, 200) : null, auth.userId, auth.displayName ?? auth.userName],
  };
}

/** A document's history, oldest first, as the detail page shows it. */
export async function docHistory(tx: Queryable, docType: string, docId: number) {
  const st = historyStatement(docType, docId);
  return (await tx.query(st.sql, st.params, { prepare: true })).rows;
}

export function historyStatement(docType: string, docId: number): Statement {
  return {
    sql: `SELECT action, action_label AS "actionLabel", from_status AS "fromStatus", to_status AS "toStatus", note,
              user_name AS "userName", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"
         FROM doc_event WHERE doc_type = $1 AND doc_id = $2 ORDER BY event_id`,
    params: [docType, docId],
  };
}
