import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { nextDocNos } from '../../documents/numbers.ts';
import { registerDocFn } from '../../documents/registry.ts';
import { ApiError } from '../../errors.ts';
import { postPettyCash } from './ledger.ts';
import { type Period } from './periods.ts';
import { amountText } from '../../../core/money.ts';

/**
 * 备用金对账 (shop-petty-cash-reconciliation): one per shop and billing period, generated from the ledger: the
 * balance the period opened with, what came in (transfers, incomes), what went out (audited spends), the book
 * balance it should close with, and the spends still waiting for audit. The shop counts its cash (实盘金额) and
 * explains any difference; the audit posts the difference to the ledger, so the next period opens at the cash
 * really there. Status 1 待审核, 2 已审核 (fixed from then on).
 */

export const RECON_PREFIX = 'BYDZ';
export const RECON_TYPE = 'pettyCashReconciliation';

export interface GenerateResult {
  beginDate: string;
  endDate: string;
  created: number;
  refreshed: number;
  skipped: number;
}

/**
 * Computes the period's figures for the shops (all configured shops when none named) in set-based statements:
 * new reconciliations are numbered and created, unaudited ones recomputed (the ledger may have moved since),
 * audited ones left alone. Differences posted by earlier reconciliations count in the opening balance.
 */
export async function generateReconciliations(tx: Queryable, auth: AuthContext, period: Period, shopIds: number[] | null): Promise<GenerateResult> {
  const figures = `
    SELECT c.shop_id, c.shop_name,
           coalesce(sum(l.amount) FILTER (WHERE l.biz_date < $1::date), 0) AS opening,
           coalesce(sum(l.amount) FILTER (WHERE l.biz_date BETWEEN $1::date AND $2::date AND l.amount > 0 AND l.ref_type <> 'reconciliation'), 0) AS income,
           coalesce(-sum(l.amount) FILTER (WHERE l.biz_date BETWEEN $1::date AND $2::date AND l.amount < 0 AND l.ref_type <> 'reconciliation'), 0) AS spend,
           (SELECT coalesce(sum(r.amount), 0) FROM petty_cash_record r WHERE r.shop_id = c.shop_id AND r.status = 1 AND r.usage_type = 1 AND r.occur_date BETWEEN $1::date AND $2::date) AS pending,
           (SELECT count(*) FROM petty_cash_record r WHERE r.shop_id = c.shop_id AND r.status = 2 AND r.occur_date BETWEEN $1::date AND $2::date) AS records
      FROM petty_cash_shop_config c LEFT JOIN petty_cash_ledger l ON l.shop_id = c.shop_id AND l.biz_date <= $2::date
     WHERE ($3::int[] IS NULL OR c.shop_id = ANY($3::int[]))
     GROUP BY c.shop_id, c.shop_name`;
  const params = [period.beginDate, period.endDate, shopIds];
  // Recomputed ones say so in their history, with the book balance before and after (a count entered earlier stays).
  const refreshed = await tx.query(
    `WITH f AS (${figures}),
     old AS (SELECT recon_id, book_balance FROM petty_cash_reconciliation WHERE begin_date = $1::date AND status = 1),
     upd AS (
       UPDATE petty_cash_reconciliation r
          SET shop_name = f.shop_name, end_date = $2::date, opening_balance = f.opening, income_amount = f.income, spend_amount = f.spend,
              book_balance = f.opening + f.income - f.spend, pending_amount = f.pending, record_count = f.records
         FROM f WHERE r.shop_id = f.shop_id AND r.begin_date = $1::date AND r.status = 1
       RETURNING r.recon_id, r.book_balance)
     INSERT INTO doc_event (tenant_id, doc_type, doc_id, action, action_label, from_status, to_status, note, user_id, user_name)
     SELECT app_current_tenant(), $4, upd.recon_id, 'refresh', '重新计算', 1, 1,
            '账面余额 ' || to_char(old.book_balance, 'FM999999990.00') || ' → ' || to_char(upd.book_balance, 'FM999999990.00'), $5, $6
       FROM upd JOIN old USING (recon_id)`,
    [...params, RECON_TYPE, auth.userId, auth.displayName ?? auth.userName],
  );
  const skipped = await tx.query<{ n: string }>(
    `SELECT count(*) AS n FROM petty_cash_reconciliation WHERE begin_date = $1::date AND status <> 1 AND ($2::int[] IS NULL OR shop_id = ANY($2::int[]))`,
    [period.beginDate, shopIds],
  );
  const missing = await tx.query<{ shop_id: number }>(
    `SELECT c.shop_id FROM petty_cash_shop_config c
      WHERE ($2::int[] IS NULL OR c.shop_id = ANY($2::int[]))
        AND NOT EXISTS (SELECT 1 FROM petty_cash_reconciliation r WHERE r.shop_id = c.shop_id AND r.begin_date = $1::date)
      ORDER BY c.shop_id`,
    [period.beginDate, shopIds],
  );
  const shops = missing.rows.map((r) => Number(r.shop_id));
  if (shops.length) {
    const numbers = await nextDocNos(tx, auth.tenantId, RECON_PREFIX, shops.length);
    const who = auth.displayName ?? auth.userName;
    await tx.query(
      `WITH f AS (${figures}), n AS (SELECT * FROM unnest($4::int[], $5::text[]) AS n(shop_id, recon_no)),
       ins AS (
         INSERT INTO petty_cash_reconciliation (tenant_id, recon_no, shop_id, shop_name, begin_date, end_date, opening_balance, income_amount,
                                                spend_amount, book_balance, pending_amount, record_count, create_user_name)
         SELECT app_current_tenant(), n.recon_no, f.shop_id, f.shop_name, $1::date, $2::date, f.opening, f.income, f.spend,
                f.opening + f.income - f.spend, f.pending, f.records, $6
           FROM f JOIN n ON n.shop_id = f.shop_id
         RETURNING recon_id)
       INSERT INTO doc_event (tenant_id, doc_type, doc_id, action, action_label, from_status, to_status, note, user_id, user_name)
       SELECT app_current_tenant(), $7, recon_id, 'generate', '生成', NULL, 1, $8, $9, $6 FROM ins`,
      [...params, shops, numbers, who, RECON_TYPE, `${period.label}对账单`, auth.userId],
    );
  }
  return { beginDate: period.beginDate, endDate: period.endDate, created: shops.length, refreshed: refreshed.rowCount ?? 0, skipped: Number(skipped.rows[0].n) };
}

/** A counted balance that differs from the book needs its reason before it is saved or audited. */
function checkDifference(header: Record<string, unknown>): void {
  if (header.actualBalance === null || header.actualBalance === undefined) return;
  const diff = Number(header.differenceAmount);
  const reason = typeof header.differenceReason === 'string' ? header.differenceReason.trim() : '';
  if (diff !== 0 && !reason) throw new ApiError('BAD_REQUEST', `实盘金额与账面余额相差 ${amountText(diff)} 元，请填写差异说明`);
}

registerDocFn('pettyCash.reconSave', async ({ header }) => checkDifference(header), { lines: false });

registerDocFn(
  'pettyCash.reconAudit',
  async ({ tx, auth, id, ref, header, body }) => {
    if (body.auditUserId !== undefined && Number(body.auditUserId) !== auth.userId) throw new ApiError('BAD_REQUEST', '审核人与当前登录用户不一致，请刷新后重试');
    if (header.actualBalance === null || header.actualBalance === undefined) throw new ApiError('BAD_REQUEST', '请先填写实盘金额');
    checkDifference(header);
    if (Number(header.pendingAmount) > 0) {
      const still = await tx.query<{ n: string }>(
        `SELECT count(*) AS n FROM petty_cash_record WHERE shop_id = $1 AND status = 1 AND occur_date BETWEEN $2::date AND $3::date`,
        [header.shopId, header.beginDate, header.endDate],
      );
      if (Number(still.rows[0].n) > 0) throw new ApiError('CONFLICT', `本账期还有 ${still.rows[0].n} 条备用金记录待审核，请先审核后重新生成对账单`);
    }
    // An audit late in the period's ledger (a spend of the period audited after generating) makes the book stale.
    const book = await tx.query<{ book: string }>(
      `SELECT coalesce(sum(amount) FILTER (WHERE biz_date < $2::date OR ref_type <> 'reconciliation'), 0)::text AS book
         FROM petty_cash_ledger WHERE shop_id = $1 AND biz_date <= $3::date`,
      [header.shopId, header.beginDate, header.endDate],
    );
    if (Number(book.rows[0].book) !== Number(header.bookBalance))
      throw new ApiError('CONFLICT', `本账期的备用金流水在生成对账单后有变化（账面余额现为 ${amountText(book.rows[0].book)} 元），请重新生成对账单后再审核`);
    const diff = Number(header.differenceAmount);
    if (diff !== 0)
      await postPettyCash(tx, {
        shopId: Number(header.shopId),
        amount: String(header.differenceAmount),
        refType: 'reconciliation',
        refId: id,
        refNo: ref.docNo,
        bizDate: String(header.endDate),
        userName: auth.displayName ?? auth.userName,
        force: true,
      });
    await tx.query(`UPDATE petty_cash_reconciliation SET audit_user_id = $2, audit_user_name = $3, audit_time = now() WHERE recon_id = $1`, [id, auth.userId, auth.displayName ?? auth.userName]);
    return diff !== 0 ? { note: `差异 ${amountText(diff)} 元已入账` } : undefined;
  },
  { lines: false },
);
