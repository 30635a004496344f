import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { notifyConfirmers } from '../../messages/notifyPermHolders.ts';
import { PAY_TYPES, CASH } from './pricing.ts';
import { recordSaleReport } from './saleReport.ts';
import { amountText } from '../../../core/money.ts';

/**
 * 收银班次 (shop-class-record)'s reads and writes, the SQL behind shifts.ts's routes: opening a shift, its figures
 * from the orders and 换货 (per payment method), the hand-over with its 销售日报 and the notice of a drawer that differs.
 */

/** Who manages shifts: told of a counted drawer that differs. */
export const SHIFT_LIST_PERM = 'shop:classRecord:list';
export const SHIFT_NOTICE = 2021;

export interface PayFigure {
  payType: number;
  payName: string;
  saleAmount: number;
  refundAmount: number;
  netAmount: number;
}

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

/** The orders a shift sold and the refunds it paid back (cash change and amounts kept), for both queries below. */
export const SHIFT_ORDERS = `
  c AS (SELECT * FROM shop_class_record WHERE class_id = $1),
  sold AS (
    SELECT o.order_id, o.change_amount, o.pay_amount, o.refund_amount FROM po_order o, c
     WHERE o.cashier_user_id = c.user_id AND o.shop_id = c.shop_id AND o.is_practice = c.is_practice AND o.status IN (1, 2, 4)
       AND o.create_time >= c.start_time AND o.create_time < coalesce(c.end_time, now() + interval '1 second')),
  back AS (
    SELECT o.order_id, o.change_amount, o.pay_amount, o.refund_amount FROM po_order o, c
     WHERE o.refund_user_id = c.user_id AND o.shop_id = c.shop_id AND o.is_practice = c.is_practice
       AND o.refund_time >= c.start_time AND o.refund_time < coalesce(c.end_time, now() + interval '1 second'))`;

/**
 * The shift's money per payment method, in SQL numerics (exact): sales of its orders (cash net of the change
 * given), refunds it paid back (each refunded order's own payments), and the price differences of its 换货 taken
 * or paid back, up to its hand-over (now while open).
 */
export async function shiftFigures(tx: Queryable, classId: number) {
  const pays = await tx.query<{ pay_type: number; sale: string; refund: string }>(
    `WITH ${SHIFT_ORDERS},
     per AS (
       SELECT p.pay_type, p.order_id, sum(p.amount) - CASE WHEN p.pay_type = ${CASH} THEN max(x.change_amount) ELSE 0 END AS amount
         FROM po_order_pay p JOIN (SELECT * FROM sold UNION SELECT * FROM back) x ON x.order_id = p.order_id
        GROUP BY p.pay_type, p.order_id)
     SELECT per.pay_type,
            coalesce(sum(per.amount) FILTER (WHERE per.order_id IN (SELECT order_id FROM sold)), 0)::text AS sale,
            coalesce(sum(per.amount) FILTER (WHERE per.order_id IN (SELECT order_id FROM back)), 0)::text AS refund
       FROM per GROUP BY per.pay_type ORDER BY per.pay_type`,
    [classId],
  );
  // Refunds of lines (部分退款) the cashier made at this shop during the shift count as refunds too; their money per
  // method is with the 换货 differences below.
  const counts = await tx.query<{ orders: number; sales: string; refunds: number; refunded: string }>(
    `WITH ${SHIFT_ORDERS},
     lines_back AS (
       SELECT e.return_amount FROM po_order_exchange e, c
        WHERE e.kind = 2 AND e.user_id = c.user_id AND e.shop_id = c.shop_id AND NOT c.is_practice
          AND e.create_time >= c.start_time AND e.create_time < coalesce(c.end_time, now() + interval '1 second'))
     SELECT (SELECT count(*)::int FROM sold) AS orders, (SELECT coalesce(sum(pay_amount), 0)::text FROM sold) AS sales,
            (SELECT count(*)::int FROM back) + (SELECT count(*)::int FROM lines_back) AS refunds,
            ((SELECT coalesce(sum(refund_amount), 0) FROM back) + (SELECT coalesce(sum(return_amount), 0) FROM lines_back))::text AS refunded`,
    [classId],
  );
  // 换货 this cashier made at this shop during the shift: a difference collected counts as takings (cash net of the
  // change given), one paid back as money out.
  const swaps = await tx.query<{ pay_type: number; sale: string; refund: string }>(
    `WITH c AS (SELECT * FROM shop_class_record WHERE class_id = $1),
     per AS (
       SELECT p.pay_type, e.exchange_id, sum(p.amount) - CASE WHEN p.pay_type = ${CASH} AND sum(p.amount) > 0 THEN max(e.change_amount) ELSE 0 END AS amount
         FROM po_order_exchange_pay p JOIN po_order_exchange e ON e.exchange_id = p.exchange_id, c
        WHERE e.user_id = c.user_id AND e.shop_id = c.shop_id AND NOT c.is_practice
          AND e.create_time >= c.start_time AND e.create_time < coalesce(c.end_time, now() + interval '1 second')
        GROUP BY p.pay_type, e.exchange_id)
     SELECT pay_type, coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::text AS sale, coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)::text AS refund
       FROM per GROUP BY pay_type`,
    [classId],
  );
  const swapByType = new Map(swaps.rows.map((r) => [Number(r.pay_type), r]));
  const byType = new Map(pays.rows.map((r) => [Number(r.pay_type), r]));
  const payList: PayFigure[] = Object.entries(PAY_TYPES).map(([k, name]) => {
    const r = byType.get(Number(k));
    const x = swapByType.get(Number(k));
    const sale = Math.round((Number(r?.sale ?? 0) + Number(x?.sale ?? 0)) * 100) / 100;
    const refund = Math.round((Number(r?.refund ?? 0) + Number(x?.refund ?? 0)) * 100) / 100;
    return { payType: Number(k), payName: name, saleAmount: sale, refundAmount: refund, netAmount: Math.round((sale - refund) * 100) / 100 };
  });
  const c = counts.rows[0];
  const cash = payList.find((p) => p.payType === CASH)!;
  return { orderCount: c.orders, saleAmount: Number(c.sales), refundCount: c.refunds, refundAmount: Number(c.refunded), cashAmount: cash.netAmount, payList };
}

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
