import { screenLabels } from '../../src/i18n/screenLabels';

/**
 * Labels of the cash register (零售收银, 练习收银) and its dialogs, namespace `billing`: Chinese here, English in labels.en.ts
 * (fetched only for a user who reads English). The Chinese travels in the register's
 * own chunk: the register is a window of its own and loads no shell page, so nothing here weighs on the login page.
 */
import { zh, type BillingKey } from './labels.zh.ts';

export type { BillingKey };

export const billingLabels = screenLabels('billing', zh, () => import('./labels.en').then((m) => m.en));
// An English cashier's register renders in English from the first frame: the page's chunk waits for the English.
await billingLabels.ready();
export const useBillingT = billingLabels.useT;
export const billingT = billingLabels.t;

/** A payment method's name by pay type (1 现金 … 6 券); empty for an unknown one. */
export const payName = (payType: number): string =>
  Number.isInteger(payType) && payType >= 1 && payType <= 6 ? billingT(`pay${payType}` as 'pay1') : '';
