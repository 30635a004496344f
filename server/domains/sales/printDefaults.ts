import type { DefaultTemplate } from '../../printTemplates/defaults.ts';
import { PAY_SLIP_TYPE, defaultPaySlipTemplate } from './orderPay.ts';
import { RECEIPT_TYPE, defaultReceiptTemplate } from './receiptPrint.ts';
import { SHIFT_TICKET_TYPE, defaultShiftTemplate } from './shiftPrint.ts';

/** The sales area's print kinds that are no document: the register's ticket, the hand-over slip and the payment slip (migration 397). */
export const salesPrintDefaults = (): DefaultTemplate[] => [
  { businessType: RECEIPT_TYPE, name: '收银小票（默认模板）', template: defaultReceiptTemplate() },
  { businessType: SHIFT_TICKET_TYPE, name: '交班单（默认模板）', template: defaultShiftTemplate() },
  { businessType: PAY_SLIP_TYPE, name: '支付单（默认模板）', template: defaultPaySlipTemplate() },
];
