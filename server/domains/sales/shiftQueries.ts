import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { notifyConfirmers } from '../../messages/notifyPermHolders.ts';
import { shiftFigures, type PayFigure } from './shiftFigures.ts';
import { recordSaleReport } from './saleReport.ts';
import { amountText } from '../../../core/money.ts';

/**
 * 收银班次 (shop-class-record)'s reads and writes, the SQL behind shifts.ts's routes: opening a shift, its figures
 * from the orders and 换货 (per payment method), the hand-over with its 销售日报 and the notice of a drawer that differs.
 */

/** Who manages shifts: told of a counted drawer that differs. */
export const SHIFT_LIST_PERM = 'shop:classRecord:list';
export const SHIFT_NOTICE = 2021;
export type { PayFigure } from './shiftFigures.ts';


interface ShiftRow {
  classId: number;
  shopId: number;
  shopName: string;
  userId: number;
  userName: string;
  isPractice: boolean;
  status: number;
  startTime: string;
  endTime: string | null;
  openingCash: number;
  countedCash: number | null;
  remark: string | null;
}

const SHIFT_COLUMNS = `class_id AS "classId", shop_id AS "shopId", shop_name AS "shopName", user_id AS "userId", user_name AS "userName",
  is_practice AS "isPractice", status, to_char(start_time, 'YYYY-MM-DD HH24:MI:SS') AS "startTime", to_char(end_time, 'YYYY-MM-DD HH24:MI:SS') AS "endTime",
  opening_cash::float8 AS "openingCash", counted_cash::float8 AS "countedCash", remark`;

export async function readShift(tx: Queryable, classId: number) {
  const r = await tx.query<ShiftRow>(`SELECT ${SHIFT_COLUMNS} FROM shop_class_record WHERE class_id = $1`, [classId]);
  if (!r.rows[0]) return undefined;
  const f = await shiftFigures(tx, classId);
  const expectedCash = Math.round((r.rows[0].openingCash + f.cashAmount) * 100) / 100;
  const countedCash = r.rows[0].countedCash;
  return { ...r.rows[0], ...f, expectedCash, differenceAmount: countedCash === null ? null : Math.round((countedCash - expectedCash) * 100) / 100 };
}

export async function openShift(tx: Queryable, auth: AuthContext, b: { shopId: number; isPractice?: boolean; openingCash?: number }) {
  const shop = await tx.query<{ shop_name: string; status: number }>(`SELECT shop_name, status FROM shop_base WHERE shop_id = $1`, [b.shopId]);
  if (!shop.rows[0]) throw new ApiError('BAD_REQUEST', '门店不存在');
  if (Number(shop.rows[0].status) !== 1) throw new ApiError('BAD_REQUEST', `门店“${shop.rows[0].shop_name}”已停用，不能开班`);
  if (auth.shopId && auth.shopId !== b.shopId) throw new ApiError('FORBIDDEN', '本收银设备只能在所属门店开班');
  const res = await tx.query<{ class_id: number }>(
    `INSERT INTO shop_class_record (tenant_id, shop_id, shop_name, user_id, user_name, is_practice, opening_cash)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6)
     ON CONFLICT (tenant_id, user_id, shop_id, is_practice) WHERE status = 1 DO NOTHING RETURNING class_id`,
    [b.shopId, shop.rows[0].shop_name, auth.userId, auth.displayName ?? auth.userName, b.isPractice ?? false, b.openingCash ?? 0],
  );
  if (!res.rows[0]) throw new ApiError('CONFLICT', '您在本门店还有未交班的班次，请先交班');
  return readShift(tx, res.rows[0].class_id);
}

export async function closeShift(tx: Queryable, auth: AuthContext, classId: number, b: { countedCash: number; remark?: string | null }) {
  const r = await tx.query<{ user_id: number; status: number; shop_id: number; shop_name: string; user_name: string; is_practice: boolean }>(
    `SELECT user_id, status, shop_id, shop_name, user_name, is_practice FROM shop_class_record WHERE class_id = $1 FOR UPDATE`,
    [classId],
  );
  const row = r.rows[0];
  if (!row) throw new ApiError('NOT_FOUND', '班次不存在');
  if (row.user_id !== auth.userId && !auth.isAdmin) throw new ApiError('FORBIDDEN', '只能为自己的班次交班');
  if (Number(row.status) !== 1) throw new ApiError('CONFLICT', '该班次已交班，不能重复交班');
  await tx.query(`UPDATE shop_class_record SET end_time = now() WHERE class_id = $1`, [classId]);
  const f = await shiftFigures(tx, classId);
  await tx.query(
    `UPDATE shop_class_record SET status = 2, order_count = $2, sale_amount = $3, refund_count = $4, refund_amount = $5, cash_amount = $6,
            expected_cash = opening_cash + $6::numeric, counted_cash = $7, remark = $8
      WHERE class_id = $1`,
    [classId, f.orderCount, f.saleAmount, f.refundCount, f.refundAmount, f.cashAmount, b.countedCash, b.remark?.trim() || null],
  );
  const shift = (await readShift(tx, classId))!;
  // The shop's first hand-over of the day records its 销售日报 and tells its managers (notice 11); practice shifts sell nothing.
  if (!row.is_practice) await recordSaleReport(tx, auth, Number(row.shop_id), row.shop_name);
  if (shift.differenceAmount) {
    await notifyConfirmers(tx, auth, SHIFT_LIST_PERM, {
      queue: 'class/reocrd/user-message',
      businessType: SHIFT_NOTICE,
      businessId: classId,
      messageTypeInfo: shift.differenceAmount < 0 ? '交班短款' : '交班长款',
      noticeTemplateInfo: `${row.shop_name} ${row.user_name} 交班：应有现金 ${amountText(shift.expectedCash)} 元，实点 ${amountText(b.countedCash)} 元，${shift.differenceAmount < 0 ? '短款' : '长款'} ${amountText(Math.abs(shift.differenceAmount))} 元${b.remark ? `（${b.remark}）` : ''}。`,
    });
  }
  return shift;
}

/** The cashier's shift still open (at the shop when given), with its live figures; null when there is none. */
export async function openShiftOf(tx: Queryable, userId: number, isPractice: boolean, shopId: number | null) {
  const r = await tx.query<{ class_id: number }>(
    `SELECT class_id FROM shop_class_record WHERE user_id = $1 AND is_practice = $2 AND status = 1 AND ($3::int IS NULL OR shop_id = $3) ORDER BY class_id DESC LIMIT 1`,
    [userId, isPractice, shopId],
  );
  return r.rows[0] ? readShift(tx, r.rows[0].class_id) : null;
}

/** A shift's money per payment method, for its cashier or an admin. */
export async function shiftPayList(tx: Queryable, auth: AuthContext, classId: number): Promise<PayFigure[]> {
  const owner = await tx.query<{ user_id: number }>(`SELECT user_id FROM shop_class_record WHERE class_id = $1`, [classId]);
  if (!owner.rows[0]) throw new ApiError('NOT_FOUND', '班次不存在');
  if (owner.rows[0].user_id !== auth.userId && !auth.isAdmin) throw new ApiError('FORBIDDEN', '只能查看自己的班次');
  return (await shiftFigures(tx, classId)).payList;
}
