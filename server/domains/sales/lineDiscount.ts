import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { grantedMenuKeys } from '../../permissions.ts';

/** The register's button permission 单品折扣 (收银折扣 on one line); the seed grants it to 店长 (and admin has all). */
export const LINE_DISCOUNT = 'order:retail:discount';

/** A cart with a cashier's line discount is priced (order/price) or settled only for a caller granted LINE_DISCOUNT. */
export async function assertMayDiscount(tx: Queryable, auth: AuthContext): Promise<void> {
  if (!(await grantedMenuKeys(tx, auth)).has(LINE_DISCOUNT)) throw new ApiError('FORBIDDEN', '没有单品折扣权限，请店长操作或为您的角色开通「单品折扣」');
}

/** 收银折扣 of a line in a request (几折); its range and one decimal are checked in pricing (a 400 naming the line). */
export const discountRateField = { type: ['number', 'null'], title: '折扣' };
