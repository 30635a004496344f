import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { findUser } from './people.ts';

/** Shop managers: who approves a step assigned to "the applicant's shop manager". */

export async function listShopManagers(tx: Queryable, shopName: string | undefined, limit: number, offset: number) {
  // The caller's shops (app_in_scope, migration 350): head office sees every shop's manager.
  const where = `WHERE app_in_scope(s.shop_id) AND ($1::text IS NULL OR s.shop_name LIKE '%' || $1 || '%')`;
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_base s ${where}`, [shopName || null])).rows[0].n;
  const records = (
    await tx.query(
      `SELECT s.shop_id AS "shopId", s.shop_code AS "shopCode", s.shop_name AS "shopName", m.user_id AS "userId", u.user_name AS "userName",
              coalesce(nullif(u.name, ''), u.user_name) AS "managerName"
         FROM shop_base s LEFT JOIN wf_shop_manager m ON m.shop_id = s.shop_id LEFT JOIN sys_user u ON u.id = m.user_id
         ${where} ORDER BY s.shop_id LIMIT $2 OFFSET $3`,
      [shopName || null, limit, offset],
    )
  ).rows;
  return { records, total };
}

/** Sets (or, with user null, clears) a shop's manager; the user must be an enabled user of the tenant. */
export async function setShopManager(tx: Queryable, tenantId: number, shopId: number, user: string | number | null) {
  const shop = (await tx.query<{ shop_name: string }>(`SELECT shop_name FROM shop_base WHERE shop_id = $1`, [shopId])).rows[0];
  if (!shop) throw new ApiError('BAD_REQUEST', `门店（shopId）「${shopId}」不存在`);
  if (user === null || String(user).trim() === '') {
    await tx.query(`DELETE FROM wf_shop_manager WHERE shop_id = $1`, [shopId]);
    return { shopId, shopName: shop.shop_name, userId: null, managerName: null };
  }
  const u = await findUser(tx, user);
  if (!u) throw new ApiError('BAD_REQUEST', `店长（userId）「${user}」不存在或已停用`);
  await tx.query(
    `INSERT INTO wf_shop_manager(tenant_id, shop_id, user_id) VALUES ($1, $2, $3) ON CONFLICT (tenant_id, shop_id) DO UPDATE SET user_id = EXCLUDED.user_id`,
    [tenantId, shopId, u.id],
  );
  return { shopId, shopName: shop.shop_name, userId: u.id, managerName: u.name };
}

/** The first shop that has a manager, or null: the shop a start takes when neither its body nor the caller names one. */
export async function firstManagedShop(tx: Queryable): Promise<number | null> {
  return (await tx.query<{ shop_id: number }>(`SELECT shop_id FROM wf_shop_manager ORDER BY shop_id LIMIT 1`)).rows[0]?.shop_id ?? null;
}
