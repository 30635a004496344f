import type { FastifyInstance } from 'fastify';
import type { ResourceDescriptor } from '../../core/descriptors/types.ts';
import { ok } from '../http/envelope.ts';
import { PRINT_TEMPLATE_PERMS } from '../printTemplates/routes.ts';
import { documentPrintFields } from './printing.ts';
import { docContext } from './context.ts';

/**
 * GET print-template/business-fields/{businessType}: the fields a template of a document type can print,
 * from the document's descriptors (the designer's field list); an empty list for types that are no document.
 */
export function printFieldsRoutes(resources: ReadonlyMap<string, ResourceDescriptor>) {
  const byType = new Map<string, ReturnType<typeof documentPrintFields>>();
  for (const r of resources.values()) if (r.document) byType.set(r.document.type, documentPrintFields(docContext(r, resources)));
  return async (app: FastifyInstance) => {
    app.get<{ Params: { businessType: string } }>('/print-template/business-fields/:businessType', {
      config: { perm: PRINT_TEMPLATE_PERMS.list },
      schema: {
        tags: ['wxy-system-server'],
        summary: '打印模板业务类型的可选字段（来自单据的描述）',
        params: { type: 'object', required: ['businessType'], properties: { businessType: { type: 'string', maxLength: 32, pattern: '^[A-Za-z][A-Za-z0-9_]*$', title: '业务类型' } } },
      },
    }, async (req) => ok(byType.get(req.params.businessType) ?? []));
  };
}
