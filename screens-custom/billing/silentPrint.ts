import { chosenPrinter, printSilently } from '../designer/printClient/silent.ts';
import { billingT } from './labels';

export type { SilentOutcome } from '../designer/printClient/silent.ts';

/**
 * The till's paper through its print client, without a dialog (designer/printClient/silent.ts): the receipt by order
 * number and the 交班单 by shift, on the receipt printer chosen in the register's 打印设置.
 */
export const receiptPrinterChosen = (): string | null => chosenPrinter('receipt');

export const printReceiptSilently = (orderNo: string) =>
  printSilently('receipt', `/wxy-order-server/sale/order/print/${encodeURIComponent(orderNo)}`, billingT('receiptJobTitle', { orderNo }));

export const printShiftSlipSilently = (classId: number) =>
  printSilently('receipt', `/wxy-shop-server/shop-class-record/print/${classId}`, billingT('shiftSlipJobTitle', { classId }));
