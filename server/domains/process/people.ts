import type { Queryable } from '../../db/index.ts';

/** An enabled user of the tenant a model, a transfer or a shop manager names: by id or by login name. */
export async function findUser(tx: Queryable, ref: string | number): Promise<{ id: number; name: string } | undefined> {
  const s = String(ref).trim();
  const byId = /^\d{1,9}$/.test(s);
  return (
    await tx.query<{ id: number; name: string }>(
      `SELECT id, coalesce(nullif(name, ''), user_name) AS name FROM sys_user WHERE status = 1 AND ${byId ? 'id = $1::int' : 'user_name = $1'}`,
      [s],
    )
  ).rows[0];
}
