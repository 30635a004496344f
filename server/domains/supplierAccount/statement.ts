import type { Period } from '../analysis/index.ts';
import { likeOf, Params, type Row } from '../analysis/index.ts';
import { ENTRY_LABELS, PAY_METHODS } from './rules.ts';
import { yuanOf } from '../../../core/money.ts';

/**
 * 供应商对账: every entry of a supplier's account, computed on read — audited receipts at the receipt price (+),
 * confirmed returns to the supplier (-), payments and their corrections (-, pd_supplier_account_det). An entry
 * is dated by the day it was posted (receipt audited, return confirmed, payment's pay date); `delta` is what it
 * does to what we owe. A balance is always the sum of these entries, never a stored figure.
 */

export interface StatementFilter {
  supplierId?: number | null;
  pdSupplierId?: number | null;
  supplierName?: string | null;
  detType?: number | null;
  dateStart?: string | null;
  dateEnd?: string | null;
}

/** The entries CTE (`entries`), narrowed to one supplier when given. */
export function entriesCte(p: Params, supplierId?: number | null): string {
  const one = (col: string) => (supplierId ? `AND ${col} = ${p.add(supplierId)}` : '');
  return `entries AS (
    SELECT p.supplier_id, 1 AS det_type, r.receipt_id AS doc_id, r.receipt_no AS doc_no, r.audit_time::date AS biz_date, r.audit_time AS t,
           r.total_amount AS amount, r.total_amount AS delta, NULL::numeric AS new_amount, NULL::int AS corrects_id, NULL::int AS pay_method,
           r.purchase_no AS ref_no, r.wh_name AS wh_name, r.remark, r.audit_user_name AS user_name
      FROM wh_receipt r JOIN wh_purchase p ON p.purchase_id = r.purchase_id WHERE r.status = 2 ${one('p.supplier_id')}
    UNION ALL
    SELECT p.supplier_id, 2, m.mrb_id, m.mrb_no, m.confirm_time::date, m.confirm_time, m.total_amount, -m.total_amount, NULL, NULL, NULL,
           m.receipt_no, m.wh_name, m.remark, m.confirm_user_name
      FROM pd_supplier_mrb m JOIN wh_receipt r ON r.receipt_id = m.receipt_id JOIN wh_purchase p ON p.purchase_id = r.purchase_id
     WHERE m.status = 2 ${one('p.supplier_id')}
    UNION ALL
    SELECT a.supplier_id, a.det_type, a.det_id, a.det_no, a.pay_date, a.create_time, a.amount, -a.amount, a.new_amount, a.corrects_id, a.pay_method,
           (SELECT c.det_no FROM pd_supplier_account_det c WHERE c.det_id = a.corrects_id), NULL, a.remark, a.create_user_name
      FROM pd_supplier_account_det a WHERE TRUE ${one('a.supplier_id')})`;
}

function supplierWhere(f: StatementFilter, p: Params): string {
  const w = ['TRUE'];
  const id = f.pdSupplierId ?? f.supplierId;
  if (id) w.push(`sp.id = ${p.add(id)}`);
  if (f.supplierName?.trim()) w.push(`(sp.supplier_name ILIKE ${p.add(likeOf(f.supplierName))} OR sp.supplier_no = ${p.add(f.supplierName.trim())})`);
  return w.join(' AND ');
}

/** One row per supplier with dealings up to the end: opening, received, returned, paid and closing balance of the period. */
export function statementSql(f: StatementFilter, per: Period, p: Params): string {
  const start = p.add(per.start);
  const end = p.add(per.end);
  const inPeriod = `e.biz_date BETWEEN ${start}::date AND ${end}::date`;
  return `WITH ${entriesCte(p, f.pdSupplierId ?? f.supplierId)}
    SELECT sp.id AS "pdSupplierId", sp.supplier_no AS "supplierNo", sp.supplier_name AS "supplierName", sp.contact_name AS "contactName",
           sp.phone, sp.settle_type AS "settleType", sp.payment_days AS "paymentDays",
           coalesce(sum(e.delta) FILTER (WHERE e.biz_date < ${start}::date), 0) AS "openingBalance",
           coalesce(sum(e.amount) FILTER (WHERE e.det_type = 1 AND ${inPeriod}), 0) AS "receiptAmount",
           count(*) FILTER (WHERE e.det_type = 1 AND ${inPeriod})::int AS "receiptCount",
           coalesce(sum(e.amount) FILTER (WHERE e.det_type = 2 AND ${inPeriod}), 0) AS "returnAmount",
           count(*) FILTER (WHERE e.det_type = 2 AND ${inPeriod})::int AS "returnCount",
           coalesce(sum(e.amount) FILTER (WHERE e.det_type IN (3, 4) AND ${inPeriod}), 0) AS "paymentAmount",
           count(*) FILTER (WHERE e.det_type = 3 AND ${inPeriod})::int AS "paymentCount",
           coalesce(sum(e.delta) FILTER (WHERE e.biz_date <= ${end}::date), 0) AS "closingBalance",
           to_char(max(e.biz_date) FILTER (WHERE e.det_type = 3), 'YYYY-MM-DD') AS "lastPayDate"
      FROM pd_supplier sp JOIN entries e ON e.supplier_id = sp.id
     WHERE ${supplierWhere(f, p)}
     GROUP BY sp.id
    HAVING count(*) FILTER (WHERE e.biz_date <= ${end}::date) > 0`;
}

/** Entries of the period with the running balance of their supplier after each (window over all entries up to the end). */
export function entriesSql(f: StatementFilter, per: Period, p: Params): string {
  const id = f.pdSupplierId ?? f.supplierId;
  const end = p.add(per.end);
  const start = p.add(per.start);
  const type = f.detType ? `AND x.det_type = ${p.add(f.detType)}` : '';
  return `WITH ${entriesCte(p, id)},
    running AS (
      SELECT e.*, sum(e.delta) OVER (PARTITION BY e.supplier_id ORDER BY e.biz_date, e.t, e.det_type, e.doc_id) AS balance
        FROM entries e WHERE e.biz_date <= ${end}::date)
    SELECT x.det_type || '-' || x.doc_id AS "rowKey", CASE WHEN x.det_type IN (3, 4) THEN x.doc_id END AS "detId",
           x.det_type AS "detType", x.doc_id AS "docId", x.doc_no AS "docNo", to_char(x.biz_date, 'YYYY-MM-DD') AS "bizDate",
           to_char(x.t, 'YYYY-MM-DD HH24:MI:SS') AS "createTime", x.supplier_id AS "pdSupplierId", sp.supplier_no AS "supplierNo", sp.supplier_name AS "supplierName",
           x.amount, x.delta, x.new_amount AS "newAmount", x.corrects_id AS "correctsId", x.ref_no AS "refNo", x.wh_name AS "whName", x.pay_method AS "payMethod",
           x.remark, x.user_name AS "userName", x.balance,
           (x.det_type IN (3, 4) AND NOT EXISTS (SELECT 1 FROM pd_supplier_account_det c WHERE c.corrects_id = x.doc_id AND x.det_type IN (3, 4))) AS "correctable",
           x.biz_date AS "__d", x.t AS "__t"
      FROM running x JOIN pd_supplier sp ON sp.id = x.supplier_id
     WHERE x.biz_date >= ${start}::date ${type} AND ${supplierWhere({ ...f, pdSupplierId: null, supplierId: null }, p)}`;
}

export const ENTRY_ORDER = '"__d" DESC, "__t" DESC, "detType" DESC, "docId" DESC';

export function finishStatementRow(r: Row): Row {
  const out = { ...r };
  for (const k of ['openingBalance', 'receiptAmount', 'returnAmount', 'paymentAmount', 'closingBalance']) out[k] = yuanOf(out[k]);
  return out;
}

export function finishEntry(r: Row): Row {
  const { __d: _d, __t: _t, ...rest } = r;
  return {
    ...rest,
    detTypeName: ENTRY_LABELS[Number(r.detType)],
    payMethodName: r.payMethod ? PAY_METHODS[Number(r.payMethod)] : null,
    amount: yuanOf(r.amount),
    delta: yuanOf(r.delta),
    newAmount: r.newAmount === null ? null : yuanOf(r.newAmount),
    balance: yuanOf(r.balance),
  };
}

/** Purchase prices show through every amount and balance here: they need 进价总金额. */
export const STATEMENT_GUARDS = {
  进价总金额: ['openingBalance', 'receiptAmount', 'returnAmount', 'paymentAmount', 'closingBalance', 'amount', 'delta', 'newAmount', 'balance'],
};

export const STATEMENT_COLUMNS: [string, string][] = [
  ['supplierNo', '供应商编码'], ['supplierName', '供应商名称'], ['openingBalance', '期初应付'], ['receiptAmount', '本期收货金额'], ['receiptCount', '收货单数'],
  ['returnAmount', '本期退货金额'], ['returnCount', '退货单数'], ['paymentAmount', '本期付款金额'], ['paymentCount', '付款笔数'], ['closingBalance', '期末应付'], ['lastPayDate', '最近付款日期'],
];

export const ENTRY_COLUMNS: [string, string][] = [
  ['bizDate', '日期'], ['supplierNo', '供应商编码'], ['supplierName', '供应商名称'], ['detTypeName', '类型'], ['docNo', '单号'], ['refNo', '关联单号'], ['amount', '金额'],
  ['balance', '应付余额'], ['payMethodName', '付款方式'], ['remark', '备注'], ['userName', '经办人'], ['createTime', '记账时间'],
];
