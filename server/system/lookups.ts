import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../context.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok, offsetOf, pageParamsSchema, pageSchema } from '../http/envelope.ts';
import { MAX_LENGTH } from '../http/fields.ts';
import { dictionaryItems } from './dictionary.ts';

const tenantSchema = {
  type: 'object',
  required: ['id', 'tenantName', 'logo', 'menuLogo', 'domain', 'recordNumber', 'mainIndustry'],
  properties: {
    id: { type: 'integer' },
    tenantName: { type: 'string' },
    logo: { type: ['string', 'null'] },
    menuLogo: { type: ['string', 'null'] },
    domain: { type: ['string', 'null'] },
    recordNumber: { type: ['string', 'null'] },
    mainIndustry: { type: 'integer' },
  },
};

/** Small read-only lookups the shell needs: tenant branding, dictionaries, server time, renamed labels, version log. */
export const lookupRoutes = (services: AppServices) => async (app: FastifyInstance) => {
  const { db } = services;

  app.post<{ Body: { id?: number; domain?: string } }>(
    '/tenant/get',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: '租户信息与品牌（按 id 或域名）',
        body: {
          type: 'object',
          properties: {
            id: { type: 'integer', minimum: 1, title: '租户ID' },
            domain: { type: 'string', title: '域名', maxLength: MAX_LENGTH.email, pattern: '^[A-Za-z0-9.:\\-]*$', 'x-msg': '域名格式不正确' },
          },
        },
        response: { 200: envelopeSchema({ anyOf: [tenantSchema, { type: 'null' }] }) },
      },
    },
    async (req) => {
      const { id, domain } = req.body ?? {};
      if (!id && !domain) throw new ApiError('BAD_REQUEST', '租户ID或域名不能为空');
      const row = await db.system(async (tx) =>
        (
          await tx.query(
            `SELECT id, tenant_name AS "tenantName", logo, menu_logo AS "menuLogo", domain, record_number AS "recordNumber",
                    main_industry AS "mainIndustry"
               FROM sys_tenant WHERE status = 1 AND ${id ? 'id = $1' : 'lower(domain) = lower($1)'}`,
            [id ?? domain],
          )
        ).rows[0],
      );
      // A domain that is no tenant's is not an error: the login page then asks for the tenant.
      if (!row && id) throw new ApiError('UNKNOWN_TENANT');
      return ok(row ?? null);
    },
  );

  app.get<{ Params: { code: string } }>(
    '/ms-data-dictionary/findList/:code',
    { config: { anyUser: true },
      schema: {
        tags: ['system'],
        summary: '数据字典',
        params: { type: 'object', properties: { code: { type: 'string', title: '字典编码', maxLength: 48, pattern: '^[A-Za-z0-9_\\-]+$', 'x-msg': '字典编码格式不正确' } } },
        response: { 200: envelopeSchema({ type: 'array', items: { type: 'object', properties: { label: { type: 'string' }, value: { type: 'string' }, sort: { type: 'integer' } } } }) },
      },
    },
    async (req) =>
      ok(await req.tenantTx((tx) => dictionaryItems(tx, req.params.code))),
  );

  app.get(
    '/sys-date/now',
    { config: { anyUser: true }, schema: { tags: ['system'], summary: '服务器时间', response: { 200: envelopeSchema({ type: 'object', required: ['now', 'timestamp'], properties: { now: { type: 'string' }, timestamp: { type: 'number' } } }) } } },
    async () => {
      const now = new Date();
      return ok({ now: now.toISOString(), timestamp: now.getTime() });
    },
  );

  app.get(
    '/sys-base-config/name-map',
    { config: { anyUser: true },
      schema: {
        tags: ['system'],
        summary: '基础配置名称映射（默认名到新名）',
        response: { 200: envelopeSchema({ type: 'array', items: { type: 'object', required: ['defaultName', 'newName'], properties: { defaultName: { type: 'string' }, newName: { type: 'string' } } } }) },
      },
    },
    async (req) =>
      ok((await req.tenantTx((tx) => tx.query(`SELECT default_name AS "defaultName", new_name AS "newName" FROM sys_base_config_name ORDER BY default_name`))).rows),
  );

  app.get<{ Params: { pageNum: number; pageSize: number } }>(
    '/sys-version-log/findPage/:pageNum/:pageSize',
    { config: { anyUser: true },
      schema: {
        tags: ['system'],
        summary: '版本日志（分页）',
        params: pageParamsSchema,
        response: {
          200: envelopeSchema(
            pageSchema({ type: 'object', required: ['id', 'version', 'content', 'publishTime'], properties: { id: { type: 'integer' }, version: { type: 'string' }, content: { type: 'string' }, publishTime: { type: 'string' } } }),
          ),
        },
      },
    },
    async (req) => {
      const { pageNum, pageSize } = req.params;
      return ok(
        await req.tenantTx(async (tx) => ({
          total: (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_version_log`)).rows[0].n,
          records: (
            await tx.query(
              `SELECT id, version, content, to_char(publish_time, 'YYYY-MM-DD HH24:MI:SS') AS "publishTime"
                 FROM sys_version_log ORDER BY publish_time DESC, id DESC LIMIT $1 OFFSET $2`,
              [pageSize, offsetOf(pageNum, pageSize)],
            )
          ).rows,
        })),
      );
    },
  );
};
