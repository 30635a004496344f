import type { Queryable } from './index.ts';
import { offsetOf } from '../http/envelope.ts';

type Row = Record<string, unknown>;

/** One page of a query and its total (a window count; a page past the end counts separately): the pager of the hand-written list routes. */
export async function paged(tx: Queryable, sql: string, params: unknown[], pageNum: number, pageSize: number) {
  const res = await tx.query<Row & { __total: number }>(`SELECT *, count(*) OVER () AS "__total" FROM (${sql}) g LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, pageSize, offsetOf(pageNum, pageSize)]);
  let total = Number(res.rows[0]?.__total ?? 0);
  if (!res.rows.length && pageNum > 1) total = Number((await tx.query<{ n: number }>(`SELECT count(*) AS n FROM (${sql}) g`, params)).rows[0].n);
  return { records: res.rows.map(({ __total: _t, ...r }) => r), total };
}
