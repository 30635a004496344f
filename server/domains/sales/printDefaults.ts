import type { DefaultTemplate } from '../../printTemplates/defaults.ts';
import { PAY_SLIP_TYPE, defaultPaySlipTemplate } from './orderPay.ts';
import { RECEIPT_TYPE, defaultReceiptTemplate } from './receiptPrint.ts';

/** The sales area's print kinds that are no document: the register's ticket and the payment slip (migration 397). */
export const salesPrintDefaults = (): DefaultTemplate[] => [
  { businessType: RECEIPT_TYPE, name: '收银小票（默认模板）', template: defaultReceiptTemplate() },
  { businessType: PAY_SLIP_TYPE, name: '支付单（默认模板）', template: defaultPaySlipTemplate() },
];
