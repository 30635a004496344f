import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { idField, nullableIdField } from '../../http/fields.ts';
import { sendCsv } from '../../http/sendCsv.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
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

const DETAIL_PARAMS = { type: 'object', required: ['pdSupplierId'], properties: { pdSupplierId: idField('供应商') } } as const;

export const supplierAccountRoutes = async (app: FastifyInstance) => {
  // ---- reconciliation-stat/v2 ---------------------------------------------------------------------------------
  const detail = async (req: Req & { params: { pdSupplierId: number } }, f: Filter) =>
    ok(await req.tenantTx((tx) => statementDetail(tx, req.auth!, req.params.pdSupplierId, f)).catch(asCallerError));
  app.get<{ Params: { pdSupplierId: number }; Querystring: Filter }>('/supplier/reconciliation-stat/v2/detail/:pdSupplierId', {
    config: { perm: SUPPLIER_ACCOUNT_PERMS.statement },
    schema: { tags, params: DETAIL_PARAMS, querystring: { type: 'object', additionalProperties: false, properties: FILTER_PROPS }, summary: '某供应商的对账明细：期间合计与逐笔（收货、退货、付款、更正）及每笔后的应付余额' },
  }, (req) => detail(req as never, req.query ?? {}));

  app.get<{ Querystring: { supplierId?: number; pdSupplierId?: number } }>('/supplier/account-det/last-balance', {
    config: { perm: SUPPLIER_ACCOUNT_PERMS.list },
    schema: { tags, querystring: { type: 'object', additionalProperties: false, properties: { supplierId: nullableIdField('供应商'), pdSupplierId: nullableIdField('供应商') } }, summary: '供应商当前应付余额（往来账之和）与最近一笔的日期' },
  }, async (req) => ok(await req.tenantTx((tx) => lastBalance(tx, req.auth!, req.query.pdSupplierId ?? req.query.supplierId)).catch(asCallerError)));

};

// 供应商对账 is a computed report resource (schemas/resources/supplier-reconciliation.json): its page, summary, export and
// the entries of one supplier (what a figure opens) are the descriptor's routes; the figures are these handlers'.
registerCustomRoute('supplierAccount.statement.page', {
  schema: { body: FILTER_BODY },
  handler: async (req) => ok(await req.tenantTx((tx) => statementPage(tx, req.auth!, (req.body ?? {}) as Filter)).catch(asCallerError)),
});

registerCustomRoute('supplierAccount.statement.summary', {
  schema: { body: FILTER_BODY },
  handler: async (req) => ok(await req.tenantTx((tx) => statementSummary(tx, req.auth!, (req.body ?? {}) as Filter)).catch(asCallerError)),
});

registerCustomRoute('supplierAccount.statement.export', {
  schema: { body: FILTER_BODY },
  handler: async (req, reply) => {
    const { rows, hidden } = await req.tenantTx((tx) => statementRows(tx, req.auth!, (req.body ?? {}) as Filter)).catch(asCallerError);
    return sendCsv(reply, '供应商对账', STATEMENT_COLUMNS, rows, hidden);
  },
});

registerCustomRoute('supplierAccount.statement.detail', {
  schema: { params: DETAIL_PARAMS, body: FILTER_BODY },
  handler: async (req) => {
    const { pdSupplierId } = req.params as { pdSupplierId: number };
    return ok(await req.tenantTx((tx) => statementDetail(tx, req.auth!, pdSupplierId, (req.body ?? {}) as Filter)).catch(asCallerError));
  },
});

// 供应商往来账 is a computed report resource too (schemas/resources/supplier-account-det.json): its list, export, 登记付款
// and 更正 are the descriptor's routes and forms; the ledger is these handlers'.
registerCustomRoute('supplierAccount.ledger.page', {
  schema: { body: FILTER_BODY },
  handler: async (req) => ok(await req.tenantTx((tx) => ledgerPage(tx, req.auth!, (req.body ?? {}) as Filter)).catch(asCallerError)),
});

registerCustomRoute('supplierAccount.ledger.export', {
  schema: { body: FILTER_BODY },
  handler: async (req, reply) => {
    const { rows, hidden } = await req.tenantTx((tx) => ledgerRows(tx, req.auth!, (req.body ?? {}) as Filter)).catch(asCallerError);
    return sendCsv(reply, '供应商往来账', ENTRY_COLUMNS, rows, hidden);
  },
});

registerCustomRoute('supplierAccount.ledger.pay', {
  schema: { body: PAYMENT_BODY },
  handler: async (req) => {
    const b = req.body as PaymentBody;
    const amountFen = paymentFen(b.amount);
    return ok(await req.tenantTx((tx) => addPayment(tx, req.auth!, b, amountFen)).catch(asCallerError), '付款已登记');
  },
});

registerCustomRoute('supplierAccount.ledger.correct', {
  schema: { body: UPDATE_BODY },
  handler: async (req) => {
    const b = req.body as { detId: number; amount: number; remark: string };
    const newFen = paymentFen(b.amount);
    return ok(await req.tenantTx((tx) => correctPayment(tx, req.auth!, b, newFen)).catch(asCallerError), '付款已更正');
  },
});
