import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import { plainText } from '../../http/fields.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { merchantSecretBox } from '../../security/secretBox.ts';

/**
 * 抖音 / 快手 平台配置 (po-douyin-config, po-ks-config get/save): the chain's open-platform app (app key, account)
 * and its secret. The secret is sealed by the server's secret box before it reaches the database and is never
 * answered back: get answers only whether it is set and its fingerprint; save without a secret keeps the old one.
 */

export const PLATFORMS = { douyin: { type: 2, name: '抖音' }, ks: { type: 3, name: '快手' } } as const;

interface SaveInput {
  appKey: string;
  appSecret?: string | null;
  accountId?: string | null;
  enabled?: boolean | null;
  remark?: string | null;
}

async function readConfig(tx: Queryable, platformType: number) {
  const r = await tx.query(
    `SELECT config_id AS "configId", platform_type AS "platformType", app_key AS "appKey", true AS "secretSet", secret_hint AS "secretHint",
            account_id AS "accountId", enabled, remark, update_user_name AS "updateUserName", to_char(update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime"
       FROM po_platform_config WHERE platform_type = $1`,
    [platformType],
  );
  return r.rows[0] ?? { configId: null, platformType, appKey: null, secretSet: false, secretHint: null, accountId: null, enabled: true, remark: null, updateUserName: null, updateTime: null };
}

async function saveConfig(tx: Queryable, auth: AuthContext, dataDir: string, platform: { type: number; name: string }, b: SaveInput) {
  const secret = b.appSecret?.trim() || null;
  const box = merchantSecretBox(dataDir);
  const user = auth.displayName ?? auth.userName;
  if (secret) {
    await tx.query(
      `INSERT INTO po_platform_config (tenant_id, platform_type, app_key, secret_sealed, secret_hint, account_id, enabled, remark, update_user_name)
       VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (tenant_id, platform_type) DO UPDATE SET app_key = EXCLUDED.app_key, secret_sealed = EXCLUDED.secret_sealed, secret_hint = EXCLUDED.secret_hint,
         account_id = EXCLUDED.account_id, enabled = EXCLUDED.enabled, remark = EXCLUDED.remark, update_user_name = EXCLUDED.update_user_name, update_time = now()`,
      [platform.type, b.appKey.trim(), box.seal(secret), box.hint(secret), b.accountId?.trim() || null, b.enabled ?? true, b.remark?.trim() || null, user],
    );
  } else {
    const r = await tx.query(
      `UPDATE po_platform_config SET app_key = $2, account_id = $3, enabled = $4, remark = $5, update_user_name = $6, update_time = now() WHERE platform_type = $1`,
      [platform.type, b.appKey.trim(), b.accountId?.trim() || null, b.enabled ?? true, b.remark?.trim() || null, user],
    );
    if (!r.rowCount) throw new ApiError('BAD_REQUEST', `首次保存${platform.name}配置须填写应用密钥`);
  }
  return readConfig(tx, platform.type);
}

const KEY = /^[A-Za-z0-9_.-]+$/;
const saveBody = {
  type: 'object', required: ['appKey'], additionalProperties: false,
  properties: {
    appKey: { type: 'string', minLength: 1, maxLength: 64, pattern: KEY.source, 'x-msg': '应用标识只能包含字母、数字、下划线、点或短横线，最多64位', title: '应用标识' },
    appSecret: { type: ['string', 'null'], maxLength: 256, pattern: '^(\\S{8,256})?$', 'x-msg': '应用密钥须为8到256位、不含空格的字符', title: '应用密钥' },
    accountId: { type: ['string', 'null'], maxLength: 64, pattern: `^([A-Za-z0-9_.-]*)$`, 'x-msg': '账户ID只能包含字母、数字、下划线、点或短横线', title: '账户ID' },
    enabled: { type: ['boolean', 'null'], title: '启用' },
    remark: { ...plainText('备注', 200), type: ['string', 'null'] },
  },
};

for (const [key, platform] of Object.entries(PLATFORMS)) {
  registerCustomRoute(`platformConfig.${key}.get`, {
    schema: {},
    handler: async (req) => ok(await req.tenantTx((tx) => readConfig(tx, platform.type))),
  });
  registerCustomRoute(`platformConfig.${key}.save`, {
    schema: { body: saveBody },
    handler: async (req, _reply, services) =>
      ok(await req.tenantTx((tx) => saveConfig(tx, req.auth!, services.config.dataDir, platform, req.body as unknown as SaveInput)).catch(asCallerError), `${platform.name}配置已保存，密钥已加密存储`),
  });
}
