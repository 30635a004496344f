import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { validateTemplate, type PrintTemplate } from '../../core/print/template/index.ts';
import type { AppServices } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { ok } from '../http/envelope.ts';

/**
 * What every print call answers: `data` kind, `{template, templateName, isDefault, data}` for the browser's print
 * or the print client (they lay out from the same template model); `pdf` kind, the vector PDF rendered here.
 * The template is the tenant's newest of the business type, else the caller's default one.
 */

export interface ChosenTemplate {
  name: string;
  template: PrintTemplate;
  isDefault: boolean;
}

/**
 * The tenant's newest template of the business type that it saved itself (打印模板设计), else its copy of the product's
 * default (migration 397, isDefault), else `fallback` (built from the data's shape) when the tenant deleted that copy.
 */
export async function templateFor(tx: Queryable, businessType: string, fallback: () => ChosenTemplate): Promise<ChosenTemplate> {
  const own = await tx.query<{ name: string; template: PrintTemplate; is_default: boolean }>(
    `SELECT name, template, is_default FROM print_template WHERE business_type = $1 ORDER BY is_default, update_time DESC, id DESC LIMIT 1`,
    [businessType],
  );
  const row = own.rows[0];
  return row ? { name: row.name, template: row.template, isDefault: row.is_default } : fallback();
}

export async function answerPrint(
  reply: FastifyReply,
  p: { kind: string; tpl: ChosenTemplate; data: Record<string, unknown>; title: string; services?: AppServices; tenantId: number; log: FastifyBaseLogger; logContext: Record<string, unknown> },
) {
  if (p.kind !== 'pdf' && p.kind !== 'data') throw new ApiError('BAD_REQUEST', '打印类型只能是 pdf 或 data');
  const checked = validateTemplate(p.tpl.template);
  if (!checked.ok) throw new ApiError('BAD_REQUEST', `打印模板「${p.tpl.name}」内容不正确，请在打印模板设计中修改后重试`);
  if (p.kind === 'data') return ok({ template: checked.template, templateName: p.tpl.name, isDefault: p.tpl.isDefault, data: p.data });
  // The PDF writer (pdf-lib, fontkit, the CJK fonts) loads with the first render, not at start-up.
  const { renderTemplatePdf, serverImageLoader } = await import('./render.ts');
  const services = p.services;
  const loadImage = services
    ? serverImageLoader(services, p.tenantId, (src, reason) => p.log.warn({ ...p.logContext, src, reason }, 'print image skipped'))
    : async () => {
        throw new Error('no image loader');
      };
  const pdf = await renderTemplatePdf(checked.template, p.data, p.title, loadImage);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(p.title)}.pdf`)
    .header('x-page-count', String(pdf.pageCount))
    .send(Buffer.from(pdf.bytes));
}
