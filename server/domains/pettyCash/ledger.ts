import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { amountText, fenOf, yuanText } from '../../../core/money.ts';

/**
 * The petty-cash ledger: the only way a shop's float changes. One posting = one guarded update of the shop's balance
 * row (never below zero, or below -overdraft_limit when the tenant allows overdrafts) and one insert-only ledger row
 * with the balance after it, keyed by its source so a source posts exactly once: balance = Σ ledger, always.
 */

/** An amount as PostgreSQL's numeric text (or a body's number): all arithmetic happens in SQL, exactly. */
export type Money = string | number;

export type PettyCashRef = 'record' | 'transfer' | 'reconciliation';

export interface PettyCashPosting {
  shopId: number;
  /** Signed: a spend is negative, an income or a transfer positive. */
  amount: Money;
  refType: PettyCashRef;
  refId: number;
  refNo: string;
  /** The business date the money moved (the spend's date, the transfer's confirmation day). */
  bizDate: string;
  userName: string;
  /** A counted difference is what it is: it is posted even when it takes the balance below the floor. */
  force?: boolean;
}

/**
 * The balance after the posting. 409 when the float cannot cover it; a second posting of the same source is refused.
 * One statement: the guarded update of the shop's balance row (petty_cash_balance, which nothing else writes) and the
 * ledger row with the balance after it. The guard reads the row as locked (a concurrent posting's result counts) and
 * the shop's overdraft limit and the tenant's rule as committed when the statement starts.
 */
export async function postPettyCash(tx: Queryable, p: PettyCashPosting): Promise<string> {
  if (Number(p.amount) === 0) throw new Error('a petty-cash posting moves money');
  const posted = await tx.query<{ balance: string; posted: boolean }>(
    `WITH up AS (
       UPDATE petty_cash_balance b SET balance = b.balance + $2::numeric, update_time = now()
         FROM petty_cash_shop_config c
        WHERE b.shop_id = $1 AND c.tenant_id = b.tenant_id AND c.shop_id = b.shop_id
          AND ($3::boolean OR b.balance + $2::numeric >= -CASE WHEN coalesce((SELECT allow_overdraft FROM petty_cash_config), false) THEN c.overdraft_limit ELSE 0 END)
       RETURNING b.shop_id, b.balance),
     led AS (
       INSERT INTO petty_cash_ledger (tenant_id, shop_id, amount, balance_after, ref_type, ref_id, ref_no, biz_date, user_name)
       SELECT app_current_tenant(), up.shop_id, $2::numeric, up.balance, $4, $5, $6, $7::date, $8 FROM up
       ON CONFLICT (tenant_id, ref_type, ref_id) DO NOTHING
       RETURNING 1)
     SELECT up.balance::text AS balance, EXISTS (SELECT 1 FROM led) AS posted FROM up`,
    [p.shopId, p.amount, p.force === true, p.refType, p.refId, p.refNo, p.bizDate, p.userName],
  );
  const row = posted.rows[0];
  if (!row) {
    const shop = await tx.query<{ balance: string; shop_name: string | null }>(
      `SELECT b.balance::text AS balance, c.shop_name FROM petty_cash_shop_config c JOIN petty_cash_balance b ON b.tenant_id = c.tenant_id AND b.shop_id = c.shop_id WHERE c.shop_id = $1`,
      [p.shopId],
    );
    if (!shop.rows[0]) throw new ApiError('BAD_REQUEST', '门店不存在');
    throw new ApiError('CONFLICT', `${shop.rows[0].shop_name ?? '门店'}备用金余额不足：当前余额 ${amountText(shop.rows[0].balance)} 元，本次需要 ${yuanText(-fenOf(p.amount))} 元`);
  }
  // The document's status compare-and-set already makes a second posting impossible; this is the ledger's own guard
  // (the balance moved in the same statement is rolled back with the caller's transaction).
  if (!row.posted) throw new ApiError('CONFLICT', `${p.refNo} 已入账，不能重复入账`);
  return row.balance;
}

/**
 * What a shop can still spend: its balance, less the spends waiting for audit (they will be posted), plus the
 * overdraft the tenant allows. A new spend above it is refused before anyone has to audit it.
 */
export async function availableOf(tx: Queryable, shopId: number, exceptRecordId?: number): Promise<{ balance: string; pending: string; available: string; shopName: string | null } | undefined> {
  const res = await tx.query<{ balance: string; pending: string; available: string; shop_name: string | null }>(
    `SELECT b.balance::text AS balance, p.pending::text AS pending, c.shop_name,
            (b.balance - p.pending + CASE WHEN coalesce((SELECT allow_overdraft FROM petty_cash_config), false) THEN c.overdraft_limit ELSE 0 END)::text AS available
       FROM petty_cash_shop_config c JOIN petty_cash_balance b ON b.tenant_id = c.tenant_id AND b.shop_id = c.shop_id,
            LATERAL (SELECT coalesce(sum(r.amount), 0) AS pending FROM petty_cash_record r
                      WHERE r.shop_id = c.shop_id AND r.status = 1 AND r.usage_type = 1 AND r.record_id IS DISTINCT FROM $2) p
      WHERE c.shop_id = $1`,
    [shopId, exceptRecordId ?? null],
  );
  const row = res.rows[0];
  return row && { balance: row.balance, pending: row.pending, available: row.available, shopName: row.shop_name };
}
