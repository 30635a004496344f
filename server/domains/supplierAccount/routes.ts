import type { FastifyInstance, FastifyReply } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { idField, nullableIdField } from '../../http/fields.ts';
import { sendCsv } from '../../http/sendCsv.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import type { Req } from '../../resources/access.ts';
import { dayField, nullableText } from '../analysis/index.ts';
import { paymentFen } from './rules.ts';
import { ENTRY_COLUMNS, STATEMENT_COLUMNS } from './statement.ts';
import {
  addPayment, correctPayment, type Filter, lastBalance, ledgerPage, ledgerRows, type PaymentBody, statementDetail, statementPage, statementRows, statementSummary,
} from './accountQueries.ts';

/**
 * 供应商对账 and 供应商往来账 (wxy-order-server supplier/...): reconciliation-stat/v2 (page, summary, export,
 * detail/{pdSupplierId}) and account-det (add-payment-order, list, last-balance, update, export). The handlers validate
 * and call accountQueries.ts.
 */

export const SUPPLIER_ACCOUNT_PERMS = {
  statement: 'supplier:reconciliation:list',
  statementExport: 'supplier:reconciliation:export',
  list: 'supplier:account:list',
  pay: 'supplier:account:pay',
  edit: 'supplier:account:edit',
  export: 'supplier:account:export',
} as const;

const tags = ['wxy-order-server'];
const FILTER_PROPS = {
  pageNum: { type: ['integer', 'null'], minimum: 1, maximum: 1000000, title: '页码' },
  pageSize: { type: ['integer', 'null'], minimum: 1, maximum: 999999, title: '每页条数' },
  supplierId: nullableIdField('供应商'),
  pdSupplierId: nullableIdField('供应商'),
  supplierName: nullableText('供应商名称', 48),
  detType: { type: ['integer', 'null'], enum: [1, 2, 3, 4, null], title: '类型' },
  dateStart: dayField('开始日期'),
  dateEnd: dayField('结束日期'),
} as const;
const FILTER_BODY = { type: ['object', 'null'], additionalProperties: false, properties: FILTER_PROPS } as const;

const PAYMENT_BODY = {
  type: 'object',
  required: ['amount'],
  additionalProperties: false,
  properties: {
    supplierId: nullableIdField('供应商'),
    pdSupplierId: nullableIdField('供应商'),
    amount: { type: 'number', title: '付款金额' },
    payDate: dayField('付款日期'),
    payMethod: { type: ['integer', 'null'], enum: [1, 2, 3, 4, null], title: '付款方式' },
    remark: nullableText('备注', 200),
    clientUuid: { type: ['string', 'null'], format: 'uuid', title: '请求编号' },
  },
} as const;

const UPDATE_BODY = {
  type: 'object',
  required: ['detId', 'amount', 'remark'],
  additionalProperties: false,
  properties: {
    detId: idField('付款记录'),
    amount: { type: 'number', title: '付款金额' },
    remark: { ...nullableText('更正原因', 200), type: 'string', minLength: 1 },
  },
} as const;

export const supplierAccountRoutes = async (app: FastifyInstance) => {
  // ---- reconciliation-stat/v2 ---------------------------------------------------------------------------------
  app.post<{ Body: Filter | null }>('/supplier/reconciliation-stat/v2/page', {
    config: { perm: SUPPLIER_ACCOUNT_PERMS.statement },
    schema: { tags, body: FILTER_BODY, summary: '供应商对账（分页，body 带 pageNum、pageSize）：每个供应商的期初应付、本期收货（已审核收货单，按收货价）、退货（已确认退供应商单）、付款、期末应付' },
  }, async (req) => ok(await req.tenantTx((tx) => statementPage(tx, req.auth!, req.body ?? {})).catch(asCallerError)));

  app.post<{ Body: Filter | null }>('/supplier/reconciliation-stat/v2/summary', {
    config: { perm: SUPPLIER_ACCOUNT_PERMS.statement },
    schema: { tags, body: FILTER_BODY, summary: '供应商对账合计：供应商数、期初应付、本期收货、退货、付款、期末应付' },
  }, async (req) => ok(await req.tenantTx((tx) => statementSummary(tx, req.auth!, req.body ?? {})).catch(asCallerError)));

  app.post<{ Body: Filter | null }>('/supplier/reconciliation-stat/v2/export', {
    config: { perm: SUPPLIER_ACCOUNT_PERMS.statementExport },
    schema: { tags, body: FILTER_BODY, summary: '导出供应商对账（CSV）' },
  }, async (req, reply) => {
    const { rows, hidden } = await req.tenantTx((tx) => statementRows(tx, req.auth!, req.body ?? {})).catch(asCallerError);
    return sendCsv(reply, '供应商对账', STATEMENT_COLUMNS, rows, hidden);
  });

  const detail = async (req: Req & { params: { pdSupplierId: number } }, f: Filter) =>
    ok(await req.tenantTx((tx) => statementDetail(tx, req.auth!, req.params.pdSupplierId, f)).catch(asCallerError));
  const detailParams = { type: 'object', required: ['pdSupplierId'], properties: { pdSupplierId: idField('供应商') } } as const;
  app.get<{ Params: { pdSupplierId: number }; Querystring: Filter }>('/supplier/reconciliation-stat/v2/detail/:pdSupplierId', {
    config: { perm: SUPPLIER_ACCOUNT_PERMS.statement },
    schema: { tags, params: detailParams, querystring: { type: 'object', additionalProperties: false, properties: FILTER_PROPS }, summary: '某供应商的对账明细：期间合计与逐笔（收货、退货、付款、更正）及每笔后的应付余额' },
  }, (req) => detail(req as never, req.query ?? {}));
  app.post<{ Params: { pdSupplierId: number }; Body: Filter | null }>('/supplier/reconciliation-stat/v2/detail/:pdSupplierId', {
    config: { perm: SUPPLIER_ACCOUNT_PERMS.statement },
    schema: { tags, params: detailParams, body: FILTER_BODY, summary: '某供应商的对账明细（POST，筛选在请求体中）' },
  }, (req) => detail(req as never, req.body ?? {}));

  // ---- account-det ----------------------------------------------------------------------------------------------
  app.post<{ Body: PaymentBody }>('/supplier/account-det/add-payment-order', {
    config: { perm: SUPPLIER_ACCOUNT_PERMS.pay },
    schema: { tags, body: PAYMENT_BODY, summary: '登记付款：供应商往来账记一笔付款（金额精确到分，同一 clientUuid 只记一次），答复付款记录与付款后的应付余额' },
  }, async (req) => {
    const b = req.body;
    const amountFen = paymentFen(b.amount);
    return ok(await req.tenantTx((tx) => addPayment(tx, req.auth!, b, amountFen)).catch(asCallerError), '付款已登记');
  });

  app.put<{ Body: { detId: number; amount: number; remark: string } }>('/supplier/account-det/update', {
    config: { perm: SUPPLIER_ACCOUNT_PERMS.edit },
    schema: { tags, body: UPDATE_BODY, summary: '更正付款：不改原记录，记一笔更正（差额），原记录与更正都留在往来账中；一条记录只能更正一次（再更正请更正最新一条）' },
  }, async (req) => {
    const newFen = paymentFen(req.body.amount);
    return ok(await req.tenantTx((tx) => correctPayment(tx, req.auth!, req.body, newFen)).catch(asCallerError), '付款已更正');
  });

  app.post<{ Body: Filter | null }>('/supplier/account-det/list', {
    config: { perm: SUPPLIER_ACCOUNT_PERMS.list },
    schema: { tags, body: FILTER_BODY, summary: '供应商往来账（分页，body 带 pageNum、pageSize）：收货、退货、付款、更正逐笔，每笔后该供应商的应付余额' },
  }, async (req) => ok(await req.tenantTx((tx) => ledgerPage(tx, req.auth!, req.body ?? {})).catch(asCallerError)));

  app.get<{ Querystring: { supplierId?: number; pdSupplierId?: number } }>('/supplier/account-det/last-balance', {
    config: { perm: SUPPLIER_ACCOUNT_PERMS.list },
    schema: { tags, querystring: { type: 'object', additionalProperties: false, properties: { supplierId: nullableIdField('供应商'), pdSupplierId: nullableIdField('供应商') } }, summary: '供应商当前应付余额（往来账之和）与最近一笔的日期' },
  }, async (req) => ok(await req.tenantTx((tx) => lastBalance(tx, req.auth!, req.query.pdSupplierId ?? req.query.supplierId)).catch(asCallerError)));

  app.post<{ Body: Filter | null }>('/supplier/account-det/export', {
    config: { perm: SUPPLIER_ACCOUNT_PERMS.export },
    schema: { tags, body: FILTER_BODY, summary: '导出供应商往来账（CSV）' },
  }, async (req, reply: FastifyReply) => {
    const { rows, hidden } = await req.tenantTx((tx) => ledgerRows(tx, req.auth!, req.body ?? {})).catch(asCallerError);
    return sendCsv(reply, '供应商往来账', ENTRY_COLUMNS, rows, hidden);
  });
};
