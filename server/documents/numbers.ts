import type { Queryable } from '../db/index.ts';

/**
 * The next document number of a type for today (DB20261124-0001), from a per-tenant, per-prefix, per-day
 * counter that only grows. The upsert takes the counter's row lock, so concurrent creators queue for it and
 * each gets its own number; a number is never handed out twice.
 */
export async function nextDocNo(tx: Queryable, tenantId: number, prefix: string): Promise<string> {
  const res = await tx.query<{ day: string; n: number }>(
    `INSERT INTO doc_number (tenant_id, prefix, day, last_no) VALUES ($1, $2, current_date, 1)
     ON CONFLICT (tenant_id, prefix, day) DO UPDATE SET last_no = doc_number.last_no + 1
     RETURNING to_char(day, 'YYYYMMDD') AS day, last_no AS n`,
    [tenantId, prefix],
  );
  const { day, n } = res.rows[0];
  return docNoOf(prefix, day, n);
}

/**
 * nextDocNo's counter step as SQL, for a statement that takes a number among other things (a register's sale):
 * `tenant` and `prefix` are SQL expressions, `when` a condition (false: no number taken), `day` the business day's
 * SQL (today unless a demo sale is dated back to its own day); answers day and n (docNoOf makes the number).
 */
export const docNumberStepSql = (tenant: string, prefix: string, when: string, day = 'current_date') =>
  `INSERT INTO doc_number (tenant_id, prefix, day, last_no) SELECT ${tenant}, ${prefix}, ${day}, 1 WHERE ${when}
   ON CONFLICT (tenant_id, prefix, day) DO UPDATE SET last_no = doc_number.last_no + 1
   RETURNING to_char(day, 'YYYYMMDD') AS day, last_no AS n`;

export const docNoOf = (prefix: string, day: string, n: number) => `${prefix}${day}-${String(n).padStart(4, '0')}`;

/** `count` numbers of a type for today in one statement (a generate over 1,000 shops): the same counter, in order. */
export async function nextDocNos(tx: Queryable, tenantId: number, prefix: string, count: number): Promise<string[]> {
  if (count <= 0) return [];
  const res = await tx.query<{ day: string; n: number }>(
    `INSERT INTO doc_number (tenant_id, prefix, day, last_no) VALUES ($1, $2, current_date, $3)
     ON CONFLICT (tenant_id, prefix, day) DO UPDATE SET last_no = doc_number.last_no + $3
     RETURNING to_char(day, 'YYYYMMDD') AS day, last_no AS n`,
    [tenantId, prefix, count],
  );
  const { day, n } = res.rows[0];
  return Array.from({ length: count }, (_, i) => `${prefix}${day}-${String(n - count + 1 + i).padStart(4, '0')}`);
}
