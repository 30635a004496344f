import type { FastifyReply } from 'fastify';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { registerDocImporter } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import type { Req } from '../../resources/access.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { report, type ImportRowError } from '../../resources/importer.ts';
import { readSheet, template, text } from '../../resources/sheetImport.ts';
import { merchantSecretBox } from '../../security/secretBox.ts';
import { idField } from '../../http/fields.ts';
import { shopIdsByCode } from './shopCodes.ts';

/**
 * A shop's payment side: its terminals (shop-merchant: add-batch, check-rel-shop, shop-bind-terminal, import) and
 * its merchant accounts with their signing keys (shop-jh-mcht-config: save, downloadKey, updateKey, import). The
 * lists, edits and deletes are the descriptors'; these are the calls with rules of their own. A key is sealed
 * before it reaches the database and leaves it only through downloadKey, each time written to the key log.
 */

const NO = /^[A-Za-z0-9_-]{1,32}$/;
const noField = (title: string) => ({ type: 'string', minLength: 1, maxLength: 32, pattern: NO.source, 'x-msg': `${title}只能包含字母、数字、下划线或短横线，最多32位`, title });
const MERCHANT_TYPES: Record<string, number> = { 银联POS: 1, 聚合扫码: 2, 其他: 3 };
const CHANNELS: Record<string, number> = { 微信: 1, 支付宝: 2, 聚合支付: 3 };
/** A signing key as the channels issue it: PEM or base64 text, a secret of 16 to 4096 characters. */
const keyField = { type: 'string', minLength: 16, maxLength: 4096, title: '商户密钥' };

async function shopName(tx: Queryable, shopId: number): Promise<string> {
  const r = await tx.query<{ shop_name: string }>(`SELECT shop_name FROM shop_base WHERE shop_id = $1`, [shopId]);
  if (!r.rows[0]) throw new ApiError('BAD_REQUEST', '门店不存在');
  return r.rows[0].shop_name;
}

// ---------------------------------------------------------------- terminals

registerCustomRoute('shopMerchant.addBatch', {
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['shopId', 'merchantType', 'merchantNo', 'terminalNos'],
      properties: {
        shopId: idField('门店'),
        merchantType: { type: 'integer', enum: [1, 2, 3], title: '商户类型' },
        merchantNo: noField('商户号'),
        terminalNos: { type: 'array', minItems: 1, maxItems: 100, uniqueItems: true, title: '终端号', items: noField('终端号') },
        remark: { type: ['string', 'null'], maxLength: 200, title: '备注' },
      },
    },
  },
  handler: async (req) => {
    const b = req.body as { shopId: number; merchantType: number; merchantNo: string; terminalNos: string[]; remark?: string | null };
    const rows = await req
      .tenantTx(async (tx) => {
        const name = await shopName(tx, b.shopId);
        const taken = await tx.query<{ terminal_no: string; shop_name: string }>(`SELECT terminal_no, shop_name FROM shop_merchant WHERE terminal_no = ANY($1::text[])`, [b.terminalNos]);
        if (taken.rows[0]) throw new ApiError('CONFLICT', `终端号 ${taken.rows[0].terminal_no} 已绑定在门店“${taken.rows[0].shop_name}”，请用“绑定终端”改绑`);
        const res = await tx.query<{ id: number }>(
          `INSERT INTO shop_merchant (tenant_id, shop_id, merchant_type, merchant_no, terminal_no, remark)
           SELECT app_current_tenant(), $1, $2, $3, t, $5 FROM unnest($4::text[]) AS t RETURNING shop_merchant_id AS id`,
          [b.shopId, b.merchantType, b.merchantNo, b.terminalNos, b.remark?.trim() || null],
        );
        return { shopName: name, count: res.rows.length };
      })
      .catch(asCallerError);
    return ok(rows, `已为${rows.shopName}添加 ${rows.count} 台终端`);
  },
});

registerCustomRoute('shopMerchant.checkRelShop', {
  schema: { params: { type: 'object', required: ['shopId', 'merchantType'], properties: { shopId: idField('门店'), merchantType: { type: 'integer', enum: [1, 2, 3], title: '商户类型' } } } },
  handler: async (req) => {
    const p = req.params as unknown as { shopId: number; merchantType: number };
    const rows = await req.tenantTx((tx) =>
      tx.query(
        `SELECT shop_merchant_id AS "shopMerchantId", merchant_no AS "merchantNo", terminal_no AS "terminalNo", status FROM shop_merchant
          WHERE shop_id = $1 AND merchant_type = $2 ORDER BY shop_merchant_id`,
        [p.shopId, p.merchantType],
      ),
    );
    return ok({ related: rows.rows.length > 0, records: rows.rows });
  },
});

registerCustomRoute('shopMerchant.bindTerminal', {
  schema: { params: { type: 'object', required: ['shopId', 'terminalNo'], properties: { shopId: idField('门店'), terminalNo: noField('终端号') } } },
  handler: async (req) => {
    const p = req.params as unknown as { shopId: number; terminalNo: string };
    const moved = await req
      .tenantTx(async (tx) => {
        const name = await shopName(tx, p.shopId);
        const r = await tx.query<{ from_shop: string; shop_merchant_id: number }>(
          `UPDATE shop_merchant m SET shop_id = $1 FROM (SELECT shop_merchant_id, shop_name AS from_shop FROM shop_merchant WHERE terminal_no = $2 FOR UPDATE) o
            WHERE m.shop_merchant_id = o.shop_merchant_id RETURNING o.from_shop, m.shop_merchant_id`,
          [p.shopId, p.terminalNo],
        );
        if (!r.rows[0]) throw new ApiError('NOT_FOUND', `终端号 ${p.terminalNo} 不存在，请先添加终端`);
        return { shopMerchantId: r.rows[0].shop_merchant_id, fromShop: r.rows[0].from_shop, toShop: name };
      })
      .catch(asCallerError);
    return ok(moved, moved.fromShop === moved.toShop ? `终端 ${p.terminalNo} 已在${moved.toShop}` : `终端 ${p.terminalNo} 已从${moved.fromShop}改绑到${moved.toShop}`);
  },
});

const TERMINAL_COLUMNS = ['门店编码', '商户类型', '商户号', '终端号', '备注'];

registerDocImporter('shopMerchant', {
  template: (_req, reply) => template(reply, '门店支付终端', TERMINAL_COLUMNS),
  async run(request, reply) {
    const req = request as Req;
    const sheet = await readSheet(req, TERMINAL_COLUMNS.slice(0, 4));
    if (Array.isArray(sheet)) return reply.status(400).send(report(0, 0, sheet));
    const errors: ImportRowError[] = [];
    const shops = await req.tenantTx((tx) => shopIdsByCode(tx, [...new Set(sheet.rows.map((r) => text(r.get('门店编码'))))]));
    const seen = new Map<string, number>();
    const rows: { shopId: number; type: number; merchantNo: string; terminalNo: string; remark: string | null }[] = [];
    for (const r of sheet.rows) {
      const fail = (field: string, message: string) => void errors.push({ row: r.row, field, message });
      const code = text(r.get('门店编码'));
      const type = MERCHANT_TYPES[text(r.get('商户类型'))];
      const merchantNo = text(r.get('商户号'));
      const terminalNo = text(r.get('终端号'));
      const remark = text(r.get('备注'));
      if (!shops.has(code)) { fail('门店编码', code ? `门店编码“${code}”不存在` : '门店编码不能为空'); continue; }
      if (!type) { fail('商户类型', `商户类型应为 ${Object.keys(MERCHANT_TYPES).join('、')} 之一`); continue; }
      if (!NO.test(merchantNo)) { fail('商户号', '商户号只能包含字母、数字、下划线或短横线，最多32位'); continue; }
      if (!NO.test(terminalNo)) { fail('终端号', '终端号只能包含字母、数字、下划线或短横线，最多32位'); continue; }
      if (seen.has(terminalNo)) { fail('终端号', `终端号 ${terminalNo} 与第${seen.get(terminalNo)}行重复`); continue; }
      if (remark.length > 200) { fail('备注', '备注长度不能超过200个字符'); continue; }
      seen.set(terminalNo, r.row);
      rows.push({ shopId: shops.get(code)!, type, merchantNo, terminalNo, remark: remark || null });
    }
    const taken = await req.tenantTx((tx) => tx.query<{ terminal_no: string; shop_name: string }>(`SELECT terminal_no, shop_name FROM shop_merchant WHERE terminal_no = ANY($1::text[])`, [rows.map((x) => x.terminalNo)]));
    for (const t of taken.rows) errors.push({ row: seen.get(t.terminal_no)!, field: '终端号', message: `终端号 ${t.terminal_no} 已绑定在门店“${t.shop_name}”` });
    if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors.sort((a, b) => a.row - b.row)));
    await req.tenantTx((tx) =>
      tx.query(
        `INSERT INTO shop_merchant (tenant_id, shop_id, merchant_type, merchant_no, terminal_no, remark)
         SELECT app_current_tenant(), s, t, m, n, x FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[]) AS u(s, t, m, n, x)`,
        [rows.map((x) => x.shopId), rows.map((x) => x.type), rows.map((x) => x.merchantNo), rows.map((x) => x.terminalNo), rows.map((x) => x.remark)],
      ),
    ).catch(asCallerError);
    return reply.send(report(rows.length, rows.length, []));
  },
});

// ---------------------------------------------------------------- merchant accounts and keys

async function logKey(tx: Queryable, auth: AuthContext, configId: number, action: 'create' | 'update' | 'download', ip: string): Promise<void> {
  await tx.query(`INSERT INTO shop_jh_mcht_key_log (tenant_id, config_id, action, user_id, user_name, ip) VALUES (app_current_tenant(), $1, $2, $3, $4, $5)`, [
    configId,
    action,
    auth.userId,
    auth.displayName ?? auth.userName,
    ip.slice(0, 64),
  ]);
}

const configBody = {
  type: 'object',
  additionalProperties: false,
  required: ['shopId', 'mchtNo', 'secretKey'],
  properties: {
    shopId: idField('门店'),
    channel: { type: 'integer', enum: [1, 2, 3], title: '支付渠道' },
    mchtNo: noField('商户号'),
    appId: { type: ['string', 'null'], maxLength: 64, pattern: '^[A-Za-z0-9_.-]*$', 'x-msg': 'AppID只能包含字母、数字、下划线、点或短横线', title: 'AppID' },
    secretKey: keyField,
    remark: { type: ['string', 'null'], maxLength: 200, title: '备注' },
  },
};

interface ConfigInput {
  shopId: number;
  channel?: number;
  mchtNo: string;
  appId?: string | null;
  secretKey: string;
  remark?: string | null;
}

async function createConfig(tx: Queryable, auth: AuthContext, dataDir: string, ip: string, b: ConfigInput): Promise<number> {
  const box = merchantSecretBox(dataDir);
  const key = b.secretKey.trim();
  const r = await tx.query<{ id: number }>(
    `INSERT INTO shop_jh_mcht_config (tenant_id, shop_id, channel, mcht_no, app_id, key_sealed, key_hint, key_update_user, remark)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (tenant_id, shop_id, channel) DO NOTHING RETURNING id`,
    [b.shopId, b.channel ?? 3, b.mchtNo, b.appId || null, box.seal(key), box.hint(key), auth.displayName ?? auth.userName, b.remark?.trim() || null],
  );
  if (!r.rows[0]) throw new ApiError('CONFLICT', '该门店在这个支付渠道已有商户配置，请修改原配置');
  await logKey(tx, auth, r.rows[0].id, 'create', ip);
  return r.rows[0].id;
}

registerCustomRoute('jhMcht.save', {
  schema: { body: configBody },
  handler: async (req, _reply, services) => {
    const id = await req.tenantTx((tx) => createConfig(tx, req.auth!, services.config.dataDir, req.ip, req.body as unknown as ConfigInput)).catch(asCallerError);
    return ok({ id }, '商户配置已保存，密钥已加密存储');
  },
});

registerCustomRoute('jhMcht.updateKey', {
  schema: {
    params: { type: 'object', required: ['id'], properties: { id: idField('商户配置') } },
    body: { type: 'object', additionalProperties: false, required: ['secretKey'], properties: { secretKey: keyField } },
  },
  handler: async (req, _reply, services) => {
    const configId = Number((req.params as { id: number }).id);
    const key = String((req.body as { secretKey: string }).secretKey).trim();
    const box = merchantSecretBox(services.config.dataDir);
    const auth = req.auth!;
    const hint = await req.tenantTx(async (tx) => {
      const r = await tx.query<{ key_hint: string }>(
        `UPDATE shop_jh_mcht_config SET key_sealed = $2, key_hint = $3, key_update_time = now(), key_update_user = $4 WHERE id = $1 RETURNING key_hint`,
        [configId, box.seal(key), box.hint(key), auth.displayName ?? auth.userName],
      );
      if (!r.rows[0]) throw new ApiError('NOT_FOUND', '商户配置不存在');
      await logKey(tx, auth, configId, 'update', req.ip);
      return r.rows[0].key_hint;
    });
    return ok({ id: configId, keyHint: hint }, '商户密钥已更换');
  },
});

registerCustomRoute('jhMcht.downloadKey', {
  schema: { params: { type: 'object', required: ['id'], properties: { id: idField('商户配置') } } },
  handler: async (req, reply: FastifyReply, services) => {
    const configId = Number((req.params as { id: number }).id);
    const auth = req.auth!;
    const { sealed, mchtNo, shop } = await req.tenantTx(async (tx) => {
      const r = await tx.query<{ key_sealed: string; mcht_no: string; shop_name: string }>(
        `UPDATE shop_jh_mcht_config SET download_count = download_count + 1, last_download_time = now(), last_download_user = $2
          WHERE id = $1 RETURNING key_sealed, mcht_no, shop_name`,
        [configId, auth.displayName ?? auth.userName],
      );
      if (!r.rows[0]) throw new ApiError('NOT_FOUND', '商户配置不存在');
      await logKey(tx, auth, configId, 'download', req.ip);
      return { sealed: r.rows[0].key_sealed, mchtNo: r.rows[0].mcht_no, shop: r.rows[0].shop_name };
    });
    let key: string;
    try {
      key = merchantSecretBox(services.config.dataDir).open(sealed);
    } catch {
      req.log.error({ configId }, 'merchant key cannot be opened with this server key');
      throw new ApiError('CONFLICT', '密钥无法解密：服务器的密钥配置（MERCHANT_KEY_SECRET）与保存时不同，请重新设置该商户密钥');
    }
    req.log.warn({ configId, user: auth.userName }, 'merchant key downloaded');
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`商户密钥_${shop}_${mchtNo}.txt`)}`)
      .send(key);
  },
});

const CONFIG_COLUMNS = ['门店编码', '支付渠道', '商户号', 'AppID', '商户密钥', '备注'];

registerDocImporter('jhMcht', {
  template: (_req, reply) => template(reply, '商户配置', CONFIG_COLUMNS),
  async run(request, reply, _doc, services) {
    const req = request as Req;
    const sheet = await readSheet(req, ['门店编码', '商户号', '商户密钥']);
    if (Array.isArray(sheet)) return reply.status(400).send(report(0, 0, sheet));
    const errors: ImportRowError[] = [];
    const shops = await req.tenantTx((tx) => shopIdsByCode(tx, [...new Set(sheet.rows.map((r) => text(r.get('门店编码'))))]));
    const inputs: { row: number; body: ConfigInput }[] = [];
    for (const r of sheet.rows) {
      const fail = (field: string, message: string) => void errors.push({ row: r.row, field, message });
      const code = text(r.get('门店编码'));
      const channelText = text(r.get('支付渠道')) || '聚合支付';
      const mchtNo = text(r.get('商户号'));
      const appId = text(r.get('AppID'));
      const key = text(r.get('商户密钥'));
      if (!shops.has(code)) { fail('门店编码', code ? `门店编码“${code}”不存在` : '门店编码不能为空'); continue; }
      if (!CHANNELS[channelText]) { fail('支付渠道', `支付渠道应为 ${Object.keys(CHANNELS).join('、')} 之一`); continue; }
      if (!NO.test(mchtNo)) { fail('商户号', '商户号只能包含字母、数字、下划线或短横线，最多32位'); continue; }
      if (appId && !/^[A-Za-z0-9_.-]{1,64}$/.test(appId)) { fail('AppID', 'AppID只能包含字母、数字、下划线、点或短横线'); continue; }
      if (key.length < 16 || key.length > 4096) { fail('商户密钥', '商户密钥长度应为16到4096个字符'); continue; }
      inputs.push({ row: r.row, body: { shopId: shops.get(code)!, channel: CHANNELS[channelText], mchtNo, appId: appId || null, secretKey: key, remark: text(r.get('备注')).slice(0, 200) || null } });
    }
    if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors));
    const dataDir = services!.config.dataDir;
    const rollBack = new Error('roll back');
    await req
      .tenantTx(async (tx) => {
        for (const x of inputs) {
          await tx.query('SAVEPOINT jh_row');
          try {
            await createConfig(tx, req.auth!, dataDir, req.ip, x.body);
            await tx.query('RELEASE SAVEPOINT jh_row');
          } catch (e) {
            await tx.query('ROLLBACK TO SAVEPOINT jh_row');
            errors.push({ row: x.row, field: '', message: e instanceof ApiError ? e.message : '保存失败' });
          }
        }
        if (errors.length) throw rollBack;
      })
      .catch((e) => {
        if (e !== rollBack) throw e;
      });
    if (errors.length) return reply.status(400).send(report(sheet.rows.length, 0, errors));
    return reply.send(report(inputs.length, inputs.length, []));
  },
});
