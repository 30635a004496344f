import type { Queryable } from './index.ts';

/** Today in the database session's calendar (YYYY-MM-DD): the day documents, meetings and periods are dated by. */
export async function dbToday(tx: Queryable): Promise<string> {
  return (await tx.query<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`)).rows[0].d;
}

/** Now in the database session's clock and zone (YYYY-MM-DD HH24:MI:SS): the time a print is stamped with. */
export async function dbNowText(tx: Queryable): Promise<string> {
  return (await tx.query<{ now: string }>(`SELECT to_char(now(), 'YYYY-MM-DD HH24:MI:SS') AS now`)).rows[0].now;
}
