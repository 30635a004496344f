import { PrinterSettings } from '../designer/printClient/PrinterSettings';
import { useBillingT } from './labels';

/** 打印设置 of this till: its print client and the receipt printer receipts and 交班单 go to without a dialog. */
export function PrintSettings() {
  const t = useBillingT();
  return (
    <PrinterSettings kind="receipt" testId="register" labels={{
      button: t('printSettings'), host: t('printClientHost'), token: t('printClientToken'), connect: t('connectClient'), printer: t('receiptPrinter'),
      none: t('noReceiptPrinter'), notConnected: (message) => t('printClientNotConnected', { message }), connected: t('clientConnected'), closed: t('clientClosed'), connecting: t('clientConnecting'),
    }} />
  );
}
