/** Where the local print client is and its token: remembered per browser (the client runs on this machine). */
import { PRINT_CLIENT_DEFAULTS } from './state.ts';

export interface PrintClientSettings {
  host: string;
  token: string;
  /** The till's receipt printer (a printer name of the client): the register prints receipts there without a dialog. */
  receiptPrinter?: string;
  /** This office PC's A4 printer: documents (调拨单, 采购单 …) print there without a dialog. */
  documentPrinter?: string;
}

export const PRINT_CLIENT_SETTINGS_KEY = 'wxy.printClient';

export function loadPrintClientSettings(storage: Pick<Storage, 'getItem'> = localStorage): PrintClientSettings {
  try {
    const v = JSON.parse(storage.getItem(PRINT_CLIENT_SETTINGS_KEY) ?? '{}') as Partial<PrintClientSettings>;
    return {
      host: typeof v.host === 'string' && v.host ? v.host : PRINT_CLIENT_DEFAULTS.host,
      token: typeof v.token === 'string' ? v.token : '',
      ...(typeof v.receiptPrinter === 'string' && v.receiptPrinter ? { receiptPrinter: v.receiptPrinter } : {}),
      ...(typeof v.documentPrinter === 'string' && v.documentPrinter ? { documentPrinter: v.documentPrinter } : {}),
    };
  } catch {
    return { host: PRINT_CLIENT_DEFAULTS.host, token: '' };
  }
}

export function savePrintClientSettings(settings: PrintClientSettings, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(PRINT_CLIENT_SETTINGS_KEY, JSON.stringify({
    host: settings.host.trim(),
    token: settings.token,
    ...(settings.receiptPrinter ? { receiptPrinter: settings.receiptPrinter } : {}),
    ...(settings.documentPrinter ? { documentPrinter: settings.documentPrinter } : {}),
  }));
}
