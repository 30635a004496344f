import { client } from '../../src/api/http';
import { notifyError, notifySuccess } from '../../src/feedback/notify';
import { TIMEOUT } from '../../src/api/timeouts';
import { billingT as t, payName } from './labels';
import { amountText } from '../../core/money.ts';

/** A settled order as the settlement answers it. */
export interface SettledOrder {
  orderId: number;
  orderNo: string;
  shopName: string | null;
  isPractice: boolean;
  totalQuantity: number;
  totalAmount: number;
  paidAmount: number;
  changeAmount: number;
  cashierName: string | null;
  createTime: string;
  detList: { skuName: string; quantity: number; unitPrice: number; amount: number }[];
  payList: { payType: number; amount: number }[];
  memberId?: number | null;
  memberPhone?: string | null;
  memberName?: string | null;
  pointsEarned?: number;
  /** 优惠券抵扣 and what the customer owed after it. */
  couponAmount?: number;
  promotionAmount?: number;
  payAmount?: number;
}

/** 13800000007 -> 138****0007, as a phone is shown on paper and on screen. */
export const maskPhone = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 58 mm receipt's HTML (shop, lines, total, payments, change). */
export function receiptHtml(o: SettledOrder): string {
  const lines = o.detList
    .map((l) => `<tr><td>${esc(l.skuName)}</td><td class="r">${l.quantity}</td><td class="r">${amountText(l.unitPrice)}</td><td class="r">${amountText(l.amount)}</td></tr>`)
    .join('');
  // The member's phone is masked on paper (138****0007); points earned by this sale.
  const member = o.memberPhone ? `<div>${esc(t('receiptMember', { phone: maskPhone(o.memberPhone), points: o.pointsEarned ?? 0 }))}</div>` : '';
  const pays = o.payList.map((p) => `<div>${esc(payName(p.payType))}${esc(t('colon'))}${amountText(p.amount)}</div>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(o.orderNo)}</title><style>
    body{font:12px/1.5 "Noto Sans CJK SC",sans-serif;width:58mm;margin:0 auto}h3{text-align:center;margin:4px 0}
    table{width:100%;border-collapse:collapse}.r{text-align:right}hr{border:0;border-top:1px dashed #000}
  </style></head><body>
    <h3>${esc(o.shopName)}${o.isPractice ? esc(t('practiceMark')) : ''}</h3>
    <div>${esc(t('receiptNo'))}${esc(o.orderNo)}</div><div>${esc(t('receiptTime'))}${esc(o.createTime)}</div><div>${esc(t('receiptCashier'))}${esc(o.cashierName)}</div><hr>
    <table><tr><th align="left">${esc(t('sku'))}</th><th class="r">${esc(t('quantity'))}</th><th class="r">${esc(t('unitPrice'))}</th><th class="r">${esc(t('amount'))}</th></tr>${lines}</table><hr>
    <div>${esc(t('receiptTotal', { count: o.totalQuantity, amount: amountText(o.totalAmount) }))}</div>${o.promotionAmount ? `<div>${esc(t('receiptPromotion', { amount: amountText(o.promotionAmount) }))}</div>` : ''}${o.couponAmount ? `<div>${esc(t('receiptCoupon', { amount: amountText(o.couponAmount) }))}</div>` : ''}${pays}<div>${esc(t('receiptChange', { amount: amountText(o.changeAmount) }))}</div>${member}<hr>
    <div style="text-align:center">${esc(t('receiptThanks'))}</div>
  </body></html>`;
}

/**
 * Prints the receipt with the tenant's 收银小票 template (the print designer's; the default 58 mm one when none was
 * made): the server renders the PDF and the browser's viewer prints it. The window opens at the click (a window
 * opened after the wait would be blocked); with the server out of reach the plain HTML receipt prints instead.
 */
export async function printReceipt(o: SettledOrder): Promise<void> {
  // A till with a receipt printer chosen prints there without a dialog; the PDF only when its client does not answer.
  const { receiptPrinterChosen, printReceiptSilently } = await import('./silentPrint');
  if (receiptPrinterChosen()) {
    try {
      const r = await printReceiptSilently(o.orderNo);
      if (r.kind === 'printed') {
        notifySuccess({ text: t('receiptPrinted', { printer: r.printer }) });
        return;
      }
    } catch (e) {
      notifyError({ text: t('receiptPrintFailed', { message: e instanceof Error ? e.message : String(e) }) });
      return;
    }
  }
  const w = window.open('', '_blank', 'width=420,height=640');
  if (!w) return;
  w.document.title = o.orderNo;
  try {
    const res = await client.request<Blob>({ method: 'GET', url: `/wxy-order-server/sale/order/print/${encodeURIComponent(o.orderNo)}`, params: { type: 'pdf' }, responseType: 'blob', timeout: TIMEOUT.exportDownload });
    w.location.href = URL.createObjectURL(new Blob([res.data], { type: 'application/pdf' }));
  } catch {
    w.document.write(receiptHtml(o));
    w.document.close();
    w.focus();
    w.print();
  }
}

/**
 * The 交班单 of a shift: on the till's receipt printer without a dialog when one is chosen and its client answers,
 * else the PDF in a window opened at the click. Answers what happened, for the hand-over dialog to say.
 */
export async function printShiftSlip(classId: number, opts: { pdfFallback: boolean }): Promise<'printed' | 'pdf' | 'failed' | 'none'> {
  const { receiptPrinterChosen, printShiftSlipSilently } = await import('./silentPrint');
  if (receiptPrinterChosen()) {
    try {
      const r = await printShiftSlipSilently(classId);
      if (r.kind === 'printed') {
        notifySuccess({ text: t('shiftSlipPrinted', { printer: r.printer }) });
        return 'printed';
      }
    } catch (e) {
      notifyError({ text: t('shiftSlipPrintFailed', { message: e instanceof Error ? e.message : String(e) }) });
      return 'failed';
    }
  }
  if (!opts.pdfFallback) return 'none';
  const w = window.open('', '_blank', 'width=420,height=640');
  if (!w) return 'none';
  w.document.title = t('shiftSlip');
  try {
    const res = await client.request<Blob>({ method: 'GET', url: `/wxy-shop-server/shop-class-record/print/${classId}`, params: { type: 'pdf' }, responseType: 'blob', timeout: TIMEOUT.exportDownload });
    w.location.href = URL.createObjectURL(new Blob([res.data], { type: 'application/pdf' }));
    return 'pdf';
  } catch (e) {
    w.close();
    notifyError({ text: t('shiftSlipPrintFailed', { message: e instanceof Error ? e.message : String(e) }) });
    return 'failed';
  }
}
