/**
 * Print templates (wxy-system-server print-template/...): list, info, add, edit, copy, delete, and
 * render a stored template with data to a PDF with the same paginator and PDF writer as the browser.
 * Every template is validated with the designer's core model before it is stored.
 */
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../context.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, offsetOf, ok, pageParamsSchema, pageSchema } from '../http/envelope.ts';
import { plainText } from '../http/fields.ts';
import type { Queryable } from '../db/index.ts';
import { validateTemplate, type PrintTemplate } from '../../core/print/template/index.ts';
import type { ResourceDescriptor } from '../../core/descriptors/types.ts';
import { printBusinessTypes } from '../documents/catalog.ts';
import { templateErrorMessage } from './templateErrors.ts';

export const PRINT_TEMPLATE_PERMS = {
  list: 'print:template:list',
  add: 'print:template:add',
  edit: 'print:template:edit',
  delete: 'print:template:delete',
  render: 'print:template:render',
} as const;

/** A stored template JSON may carry images as data: URLs, but not without bound. */
export const MAX_TEMPLATE_CHARS = 2_000_000;

const saveBodyOf = (businessTypeField: { type: 'string'; title: string; enum: string[] }) => ({
  type: 'object',
  required: ['name', 'businessType', 'template'],
  properties: {
    name: plainText('模板名称', 48, 1),
    businessType: businessTypeField,
    remark: { ...plainText('备注', 200), type: ['string', 'null'] },
    template: { type: 'object', title: '模板内容', additionalProperties: true },
  },
}) as const;

const summarySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    businessType: { type: 'string' },
    businessTypeName: { type: 'string' },
    remark: { type: ['string', 'null'] },
    panelCount: { type: 'integer' },
    createTime: { type: 'string' },
    updateTime: { type: 'string' },
    updateBy: { type: ['string', 'null'] },
    isDefault: { type: 'boolean', title: '系统默认模板（未修改过；保存后成为本租户自己的模板）' },
  },
};
const infoSchema = { ...summarySchema, properties: { ...summarySchema.properties, template: { type: 'object', additionalProperties: true } } };

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, title: '模板ID' } } } as const;

interface SaveBody {
  name: string;
  businessType: string;
  remark?: string | null;
  template: unknown;
}

interface Row {
  id: number;
  name: string;
  businessType: string;
  remark: string | null;
  panelCount: number;
  createTime: string;
  updateTime: string;
  updateBy: string | null;
  template?: PrintTemplate;
}

const COLUMNS = `id, name, business_type AS "businessType", remark, panel_count AS "panelCount",
  to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime", to_char(update_time, 'YYYY-MM-DD HH24:MI:SS') AS "updateTime", update_by AS "updateBy", is_default AS "isDefault"`;


/** The body's template, validated with the designer's model; a 400 naming the first problem otherwise. */
function checkedTemplate(value: unknown): PrintTemplate {
  const result = validateTemplate(value);
  if (!result.ok) throw new ApiError('BAD_REQUEST', templateErrorMessage(result.errors));
  if (JSON.stringify(result.template).length > MAX_TEMPLATE_CHARS) throw new ApiError('BAD_REQUEST', `模板内容过大（最多 ${MAX_TEMPLATE_CHARS} 个字符），请压缩图片后重试`);
  return result.template;
}

function cleanName(name: string): string {
  const n = name.trim();
  if (!n) throw new ApiError('BAD_REQUEST', '模板名称不能为空');
  return n;
}

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';
const duplicateName = (name: string, businessType: string, businessTypeLabel: (type: string) => string) =>
  new ApiError('CONFLICT', `业务类型「${businessTypeLabel(businessType)}」下已有名为「${name}」的模板`);

async function loadRow(tx: Queryable, id: number, withTemplate = true): Promise<Row> {
  const row = (await tx.query<Row>(`SELECT ${COLUMNS}${withTemplate ? ', template' : ''} FROM print_template WHERE id = $1`, [id])).rows[0];
  if (!row) throw new ApiError('NOT_FOUND', '打印模板不存在或已删除');
  return row;
}

/** `resources`: the loaded descriptors, whose printable documents are business types besides 通用, 收银小票, 支付单 and 价签. */
export const printTemplateRoutes = (services: AppServices, resources: Iterable<ResourceDescriptor>) => async (app: FastifyInstance) => {
  const types = printBusinessTypes(resources);
  const labels = new Map(types.map((t) => [t.value, t.label]));
  const businessTypeLabel = (value: string) => labels.get(value) ?? value;
  const present = (r: Row) => ({ ...r, businessTypeName: businessTypeLabel(r.businessType) });
  const businessTypeField = { type: 'string' as const, title: '业务类型', enum: types.map((t) => t.value) };
  const saveBody = saveBodyOf(businessTypeField);
  const tags = ['print-template'];

  app.get('/print-template/business-types', {
    config: { perm: PRINT_TEMPLATE_PERMS.list },
    schema: { tags, summary: '打印模板的业务类型', response: { 200: envelopeSchema({ type: 'array', items: { type: 'object', properties: { value: { type: 'string' }, label: { type: 'string' } } } }) } },
  }, async () => ok(types));

  app.post<{ Params: { pageNum: number; pageSize: number }; Body: { name?: string; businessType?: string } }>('/print-template/page/:pageNum/:pageSize', {
    config: { perm: PRINT_TEMPLATE_PERMS.list },
    schema: {
      tags,
      summary: '打印模板分页列表（不含模板内容）',
      params: pageParamsSchema,
      body: { type: ['object', 'null'], properties: { name: { ...plainText('模板名称', 48), type: ['string', 'null'] }, businessType: { ...businessTypeField, enum: [...businessTypeField.enum, '', null], type: ['string', 'null'] } } },
      response: { 200: envelopeSchema(pageSchema(summarySchema)) },
    },
  }, async (req) => {
    const { pageNum, pageSize } = req.params;
    const name = req.body?.name?.trim() || null;
    const businessType = req.body?.businessType || null;
    return ok(await req.tenantTx(async (tx) => {
      const where = `WHERE ($1::text IS NULL OR position(lower($1) IN lower(name)) > 0) AND ($2::text IS NULL OR business_type = $2)`;
      const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM print_template ${where}`, [name, businessType])).rows[0].n;
      const records = (await tx.query<Row>(`SELECT ${COLUMNS} FROM print_template ${where} ORDER BY update_time DESC, id DESC LIMIT $3 OFFSET $4`,
        [name, businessType, pageSize, offsetOf(pageNum, pageSize)])).rows;
      return { records: records.map(present), total };
    }));
  });

  app.get<{ Params: { id: number } }>('/print-template/info/:id', {
    config: { perm: PRINT_TEMPLATE_PERMS.list },
    schema: { tags, summary: '打印模板详情（含模板内容）', params: idParams, response: { 200: envelopeSchema(infoSchema) } },
  }, async (req) => ok(present(await req.tenantTx((tx) => loadRow(tx, req.params.id)))));

  app.post<{ Body: SaveBody }>('/print-template/add', {
    config: { perm: PRINT_TEMPLATE_PERMS.add },
    schema: { tags, summary: '新增打印模板', body: saveBody, response: { 200: envelopeSchema(infoSchema) } },
  }, async (req) => {
    const auth = req.auth!;
    const name = cleanName(req.body.name);
    const template = checkedTemplate(req.body.template);
    try {
      const row = await req.tenantTx(async (tx) => {
        const { id } = (await tx.query<{ id: number }>(
          `INSERT INTO print_template(tenant_id, name, business_type, remark, template, panel_count, create_by, update_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
          [auth.tenantId, name, req.body.businessType, req.body.remark?.trim() || null, JSON.stringify(template), template.panels.length, auth.userName],
        )).rows[0];
        return loadRow(tx, id);
      });
      return ok(present(row), '保存成功');
    } catch (e) {
      if (isUniqueViolation(e)) throw duplicateName(name, req.body.businessType, businessTypeLabel);
      throw e;
    }
  });

  app.put<{ Params: { id: number }; Body: SaveBody }>('/print-template/edit/:id', {
    config: { perm: PRINT_TEMPLATE_PERMS.edit },
    schema: { tags, summary: '修改打印模板', params: idParams, body: saveBody, response: { 200: envelopeSchema(infoSchema) } },
  }, async (req) => {
    const auth = req.auth!;
    const name = cleanName(req.body.name);
    const template = checkedTemplate(req.body.template);
    try {
      const row = await req.tenantTx(async (tx) => {
        const updated = await tx.query(
          // Saved in the designer, a default copy becomes the tenant's own: a later product default leaves it alone.
          `UPDATE print_template SET name = $2, business_type = $3, remark = $4, template = $5, panel_count = $6, update_by = $7, update_time = now(), is_default = false
           WHERE id = $1`,
          [req.params.id, name, req.body.businessType, req.body.remark?.trim() || null, JSON.stringify(template), template.panels.length, auth.userName],
        );
        if (!updated.rowCount) throw new ApiError('NOT_FOUND', '打印模板不存在或已删除');
        return loadRow(tx, req.params.id);
      });
      return ok(present(row), '保存成功');
    } catch (e) {
      if (isUniqueViolation(e)) throw duplicateName(name, req.body.businessType, businessTypeLabel);
      throw e;
    }
  });

  app.post<{ Params: { id: number }; Body: { name?: string | null } | null }>('/print-template/copy/:id', {
    config: { perm: PRINT_TEMPLATE_PERMS.add },
    schema: {
      tags,
      summary: '复制打印模板（默认名称：原名-副本）',
      params: idParams,
      body: { type: ['object', 'null'], properties: { name: { ...plainText('模板名称', 48), type: ['string', 'null'] } } },
      response: { 200: envelopeSchema(infoSchema) },
    },
  }, async (req) => {
    const auth = req.auth!;
    const wanted = req.body?.name?.trim() || null;
    let chosen = '';
    let businessType = '';
    try {
      const row = await req.tenantTx(async (tx) => {
        const source = await loadRow(tx, req.params.id);
        businessType = source.businessType;
        chosen = wanted ?? (await freeCopyName(tx, source.name, source.businessType));
        const { id } = (await tx.query<{ id: number }>(
          `INSERT INTO print_template(tenant_id, name, business_type, remark, template, panel_count, create_by, update_by)
           SELECT tenant_id, $2, business_type, remark, template, panel_count, $3, $3 FROM print_template WHERE id = $1 RETURNING id`,
          [req.params.id, chosen, auth.userName],
        )).rows[0];
        return loadRow(tx, id);
      });
      return ok(present(row), '复制成功');
    } catch (e) {
      if (isUniqueViolation(e)) throw duplicateName(chosen, businessType, businessTypeLabel);
      throw e;
    }
  });

  app.delete<{ Params: { id: number } }>('/print-template/delete/:id', {
    config: { perm: PRINT_TEMPLATE_PERMS.delete },
    schema: { tags, summary: '删除打印模板', params: idParams, response: { 200: envelopeSchema({ type: 'null' }) } },
  }, async (req) => {
    const deleted = await req.tenantTx((tx) => tx.query(`DELETE FROM print_template WHERE id = $1`, [req.params.id]));
    if (!deleted.rowCount) throw new ApiError('NOT_FOUND', '打印模板不存在或已删除');
    return ok(null, '删除成功');
  });

  app.post<{ Params: { id: number }; Body: { data?: Record<string, unknown> | null } | null }>('/print-template/render/:id', {
    config: { perm: PRINT_TEMPLATE_PERMS.render },
    schema: {
      tags,
      summary: '按打印模板和数据生成 PDF（application/pdf）',
      params: idParams,
      body: { type: ['object', 'null'], properties: { data: { type: ['object', 'null'], title: '打印数据', additionalProperties: true } } },
    },
  }, async (req, reply) => {
    const row = await req.tenantTx((tx) => loadRow(tx, req.params.id));
    // a template stored before a model change is checked again rather than trusted
    const template = checkedTemplate(row.template);
    // The PDF writer (pdf-lib, fontkit, the CJK fonts) loads with the first render, not at start-up.
    const { renderTemplatePdf, serverImageLoader } = await import('./render.ts');
    const loadImage = serverImageLoader(services, req.auth!.tenantId, (src, reason) => req.log.warn({ templateId: req.params.id, src, reason }, 'print image skipped'));
    const pdf = await renderTemplatePdf(template, req.body?.data ?? undefined, row.name, loadImage);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.name)}.pdf`)
      .header('x-page-count', String(pdf.pageCount))
      .send(Buffer.from(pdf.bytes));
  });
};

/** '<name>-副本', then '-副本2', '-副本3'... : the first not taken in the business type (names stay within 48 characters). */
async function freeCopyName(tx: Queryable, name: string, businessType: string): Promise<string> {
  const base = `${name.slice(0, 44)}-副本`;
  const taken = new Set((await tx.query<{ name: string }>(`SELECT name FROM print_template WHERE business_type = $1 AND left(name, $2) = $3`, [businessType, base.length, base])).rows.map((r) => r.name));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}${i}`)) return `${base}${i}`;
}
