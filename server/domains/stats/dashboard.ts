import type { FastifyInstance } from 'fastify';
import type { WaitingDocuments } from '../../documents/catalog.ts';
import { ok } from '../../http/envelope.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { dashboard } from './dashboardFigures.ts';

/** 工作台 (GET statistics/dashboard): the day's picture of the caller's shops in one call, computed by dashboardFigures.ts. */

export const dashboardRoutes = (waiting: WaitingDocuments[]) => async (app: FastifyInstance) => {
  app.get<{ Querystring: { days?: 7 | 30 } }>('/statistics/dashboard', {
    // Every logged-in user has a 工作台: its figures are scoped to the caller's shops on the server (shopScope).
    config: { anyUser: true },
    schema: {
      tags: ['wxy-order-server'],
      summary: '工作台：本人门店范围内今日销售与目标、近 7/30 天趋势、销售前 5 的门店与 SKU、今日分时销售、库存预警、临期与过期批次数、待我审批与待处理单据',
      querystring: { type: 'object', additionalProperties: false, properties: { days: { type: 'integer', enum: [7, 30], title: '趋势天数' } } },
    },
  }, async (req) => ok(await req.summaryTx((tx) => dashboard(tx, req.auth!, req.query.days ?? 7, waiting)).catch(asCallerError)));
};
