import { columnOf } from '../../core/descriptors/resource.ts';
import type { AuthContext } from '../context.ts';
import type { Queryable, SqlValue, Statement } from '../db/index.ts';
import { grantedMenuKeysStatement, menuKeysOf } from '../permissions.ts';
import { hiddenFor } from '../resources/access.ts';
import { quoteIdent, selectList, sqlType } from '../resources/query.ts';
import type { DocContext } from './context.ts';
import { historyStatement } from './history.ts';
import { docExtras } from './registry.ts';
import { type LinedContext, lined, pkCol, tableOf } from './shape.ts';

/** Reading a document: its header and lines as the caller may see them, its history and the actions it offers. */

function headerStatement(c: DocContext, id: SqlValue, hidden: Set<string>, lock = false): Statement {
  const fields = Object.keys(c.header.fields).filter((f) => !hidden.has(f));
  return {
    sql: `SELECT ${selectList(c.header, fields)} FROM ${tableOf(c.header)} WHERE t.${pkCol(c.header)} = $1::${sqlType(c.header.fields[c.header.primaryKey])}${lock ? ' FOR UPDATE' : ''}`,
    params: [id],
  };
}

export async function readHeader(tx: Queryable, c: DocContext, id: SqlValue, hidden: Set<string> = new Set(), lock = false) {
  const st = headerStatement(c, id, hidden, lock);
  return (await tx.query<Record<string, unknown>>(st.sql, st.params, { prepare: true })).rows[0];
}

function linesStatement(c: LinedContext, id: SqlValue, hidden: Set<string>): Statement {
  const fields = Object.keys(c.lines.fields).filter((f) => !hidden.has(f));
  const order = c.doc.lines.lineNoField ? `t.${quoteIdent(columnOf(c.lines, c.doc.lines.lineNoField))}, ` : '';
  return {
    sql: `SELECT ${selectList(c.lines, fields)} FROM ${tableOf(c.lines)} WHERE t.${quoteIdent(columnOf(c.lines, c.doc.lines.foreignKey))} = $1 ORDER BY ${order}t.${pkCol(c.lines)}`,
    params: [id],
  };
}

/**
 * The header locked FOR UPDATE and its lines, in one round trip (with the transaction's BEGIN when they are its first
 * statements): what every action on a lined document reads first. No lines when there is no such document.
 */
export async function readLocked(tx: Queryable, c: DocContext, id: number): Promise<{ header?: Record<string, unknown>; lines: Record<string, unknown>[] }> {
  if (!lined(c)) return { header: await readHeader(tx, c, id, new Set(), true), lines: [] };
  const [h, l] = await tx.batch([headerStatement(c, id, new Set(), true), linesStatement(c, id, new Set())]);
  return { header: h.rows[0], lines: h.rows[0] ? l.rows : [] };
}

export async function readLines(tx: Queryable, c: DocContext, id: SqlValue, hidden: Set<string> = new Set()): Promise<Record<string, unknown>[]> {
  if (!lined(c)) return [];
  const st = linesStatement(c, id, hidden);
  return (await tx.query<Record<string, unknown>>(st.sql, st.params, { prepare: true })).rows;
}

/**
 * The detail answer: header, lines, history and runnable actions; undefined when there is no such document. Read in
 * one round trip (Queryable.batch), after `after` (an action's last writes) when given; with `commit`, the
 * transaction's COMMIT travels in that round trip too (unless the type's extras still have to be read).
 */
export async function readDocument(tx: Queryable, auth: AuthContext, c: DocContext, id: number, opts: { after?: Statement[]; commit?: boolean } = {}) {
  const extras = docExtras(c.doc.type);
  const statements = [
    ...(opts.after ?? []),
    headerStatement(c, id, await hiddenFor(tx, auth, c.header)),
    ...(lined(c) ? [linesStatement(c, id, await hiddenFor(tx, auth, c.lines))] : []),
    historyStatement(c.doc.type, id),
    // The caller's grants decide which actions the answer offers; an admin may run them all.
    ...(auth.isAdmin ? [] : [grantedMenuKeysStatement(auth)]),
  ];
  const results = await tx.batch(statements, { commit: !!opts.commit && !extras });
  let i = opts.after?.length ?? 0;
  const header = results[i++].rows[0];
  if (!header) return undefined;
  const lines = lined(c) ? results[i++].rows : undefined;
  const history = results[i++].rows;
  const granted = auth.isAdmin ? null : menuKeysOf(results[i++].rows);
  const status = Number(header[c.doc.statusField]);
  return {
    ...header,
    ...(lined(c) ? { [c.doc.lines.bodyField]: lines } : {}),
    history,
    actions: c.doc.actions.filter((a) => a.from.includes(status) && (!granted || granted.has(a.perm))).map((a) => a.id),
    ...((await extras?.(tx, auth, id, header)) ?? {}),
  };
}
