import type { FastifyInstance } from 'fastify';
import { quoteIdent } from '../resources/query.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok } from '../http/envelope.ts';
import { grantedMenuKeys } from '../permissions.ts';
import type { DocumentPage } from './catalog.ts';

/** A document number as nextDocNo makes them (CG20261128-0001). */
const NUMBER_PATTERN = '^[A-Z]{1,10}[0-9]{8}-[0-9]{3,6}$';

const foundSchema = {
  type: 'object',
  properties: {
    number: { type: 'string' },
    title: { type: 'string' },
    route: { type: 'string' },
    query: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

/**
 * GET document/find?number=CG20261128-0001: where the document of that number opens (its page and key), for the
 * command palette. The prefix names the document type; the caller must hold its get permission (403 naming the
 * type), and reads through the request's transaction, so another tenant's or another shop's document is not found.
 */
export function documentFinderRoutes(pages: readonly DocumentPage[]) {
  return async (app: FastifyInstance) => {
    app.get<{ Querystring: { number: string } }>(
      '/document/find',
      {
        config: { anyUser: true },
        schema: {
          tags: ['system'],
          summary: '按单号查找单据（打开其详情页）',
          querystring: { type: 'object', required: ['number'], properties: { number: { type: 'string', title: '单号', maxLength: 40, pattern: NUMBER_PATTERN } } },
          response: { 200: envelopeSchema(foundSchema) },
        },
      },
      async (req) => {
        const number = req.query.number;
        const prefix = /^[A-Z]+/.exec(number)![0];
        const candidates = pages.filter((p) => p.prefix === prefix);
        if (candidates.length === 0) throw new ApiError('NOT_FOUND', `没有找到单号 ${number}`);
        return ok(
          await req.tenantTx(async (tx) => {
            const granted = req.auth!.isAdmin ? null : await grantedMenuKeys(tx, req.auth!);
            const allowed = candidates.filter((p) => !granted || !p.perm || granted.has(p.perm));
            if (allowed.length === 0) throw new ApiError('FORBIDDEN', `您没有查看${candidates[0].title}的权限`);
            for (const p of allowed) {
              const row = (await tx.query<{ id: string }>(`SELECT ${quoteIdent(p.keyColumn)}::text AS id FROM ${quoteIdent(p.table)} WHERE ${quoteIdent(p.numberColumn)} = $1 LIMIT 1`, [number])).rows[0];
              if (row) return { number, title: p.title, route: p.route, query: { [p.keyField]: row.id } };
            }
            throw new ApiError('NOT_FOUND', `没有找到单号 ${number}`);
          }),
        );
      },
    );
  };
}
