import type { FastifyInstance } from 'fastify';
import { registerDocFn } from '../../documents/registry.ts';
import { ok } from '../../http/envelope.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { postStock } from '../stock/index.ts';
import { dateParam, idField, nullableIdField } from '../../http/fields.ts';
import { checkLines, costLines, lockAllocation, returnableLines, returnStatistics, type ReturnStatisticsFilter, stampAudit, takeAllocation } from './returnOrderQueries.ts';

/**
 * 退货 (return-order): a shop sends goods of a transfer it received back to the warehouse that sent them.
 * Auditing takes them out of the transfer's destination and into its source at the transfer line's cost; a
 * line never returns more than the transfer line received less what other audited returns already took back
 * (checked with the transfer row locked, so two returns audited at once cannot both pass). The SQL is
 * returnOrderQueries.ts's.
 */

registerDocFn('returnOrder.save', async ({ tx, id, header }) => {
  const a = await lockAllocation(tx, header.allocationId);
  await takeAllocation(tx, id, a);
  const left = await checkLines(tx, id, a.allocation_id);
  await costLines(tx, id, left);
});

registerDocFn('returnOrder.audit', async ({ tx, auth, ref, header, lines, id }) => {
  const a = await lockAllocation(tx, header.allocationId);
  await checkLines(tx, id, a.allocation_id);
  await postStock(
    tx,
    auth,
    ref,
    lines.flatMap((l) => [
      { whId: a.in_wh_id, skuId: Number(l.skuId), qty: -Number(l.quantity), lineId: Number(l.detId) },
      { whId: a.out_wh_id, skuId: Number(l.skuId), qty: Number(l.quantity), unitCost: Number(l.unitCost ?? 0), lineId: Number(l.detId) },
    ]),
  );
  await stampAudit(tx, id, auth.displayName ?? auth.userName);
});

registerDocFn('returnOrder.unAudit', async ({ tx, auth, ref, header, lines, id }) => {
  await postStock(
    tx,
    auth,
    ref,
    lines.flatMap((l) => [
      { whId: Number(header.outWhId), skuId: Number(l.skuId), qty: Number(l.quantity), unitCost: Number(l.unitCost ?? 0), lineId: Number(l.detId) },
      { whId: Number(header.inWhId), skuId: Number(l.skuId), qty: -Number(l.quantity), lineId: Number(l.detId) },
    ]),
  );
  await stampAudit(tx, id, null);
});

/** statistics and findDetListByAllocation (wxy-warehouse-server/return-order). */
export const returnOrderRoutes = async (app: FastifyInstance) => {
  app.post<{ Body: { allocationId: number } }>('/return-order/findDetListByAllocation', {
    config: { perm: 'wh:return:add' },
    schema: { tags: ['wxy-warehouse-server'], summary: '调拨单可退的商品：实收、已退、可退数量与成本', body: { type: 'object', required: ['allocationId'], properties: { allocationId: idField('调拨单') } } },
  }, async (req) => {
    const rows = await req.tenantTx((tx) => returnableLines(tx, req.body.allocationId)).catch(asCallerError);
    return ok(rows);
  });

  app.post<{ Body: ReturnStatisticsFilter }>('/return-order/statistics', {
    config: { perm: 'wh:return:list' },
    schema: {
      tags: ['wxy-warehouse-server'],
      summary: '退货统计：单数、已审核数、退货数量与成本金额，按退货仓库汇总',
      body: { type: ['object', 'null'], properties: { outWhId: nullableIdField('退货仓库'), inWhId: nullableIdField('收货仓库'), createTimeStart: dateParam('创建开始时间', 'date-time', { nullable: true }), createTimeEnd: dateParam('创建结束时间', 'date-time', { nullable: true }) } },
    },
  }, async (req) => {
    const b = req.body ?? {};
    const rows = await req.tenantTx((tx) => returnStatistics(tx, b)).catch(asCallerError);
    return ok(rows);
  });
};
