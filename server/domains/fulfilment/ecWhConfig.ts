import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { idField } from '../../http/fields.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { PLATFORMS } from './onlineOrders.ts';

/**
 * 线上订单发货仓 (ec-order-wh-config): which warehouse ships each platform's online orders when an imported row
 * names none (ec-order-import uses it). list answers every platform, configured or not; save sets one; delete clears it.
 */

const NAMES = Object.fromEntries(Object.entries(PLATFORMS).map(([name, v]) => [v, name])) as Record<number, string>;

export async function whConfigList(tx: Queryable) {
  const rows = (await tx.query<{ configId: number; platform: number; whId: number; whName: string; whCode: string; updateUserName: string; updateTime: string }>(
    `SELECT c.config_id AS "configId", c.platform::int AS platform, c.wh_id AS "whId", w.wh_name AS "whName", w.wh_code AS "whCode",
            c.update_user_name AS "updateUserName", to_char(c.update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"
       FROM ec_order_wh_config c LEFT JOIN wh_base_info w ON w.wh_id = c.wh_id`,
  )).rows;
  return Object.entries(NAMES).map(([p, name]) => ({ ...(rows.find((r) => r.platform === Number(p)) ?? { configId: null, whId: null, whName: null, whCode: null, updateUserName: null, updateTime: null }), platform: Number(p), platformName: name }));
}

async function saveWhConfig(tx: Queryable, auth: AuthContext, platform: number, whId: number) {
  const wh = (await tx.query<{ wh_name: string; status: number }>(`SELECT wh_name, status FROM wh_base_info WHERE wh_id = $1`, [whId])).rows[0];
  if (!wh) throw new ApiError('BAD_REQUEST', '发货仓库不存在');
  if (Number(wh.status) !== 1) throw new ApiError('BAD_REQUEST', `仓库「${wh.wh_name}」已停用，不能作为发货仓`);
  await tx.query(
    `INSERT INTO ec_order_wh_config (tenant_id, platform, wh_id, update_user_name) VALUES (app_current_tenant(), $1, $2, $3)
     ON CONFLICT (tenant_id, platform) DO UPDATE SET wh_id = EXCLUDED.wh_id, update_user_name = EXCLUDED.update_user_name, update_time = now()`,
    [platform, whId, auth.displayName ?? auth.userName],
  );
  return (await whConfigList(tx)).find((c) => c.platform === platform);
}

const platformField = { type: 'integer', enum: Object.values(PLATFORMS), title: '平台' };

registerCustomRoute('ecWhConfig.list', { schema: {}, handler: async (req) => ok(await req.tenantTx((tx) => whConfigList(tx))) });

registerCustomRoute('ecWhConfig.save', {
  schema: { body: { type: 'object', required: ['platform', 'whId'], additionalProperties: false, properties: { platform: platformField, whId: idField('发货仓库') } } },
  handler: async (req) => {
    const b = req.body as { platform: number; whId: number };
    return ok(await req.tenantTx((tx) => saveWhConfig(tx, req.auth!, b.platform, b.whId)).catch(asCallerError), '发货仓已保存');
  },
});

registerCustomRoute('ecWhConfig.delete', {
  schema: { params: { type: 'object', required: ['platform'], properties: { platform: platformField } } },
  handler: async (req) => {
    const platform = (req.params as { platform: number }).platform;
    const r = await req.tenantTx((tx) => tx.query(`DELETE FROM ec_order_wh_config WHERE platform = $1`, [platform]));
    if (!r.rowCount) throw new ApiError('NOT_FOUND', `${NAMES[platform]}未配置发货仓`);
    return ok(null, '已清除发货仓');
  },
});
