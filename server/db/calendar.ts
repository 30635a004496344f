import type { Queryable } from './index.ts';

/** Today in the database session's calendar (YYYY-MM-DD): the day documents, meetings and periods are dated by. */
export async function dbToday(tx: Queryable): Promise<string> {
  return (await tx.query<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`)).rows[0].d;
}
