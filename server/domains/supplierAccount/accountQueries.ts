import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { dbToday } from '../../db/calendar.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import { ApiError } from '../../errors.ts';
import { earlierRequest, requestDigest, type UuidKeyed } from '../../http/idempotency.ts';
import { aggregatePage, hiddenByGuards, Params, periodOf, withoutFields, type Row } from '../analysis/index.ts';
import { correctionFen, ENTRY_TYPES } from './rules.ts';
import { ENTRY_ORDER, entriesCte, entriesSql, finishEntry, finishStatementRow, STATEMENT_GUARDS, statementSql, type StatementFilter } from './statement.ts';
import { fenOf, yuanOf } from '../../../core/money.ts';
import { isDay } from '../../../core/calendar.ts';

/**
 * 供应商对账 and 供应商往来账's reads and writes, the SQL behind routes.ts: statements (page, totals, export, one
 * supplier's detail), payments and their corrections (pd_supplier_account_det), the ledger and a supplier's balance.
 * The statement's SQL builders are statement.ts's.
 */

export type Filter = StatementFilter & { pageNum?: number | null; pageSize?: number | null };

const PAYMENTS: UuidKeyed = { table: 'pd_supplier_account_det', idColumn: 'det_id', title: '请求编号', what: '付款' };

export type PaymentBody = { supplierId?: number | null; pdSupplierId?: number | null; amount: number; payDate?: string | null; payMethod?: number | null; remark?: string | null; clientUuid?: string | null };

const ROW_SELECT = `det_id AS "detId", det_no AS "detNo", supplier_id AS "pdSupplierId", supplier_name AS "supplierName", det_type AS "detType",
  amount::float8 AS amount, new_amount::float8 AS "newAmount", to_char(pay_date, 'YYYY-MM-DD') AS "payDate", pay_method AS "payMethod", corrects_id AS "correctsId",
  payment_id AS "paymentId", remark, create_user_name AS "createUserName", to_char(create_time, 'YYYY-MM-DD HH24:MI:SS') AS "createTime"`;

/** What we owe one supplier now: the sum of its entries. */
async function balanceOf(tx: Queryable, supplierId: number): Promise<{ balance: number; lastDate: string | null }> {
  const p = new Params();
  const r = await tx.query<{ balance: string; last: string | null }>(
    `WITH ${entriesCte(p, supplierId)} SELECT coalesce(sum(delta), 0) AS balance, to_char(max(biz_date), 'YYYY-MM-DD') AS last FROM entries`,
    p.values,
  );
  return { balance: yuanOf(r.rows[0].balance), lastDate: r.rows[0].last };
}

async function supplierOf(tx: Queryable, id: number | null | undefined): Promise<{ id: number; supplier_name: string; supplier_no: string }> {
  if (!id) throw new ApiError('BAD_REQUEST', '供应商不能为空');
  const r = await tx.query<{ id: number; supplier_name: string; supplier_no: string }>(`SELECT id, supplier_name, supplier_no FROM pd_supplier WHERE id = $1`, [id]);
  if (!r.rows[0]) throw new ApiError('BAD_REQUEST', '供应商不存在');
  return r.rows[0];
}

/** The period of a statement or ledger call and the supplier it filters on: an unknown supplier, or another tenant's (hidden by RLS), is 供应商不存在, not an empty statement. */
async function filterPeriod(tx: Queryable, f: Filter) {
  const per = await periodOf(tx, f);
  for (const id of new Set([f.supplierId, f.pdSupplierId])) if (id) await supplierOf(tx, id);
  return per;
}

const pageOf = (f: Filter | null | undefined) => ({ pageNum: f?.pageNum ?? 1, pageSize: f?.pageSize ?? 20 });

/** 供应商对账, a page of suppliers: opening, receipts, returns, payments, closing; guarded fields hidden. */
export async function statementPage(tx: Queryable, auth: AuthContext, f: Filter) {
  const { pageNum, pageSize } = pageOf(f);
  const per = await filterPeriod(tx, f);
  const p = new Params();
  const page = await aggregatePage(tx, statementSql(f, per, p), p, '"supplierName", "pdSupplierId"', pageNum, pageSize);
  const hidden = await hiddenByGuards(tx, auth, STATEMENT_GUARDS);
  return { ...page, records: withoutFields(page.records.map(finishStatementRow), hidden), dateStart: per.start, dateEnd: per.end };
}

/** 供应商对账's totals over the filter. */
export async function statementSummary(tx: Queryable, auth: AuthContext, f: Filter) {
  const per = await filterPeriod(tx, f);
  const p = new Params();
  const r = (await tx.query<Row>(
    `SELECT count(*)::int AS "supplierCount", coalesce(sum("openingBalance"), 0) AS "openingBalance", coalesce(sum("receiptAmount"), 0) AS "receiptAmount",
            coalesce(sum("returnAmount"), 0) AS "returnAmount", coalesce(sum("paymentAmount"), 0) AS "paymentAmount", coalesce(sum("closingBalance"), 0) AS "closingBalance"
       FROM (${statementSql(f, per, p)}) g`,
    p.values,
  )).rows[0];
  const hidden = await hiddenByGuards(tx, auth, STATEMENT_GUARDS);
  return withoutFields([{ ...finishStatementRow(r), dateStart: per.start, dateEnd: per.end }], hidden)[0];
}

/** 供应商对账 for export: every supplier's row and the fields to hide. */
export async function statementRows(tx: Queryable, auth: AuthContext, f: Filter) {
  const per = await filterPeriod(tx, f);
  const p = new Params();
  const r = await tx.query<Row>(`SELECT * FROM (${statementSql(f, per, p)}) g ORDER BY "supplierName", "pdSupplierId"`, p.values);
  return { rows: r.rows.map(finishStatementRow), hidden: await hiddenByGuards(tx, auth, STATEMENT_GUARDS) };
}

/** One supplier's statement: the period's figures, its details and its entries (a page of them). */
export async function statementDetail(tx: Queryable, auth: AuthContext, pdSupplierId: number, f: Filter) {
  const { pageNum, pageSize } = pageOf({ pageSize: 1000, ...f });
  const per = await filterPeriod(tx, f);
  await supplierOf(tx, pdSupplierId);
  const scoped = { ...f, pdSupplierId, supplierId: null };
  const p = new Params();
  const head = (await tx.query<Row>(statementSql(scoped, per, p), p.values)).rows[0];
  const q = new Params();
  const lines = await aggregatePage(tx, entriesSql(scoped, per, q), q, ENTRY_ORDER, pageNum, pageSize);
  const hidden = await hiddenByGuards(tx, auth, STATEMENT_GUARDS);
  const s = (await tx.query<Row>(`SELECT id AS "pdSupplierId", supplier_no AS "supplierNo", supplier_name AS "supplierName", contact_name AS "contactName", phone,
                                          bank_name AS "bankName", bank_account AS "bankAccount", payment_days AS "paymentDays" FROM pd_supplier WHERE id = $1`, [pdSupplierId])).rows[0];
  const figures = head ? finishStatementRow(head) : { openingBalance: 0, receiptAmount: 0, receiptCount: 0, returnAmount: 0, returnCount: 0, paymentAmount: 0, paymentCount: 0, closingBalance: 0 };
  return {
    ...withoutFields([{ ...figures, ...s }], hidden)[0],
    dateStart: per.start,
    dateEnd: per.end,
    records: withoutFields(lines.records.map(finishEntry), hidden),
    total: lines.total,
  };
}

/** Records a payment (once per clientUuid) and answers it with the supplier's balance after it. */
export async function addPayment(tx: Queryable, auth: AuthContext, b: PaymentBody, amountFen: number) {
  const supplier = await supplierOf(tx, b.pdSupplierId ?? b.supplierId);
  const today = await dbToday(tx);
  const payDate = b.payDate?.trim() || today;
  if (!isDay(payDate)) throw new ApiError('BAD_REQUEST', '付款日期格式不正确，应为 YYYY-MM-DD');
  if (payDate > today) throw new ApiError('BAD_REQUEST', '付款日期不能晚于今天');
  // The same payment sent again answers the first one; another payment under a used clientUuid is a 409.
  const digest = requestDigest({ supplierId: supplier.id, amountFen, payDate: b.payDate, payMethod: b.payMethod });
  const readById = async (id: number) => (await tx.query<Row>(`SELECT ${ROW_SELECT} FROM pd_supplier_account_det WHERE det_id = $1`, [id])).rows[0];
  if (b.clientUuid) {
    const first = await earlierRequest(tx, PAYMENTS, b.clientUuid, digest);
    if (first) {
      const row = await readById(first);
      return { ...row, ...(await balanceOf(tx, Number(row.pdSupplierId))) };
    }
  }
  const no = await nextDocNo(tx, auth.tenantId, 'FK');
  const r = await tx.query<Row>(
    `INSERT INTO pd_supplier_account_det (tenant_id, det_no, supplier_id, supplier_name, det_type, amount, pay_date, pay_method, client_uuid, remark, create_user_id, create_user_name, request_digest)
     VALUES (app_current_tenant(), $1, $2, $3, 3, $4::numeric / 100, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (tenant_id, client_uuid) DO NOTHING RETURNING ${ROW_SELECT}`,
    [no, supplier.id, supplier.supplier_name, amountFen, payDate, b.payMethod ?? 1, b.clientUuid ?? null, b.remark?.trim() || null, auth.userId, auth.displayName ?? auth.userName, b.clientUuid ? digest : null],
  );
  // A twin request with the same uuid committed between our look and our insert: answer the first one (if it is the same).
  const row = r.rows[0] ?? (await readById((await earlierRequest(tx, PAYMENTS, b.clientUuid!, digest))!));
  return { ...row, ...(await balanceOf(tx, supplier.id)) };
}

/** Corrects a payment by a new entry of the difference; the latest entry of a chain only. */
export async function correctPayment(tx: Queryable, auth: AuthContext, b: { detId: number; remark: string }, newFen: number) {
  const cur = (await tx.query<{ det_id: number; det_type: number; amount: string; new_amount: string | null; supplier_id: number; supplier_name: string; pay_date: string; pay_method: number; payment_id: number | null }>(
    `SELECT det_id, det_type, amount, new_amount, supplier_id, supplier_name, to_char(pay_date, 'YYYY-MM-DD') AS pay_date, pay_method, payment_id
       FROM pd_supplier_account_det WHERE det_id = $1 FOR UPDATE`, [b.detId])).rows[0];
  if (!cur) throw new ApiError('NOT_FOUND', '付款记录不存在');
  const corrected = await tx.query<{ det_no: string }>(`SELECT det_no FROM pd_supplier_account_det WHERE corrects_id = $1`, [cur.det_id]);
  if (corrected.rows[0]) throw new ApiError('CONFLICT', `该付款已由 ${corrected.rows[0].det_no} 更正，请更正最新一条记录`);
  const currentFen = fenOf(cur.det_type === ENTRY_TYPES.payment ? cur.amount : cur.new_amount);
  const deltaFen = correctionFen(currentFen, newFen);
  const no = await nextDocNo(tx, auth.tenantId, 'FKGZ');
  const r = await tx.query<Row>(
    `INSERT INTO pd_supplier_account_det (tenant_id, det_no, supplier_id, supplier_name, det_type, amount, new_amount, pay_date, pay_method, corrects_id, payment_id, remark, create_user_id, create_user_name)
     VALUES (app_current_tenant(), $1, $2, $3, 4, $4::numeric / 100, $5::numeric / 100, $6, $7, $8, $9, $10, $11, $12) RETURNING ${ROW_SELECT}`,
    [no, cur.supplier_id, cur.supplier_name, deltaFen, newFen, cur.pay_date, cur.pay_method, cur.det_id, cur.payment_id ?? cur.det_id, b.remark.trim(), auth.userId, auth.displayName ?? auth.userName],
  ).catch((e: { code?: string }) => {
    if (e.code === '23505') throw new ApiError('CONFLICT', '该付款已被更正，请刷新后更正最新一条记录');
    throw e;
  });
  return { ...r.rows[0], ...(await balanceOf(tx, cur.supplier_id)) };
}

/** 供应商往来账, a page of entries with the balance after each. */
export async function ledgerPage(tx: Queryable, auth: AuthContext, f: Filter) {
  const { pageNum, pageSize } = pageOf(f);
  const per = await filterPeriod(tx, f);
  const p = new Params();
  const page = await aggregatePage(tx, entriesSql(f, per, p), p, ENTRY_ORDER, pageNum, pageSize);
  const hidden = await hiddenByGuards(tx, auth, STATEMENT_GUARDS);
  return { ...page, records: withoutFields(page.records.map(finishEntry), hidden), dateStart: per.start, dateEnd: per.end };
}

/** A supplier's balance now and the date of its latest entry. */
export async function lastBalance(tx: Queryable, auth: AuthContext, supplierId: number | null | undefined) {
  const s = await supplierOf(tx, supplierId);
  const b = await balanceOf(tx, s.id);
  const hidden = await hiddenByGuards(tx, auth, STATEMENT_GUARDS);
  return withoutFields([{ pdSupplierId: s.id, supplierNo: s.supplier_no, supplierName: s.supplier_name, ...b }], hidden)[0];
}

/** 供应商往来账 for export: every entry and the fields to hide. */
export async function ledgerRows(tx: Queryable, auth: AuthContext, f: Filter) {
  const per = await filterPeriod(tx, f);
  const p = new Params();
  const r = await tx.query<Row>(`SELECT * FROM (${entriesSql(f, per, p)}) g ORDER BY ${ENTRY_ORDER}`, p.values);
  return { rows: r.rows.map(finishEntry), hidden: await hiddenByGuards(tx, auth, STATEMENT_GUARDS) };
}
