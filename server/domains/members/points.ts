import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';

/**
 * Member points: earned by a sale under the tenant's consume rule, taken back by its refund. Points move only
 * through mb_points_ledger, one row per order and per refund (unique by reference), so a sale retried or a
 * refund clicked twice cannot move them twice; the member row's points are the ledger's running balance.
 */

export interface SaleMember {
  member_id: number;
  phone_number: string;
  member_name: string | null;
  points_per_yuan: number;
}

/** The member a sale names: existing, active, and of the same kind (a practice sale takes practice members only). */
export async function memberForSale(tx: Queryable, memberId: number, practice: boolean): Promise<SaleMember> {
  const r = await tx.query<SaleMember & { status: number; is_practice: boolean }>(
    `SELECT m.member_id, m.phone_number, m.member_name, m.status, m.is_practice,
            coalesce((SELECT c.points_per_yuan FROM mb_consume_rule c), 1) AS points_per_yuan
       FROM mb_base_info m WHERE m.member_id = $1`,
    [memberId],
  );
  const m = r.rows[0];
  if (!m || m.is_practice !== practice) throw new ApiError('BAD_REQUEST', '会员不存在');
  if (Number(m.status) !== 1) throw new ApiError('BAD_REQUEST', `会员 ${m.phone_number} 已停用`);
  return m;
}

/** Points a payment earns: whole yuan paid times the rule's points per yuan. */
export const pointsFor = (payFen: number, pointsPerYuan: number) => Math.floor(payFen / 100) * pointsPerYuan;

/** Credits a sale to its member: points (through the ledger), spend and visit count. */
export async function earnPoints(tx: Queryable, memberId: number, orderId: number, orderNo: string, payYuan: number, points: number): Promise<void> {
  await tx.query(
    `WITH m AS (
       UPDATE mb_base_info SET points = points + $2, total_amount = total_amount + $3, order_count = order_count + 1, last_order_time = now()
        WHERE member_id = $1 RETURNING member_id, points)
     INSERT INTO mb_points_ledger (tenant_id, member_id, points, points_after, ref_type, ref_id, ref_no)
     SELECT app_current_tenant(), member_id, $2, points, 'sale', $4, $5 FROM m WHERE $2 <> 0`,
    [memberId, points, payYuan, orderId, orderNo],
  );
}

/**
 * A refunded sale's credit taken back: its points (never below zero: points already used stay used), spend and
 * visit. Runs once per order: the refund holds the order row and its ledger key is unique.
 */
export async function takeBackPoints(tx: Queryable, memberId: number, orderId: number, orderNo: string, payYuan: number, earned: number): Promise<void> {
  const cur = await tx.query<{ points: number }>(`SELECT points FROM mb_base_info WHERE member_id = $1 FOR UPDATE`, [memberId]);
  const taken = Math.min(Number(cur.rows[0]?.points ?? 0), earned);
  await tx.query(
    `UPDATE mb_base_info SET points = points - $2, total_amount = greatest(total_amount - $3, 0), order_count = greatest(order_count - 1, 0) WHERE member_id = $1`,
    [memberId, taken, payYuan],
  );
  if (taken > 0) {
    await tx.query(
      `INSERT INTO mb_points_ledger (tenant_id, member_id, points, points_after, ref_type, ref_id, ref_no)
       VALUES (app_current_tenant(), $1, $2, $3, 'saleRefund', $4, $5)`,
      [memberId, -taken, Number(cur.rows[0].points) - taken, orderId, orderNo],
    );
  }
}

/**
 * 部分退款's share of a sale's credit taken back: `points` of the points it earned (never below zero), its spend by
 * the money paid back, and the visit only when the last unit came back (`last`). The caller holds the order row.
 */
export async function takeBackPointsPart(tx: Queryable, memberId: number, ref: { refundId: number; no: string }, backYuan: number, points: number, last: boolean): Promise<void> {
  const cur = await tx.query<{ points: number }>(`SELECT points FROM mb_base_info WHERE member_id = $1 FOR UPDATE`, [memberId]);
  const taken = Math.max(0, Math.min(Number(cur.rows[0]?.points ?? 0), points));
  await tx.query(
    `UPDATE mb_base_info SET points = points - $2, total_amount = greatest(total_amount - $3, 0), order_count = greatest(order_count - $4, 0) WHERE member_id = $1`,
    [memberId, taken, backYuan, last ? 1 : 0],
  );
  if (taken > 0)
    await tx.query(
      `INSERT INTO mb_points_ledger (tenant_id, member_id, points, points_after, ref_type, ref_id, ref_no) VALUES (app_current_tenant(), $1, $2, $3, 'lineRefund', $4, $5)`,
      [memberId, -taken, Number(cur.rows[0].points) - taken, ref.refundId, ref.no],
    );
}
