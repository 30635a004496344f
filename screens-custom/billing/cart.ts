import { billingT } from './labels';
import { toFen } from '../../core/money.ts';
import { BALANCE, CASH, VOUCHER } from '../../core/pricing/payTypes.ts';

/**
 * The register's cart, as pure functions over an immutable list: the screen keeps one cart in state and
 * replaces it. Amounts are computed in fen so 0.1 x 3 shows 0.30; the server prices again at settlement.
 */

export interface ScannedSku {
  skuId: number;
  skuCode: string;
  skuName: string;
  barcode: string | null;
  spec: string | null;
  unit: string | null;
  retailPrice: number;
  available: number;
}

export interface CartLine extends ScannedSku {
  quantity: number;
  /** 收银折扣 (几折, 9.5 = 95 %) the cashier gave this line; the server prices it and checks the permission. */
  discountRate?: number | null;
}

/**
 * The cashier's discount typed in the scan box: "/9.5" (or "/95" for 九五折) -> 9.5; "/0" or "/10" takes it off
 * (null). Undefined when the text is not a discount, a message string when it is one out of range.
 */
export function parseDiscount(typed: string): number | null | string | undefined {
  const m = /^\/(\d{1,2}(?:\.\d)?)$/.exec(typed);
  if (!m) return /^\//.test(typed) ? billingT('discountFormat') : undefined;
  let rate = Number(m[1]);
  if (rate === 0 || rate === 10) return null;
  if (rate > 10 && Number.isInteger(rate) && !m[1].includes('.')) rate = rate / 10;
  if (!(rate > 0 && rate < 10)) return billingT('discountRange');
  return rate;
}

export function setDiscount(cart: readonly CartLine[], skuId: number, rate: number | null): CartLine[] {
  return cart.map((l) => (l.skuId === skuId ? { ...l, discountRate: rate } : l));
}

/** A line of a parked sale as 取单 (takeOrderDet) answers it: today's price and stock, its 单品折扣, the SKU's status. */
export interface ParkedLine extends ScannedSku {
  quantity: number;
  discountRate: number | null;
  status: number;
}

/**
 * 取单: the parked lines back as the cart, each with the discount it was parked with; a SKU stopped since (status
 * not 1) stays out, named in `dropped`.
 */
export function takenCart(lines: readonly ParkedLine[]): { cart: CartLine[]; dropped: string[] } {
  const cart: CartLine[] = [];
  const dropped: string[] = [];
  for (const { status, discountRate, ...l } of lines) {
    if (Number(status) === 1) cart.push({ ...l, discountRate: discountRate ?? null });
    else dropped.push(l.skuName);
  }
  return { cart, dropped };
}

/** What 挂单 (temp/save) sends of the cart: each line's SKU, quantity and 单品折扣. */
export const parkedLinesOf = (cart: readonly CartLine[]) =>
  cart.map((l) => ({ skuId: l.skuId, quantity: l.quantity, ...(l.discountRate ? { discountRate: l.discountRate } : {}) }));

export const MAX_QUANTITY = 9999;

/** A scanned SKU: one more of it when it is already in the cart (kept in its place), else a new last line. */
export function addScanned(cart: readonly CartLine[], sku: ScannedSku): CartLine[] {
  const at = cart.findIndex((l) => l.skuId === sku.skuId);
  if (at < 0) return [...cart, { ...sku, quantity: 1 }];
  return cart.map((l, i) => (i === at ? { ...l, ...sku, quantity: Math.min(MAX_QUANTITY, l.quantity + 1) } : l));
}

export function setQuantity(cart: readonly CartLine[], skuId: number, quantity: number): CartLine[] {
  const q = Math.max(1, Math.min(MAX_QUANTITY, Math.trunc(quantity) || 1));
  return cart.map((l) => (l.skuId === skuId ? { ...l, quantity: q } : l));
}

export const removeLine = (cart: readonly CartLine[], skuId: number): CartLine[] => cart.filter((l) => l.skuId !== skuId);

export const lineFen = (l: CartLine): number => toFen(l.retailPrice) * l.quantity;

export function cartTotals(cart: readonly CartLine[]): { quantity: number; totalFen: number } {
  return { quantity: cart.reduce((a, l) => a + l.quantity, 0), totalFen: cart.reduce((a, l) => a + lineFen(l), 0) };
}

/** Change due for cash handed over (never negative); null while the cash does not cover the total. */
export function changeDue(totalFen: number, tenderedYuan: number | string): number | null {
  const tendered = toFen(tenderedYuan);
  if (!Number.isFinite(tendered) || tendered < totalFen) return null;
  return tendered - totalFen;
}

export { BALANCE, CASH, VOUCHER } from '../../core/pricing/payTypes.ts';

/**
 * The payments of one sale: the member's balance first (never more than allowed), the rest by the chosen method.
 * Cash may be more than the rest (change is given); any other method takes exactly the rest. `changeFen` is null
 * while the cash handed over does not cover the rest.
 */
export function splitPayments(a: { payableFen: number; balanceFen: number; maxBalanceFen: number; payType: number; tendered: number | string; voucher?: { code: string; faceFen: number } | null }): {
  payments: { payType: number; amount: number; voucherCode?: string }[];
  balanceFen: number;
  /** What the voucher (券) pays: its face, at most what is left after the balance (the rest of the face is not given as change). */
  voucherFen: number;
  restFen: number;
  changeFen: number | null;
} {
  const balanceFen = Math.max(0, Math.min(Math.round(a.balanceFen), a.maxBalanceFen, a.payableFen));
  const voucherFen = a.voucher?.code ? Math.max(0, Math.min(Math.round(a.voucher.faceFen), a.payableFen - balanceFen)) : 0;
  const restFen = a.payableFen - balanceFen - voucherFen;
  const payments: { payType: number; amount: number; voucherCode?: string }[] = [];
  if (balanceFen > 0) payments.push({ payType: BALANCE, amount: balanceFen / 100 });
  if (voucherFen > 0) payments.push({ payType: VOUCHER, amount: voucherFen / 100, voucherCode: a.voucher!.code });
  let changeFen: number | null = 0;
  if (restFen > 0) {
    if (a.payType === CASH) {
      changeFen = changeDue(restFen, a.tendered);
      const cashFen = toFen(a.tendered);
      payments.push({ payType: CASH, amount: (changeFen === null ? restFen : cashFen) / 100 });
    } else payments.push({ payType: a.payType, amount: restFen / 100 });
  }
  return { payments, balanceFen, voucherFen, restFen, changeFen };
}

/**
 * A scan shown from the local catalogue, undone: one less of its SKU (the line goes at one). Used when the server
 * refuses the code the catalogue knew (the SKU was stopped since), or answers it with another SKU.
 */
export function undoScanned(cart: readonly CartLine[], skuId: number): CartLine[] {
  const line = cart.find((l) => l.skuId === skuId);
  if (!line) return [...cart];
  return line.quantity > 1 ? cart.map((l) => (l.skuId === skuId ? { ...l, quantity: l.quantity - 1 } : l)) : removeLine(cart, skuId);
}

/**
 * The server's answer to a scan already shown from the local catalogue: the line takes the server's name, price
 * and stock (its quantity stays); when the server names another SKU for the code, the shown unit moves to it.
 * A confirmation that changes nothing answers the same cart, so nothing renders again.
 */
export function confirmScanned(cart: readonly CartLine[], shownSkuId: number, sku: ScannedSku): CartLine[] {
  if (shownSkuId !== sku.skuId) return addScanned(undoScanned(cart, shownSkuId), sku);
  const line = cart.find((l) => l.skuId === sku.skuId);
  if (line && (Object.keys(sku) as (keyof ScannedSku)[]).every((k) => line[k] === sku[k])) return cart as CartLine[];
  return cart.map((l) => (l.skuId === sku.skuId ? { ...l, ...sku, quantity: l.quantity } : l));
}
