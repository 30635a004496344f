import type { FastifyInstance } from 'fastify';
import type { DescriptorSet } from '../../core/descriptors/types.ts';
import type { AppServices } from '../context.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok } from '../http/envelope.ts';
import { plainText } from '../http/fields.ts';
import { hiddenFor } from './access.ts';

/** One chosen column as the 设置显示字段 drawer saves it (spec 000 §3). */
export interface FileConfig {
  fieldName: string;
  fieldId: string;
  isSort: 0 | 1;
  titleParent?: string | null;
  wide?: number | null;
}

export interface HeaderColumn {
  prop?: string;
  name: string;
  width?: number | null;
  sortable?: boolean;
  children?: HeaderColumn[];
}

/** Saved configs read back as columns; columns sharing a titleParent sit under one parent, where its first child was. */
export function headerColumns(configs: FileConfig[]): HeaderColumn[] {
  const out: HeaderColumn[] = [];
  const parents = new Map<string, HeaderColumn>();
  for (const c of configs) {
    const col: HeaderColumn = { prop: c.fieldId, name: c.fieldName, width: c.wide ?? null, sortable: c.isSort === 1 };
    if (!c.titleParent) {
      out.push(col);
      continue;
    }
    let parent = parents.get(c.titleParent);
    if (!parent) {
      parent = { name: c.titleParent, children: [] };
      parents.set(c.titleParent, parent);
      out.push(parent);
    }
    parent.children!.push(col);
  }
  return out;
}

const fileConfigSchema = {
  type: 'object',
  required: ['fieldName', 'fieldId', 'isSort'],
  additionalProperties: false,
  properties: {
    fieldName: plainText('字段名称', 48, 1),
    fieldId: { type: 'string', title: '字段', minLength: 1, maxLength: 64, pattern: '^[A-Za-z_][A-Za-z0-9_.]*$', 'x-msg': '字段格式不正确' },
    isSort: { type: 'integer', enum: [0, 1], title: '是否可排序' },
    titleParent: { anyOf: [plainText('上级表头', 48), { type: 'null' }] },
    wide: { type: ['integer', 'null'], minimum: 20, maximum: 2000, title: '列宽' },
  },
};

/** A header column read back (headerColumns): a shared schema, so a parent's children can name it. */
const headerColumnSchema = {
  $id: 'HeaderColumn',
  type: 'object',
  required: ['name'],
  properties: {
    prop: { type: 'string', title: '字段（上级表头没有）' },
    name: { type: 'string' },
    width: { type: 'integer', nullable: true },
    sortable: { type: 'boolean' },
    children: { type: 'array', items: { $ref: 'HeaderColumn#' } },
  },
} as const;

const configAnswer = {
  type: 'object',
  required: ['title', 'fileConfigs', 'columns'],
  properties: {
    title: { type: 'string' },
    fileConfigs: { type: 'array', items: { type: 'object', additionalProperties: true } },
    columns: { type: 'array', items: { $ref: 'HeaderColumn#' } },
  },
};

const titleField = { type: 'string', title: '表名', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_\\-.\\u4e00-\\u9fa5]+$', 'x-msg': '表名格式不正确' };

/**
 * custom-title-config (wxy-system-server): each user's table columns. The user is the caller, never
 * taken from the body; for a table a descriptor knows, every fieldId must be one of its fields the
 * caller may see.
 */
export const columnConfigRoutes = (services: AppServices, set: DescriptorSet) => async (app: FastifyInstance) => {
  app.addSchema(headerColumnSchema);
  const resourceOfTitle = (title: string) => {
    for (const s of set.screens.values()) if ((s.columnConfigTitle ?? set.resources.get(s.resource)?.table) === title) return set.resources.get(s.resource);
    return [...set.resources.values()].find((r) => r.table === title);
  };

  app.post<{ Body: { userId?: number; title: string; fileConfigs: FileConfig[] } }>(
    '/custom-title-config/save',
    { config: { anyUser: true },
      schema: {
        tags: ['wxy-system-server'],
        summary: '保存当前用户的表头配置（设置显示字段）',
        body: {
          type: 'object',
          required: ['title', 'fileConfigs'],
          properties: { userId: { type: ['integer', 'null'], title: '用户ID' }, title: titleField, fileConfigs: { type: 'array', title: '字段配置', minItems: 1, maxItems: 300, items: fileConfigSchema } },
        },
        response: { 200: envelopeSchema(configAnswer) },
      },
    },
    async (req) => {
      const auth = req.auth!;
      const { userId, title, fileConfigs } = req.body;
      if (userId && userId !== auth.userId) throw new ApiError('FORBIDDEN', '只能保存自己的表头配置');
      const ids = new Set<string>();
      for (const c of fileConfigs) {
        if (ids.has(c.fieldId)) throw new ApiError('BAD_REQUEST', `字段“${c.fieldName}”重复`);
        ids.add(c.fieldId);
      }
      const r = resourceOfTitle(title);
      await req.tenantTx(async (tx) => {
        if (r) {
          const hidden = await hiddenFor(tx, auth, r);
          for (const c of fileConfigs) {
            if (!Object.hasOwn(r.fields, c.fieldId)) throw new ApiError('BAD_REQUEST', `字段“${c.fieldName}”不属于${r.title}`);
            if (hidden.has(c.fieldId)) throw new ApiError('FORBIDDEN', `您无权查看字段“${c.fieldName}”`);
          }
        }
        await tx.query(
          `INSERT INTO sys_custom_title_config(tenant_id, user_id, title, file_configs) VALUES ($1, $2, $3, $4)
           ON CONFLICT (tenant_id, user_id, title) DO UPDATE SET file_configs = EXCLUDED.file_configs, updated_at = now()`,
          [auth.tenantId, auth.userId, title, JSON.stringify(fileConfigs)],
        );
      });
      return ok({ title, fileConfigs, columns: headerColumns(fileConfigs) }, '保存成功');
    },
  );

  app.get<{ Querystring: { title?: string } }>(
    '/custom-title-config/query',
    { config: { anyUser: true },
      schema: {
        tags: ['wxy-system-server'],
        summary: '当前用户的表头配置（不传 title 时返回全部）',
        querystring: { type: 'object', properties: { title: titleField } },
        response: { 200: envelopeSchema({ type: 'array', items: configAnswer }) },
      },
    },
    async (req) => {
      const auth = req.auth!;
      const title = req.query.title;
      const rows = await req.tenantTx((tx) =>
        tx.query<{ title: string; file_configs: FileConfig[] | string }>(
          `SELECT title, file_configs FROM sys_custom_title_config WHERE user_id = $1 ${title ? 'AND title = $2' : ''} ORDER BY title`,
          title ? [auth.userId, title] : [auth.userId],
        ),
      );
      return ok(
        rows.rows.map((row) => {
          const fileConfigs = typeof row.file_configs === 'string' ? (JSON.parse(row.file_configs) as FileConfig[]) : row.file_configs;
          return { title: row.title, fileConfigs, columns: headerColumns(fileConfigs) };
        }),
      );
    },
  );

  app.delete<{ Querystring: { title: string } }>(
    '/custom-title-config/reset',
    { config: { anyUser: true },
      schema: {
        tags: ['wxy-system-server'],
        summary: '恢复默认表头（删除当前用户的配置）',
        querystring: { type: 'object', required: ['title'], properties: { title: titleField } },
      },
    },
    async (req) => {
      const auth = req.auth!;
      await req.tenantTx((tx) => tx.query(`DELETE FROM sys_custom_title_config WHERE user_id = $1 AND title = $2`, [auth.userId, req.query.title]));
      return ok(null, '已恢复默认');
    },
  );

  void services;
};
