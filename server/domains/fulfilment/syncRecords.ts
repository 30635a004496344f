import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { paged } from '../../db/paged.ts';

/** The records of syncing online orders into picking (picking.ts syncs), and the e-commerce shipping settings (wh_ec_config). */

export function syncRecordPage(tx: Queryable, pageNum: number, pageSize: number) {
  return paged(
    tx,
    `SELECT wh_order_sync_rs_id AS "whOrderSyncRsId", to_char(sync_time, 'YYYY-MM-DD HH24:MI:SS') AS "syncTime", total_count AS "totalCount", success_count AS "successCount", fail_count AS "failCount", user_name AS "userName"
       FROM wh_order_sync_rs ORDER BY sync_time DESC, wh_order_sync_rs_id DESC`,
    [],
    pageNum,
    pageSize,
  );
}

export async function lastSyncTime(tx: Queryable): Promise<string | null> {
  return (await tx.query<{ t: string | null }>(`SELECT to_char(max(sync_time), 'YYYY-MM-DD HH24:MI:SS') AS t FROM wh_order_sync_rs`)).rows[0].t;
}

/** The orders one sync could not take, with the reason. */
export async function syncExceptions(tx: Queryable, syncId: number) {
  return (await tx.query<{ no: string; reason: string }>(`SELECT platform_order_no AS no, reason FROM wh_order_sync_exc WHERE wh_order_sync_rs_id = $1 ORDER BY exc_id`, [syncId])).rows;
}

export async function ecConfigInfo(tx: Queryable) {
  const row = (
    await tx.query(
      `SELECT c.default_wh_id AS "defaultWhId", w.wh_name AS "defaultWhName", c.picking_mode AS "pickingMode", c.auto_sync AS "autoSync", to_char(c.update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"
         FROM wh_ec_config c LEFT JOIN wh_base_info w ON w.wh_id = c.default_wh_id`,
    )
  ).rows[0];
  return row ?? { defaultWhId: null, defaultWhName: null, pickingMode: 1, autoSync: 0, updateTime: null };
}

export interface EcConfig { defaultWhId: number | null; pickingMode: number; autoSync: number }

/** The default warehouse must be an active one. */
export async function saveEcConfig(tx: Queryable, auth: AuthContext, c: EcConfig): Promise<void> {
  if (c.defaultWhId !== null && !(await tx.query(`SELECT 1 FROM wh_base_info WHERE wh_id = $1 AND status = 1`, [c.defaultWhId])).rows.length)
    throw new ApiError('BAD_REQUEST', '默认发货仓库不存在或已停用');
  await tx.query(
    `INSERT INTO wh_ec_config (tenant_id, default_wh_id, picking_mode, auto_sync) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id) DO UPDATE SET default_wh_id = EXCLUDED.default_wh_id, picking_mode = EXCLUDED.picking_mode, auto_sync = EXCLUDED.auto_sync, update_time = now()`,
    [auth.tenantId, c.defaultWhId, c.pickingMode, c.autoSync],
  );
}
