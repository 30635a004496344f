import { client } from '../../src/api/http';
import { TIMEOUT } from '../../src/api/timeouts';

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

/** Payment method names by pay type (1 现金 … 4 支付宝). */
export const PAY_NAMES = ['', '现金', '银行卡', '微信', '支付宝', '余额', '券'];

/** 13800000007 -> 138****0007, as a phone is shown on paper and on screen. */
export const maskPhone = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 58 mm receipt's HTML (shop, lines, total, payments, change). */
export function receiptHtml(o: SettledOrder): string {
  const lines = o.detList
    .map((l) => `<tr><td>${esc(l.skuName)}</td><td class="r">${l.quantity}</td><td class="r">${l.unitPrice.toFixed(2)}</td><td class="r">${l.amount.toFixed(2)}</td></tr>`)
    .join('');
  // The member's phone is masked on paper (138****0007); points earned by this sale.
  const member = o.memberPhone ? `<div>会员：${esc(maskPhone(o.memberPhone))}　本单积分：${o.pointsEarned ?? 0}</div>` : '';
  const pays = o.payList.map((p) => `<div>${esc(PAY_NAMES[p.payType] ?? '')}：${p.amount.toFixed(2)}</div>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(o.orderNo)}</title><style>
    body{font:12px/1.5 "Noto Sans CJK SC",sans-serif;width:58mm;margin:0 auto}h3{text-align:center;margin:4px 0}
    table{width:100%;border-collapse:collapse}.r{text-align:right}hr{border:0;border-top:1px dashed #000}
  </style></head><body>
    <h3>${esc(o.shopName)}${o.isPractice ? '（练习）' : ''}</h3>
    <div>单号：${esc(o.orderNo)}</div><div>时间：${esc(o.createTime)}</div><div>收银员：${esc(o.cashierName)}</div><hr>
    <table><tr><th align="left">商品</th><th class="r">数量</th><th class="r">单价</th><th class="r">金额</th></tr>${lines}</table><hr>
    <div>共 ${o.totalQuantity} 件　应收：${o.totalAmount.toFixed(2)}</div>${o.promotionAmount ? `<div>促销优惠：-${o.promotionAmount.toFixed(2)}</div>` : ''}${o.couponAmount ? `<div>优惠券抵扣：-${o.couponAmount.toFixed(2)}</div>` : ''}${pays}<div>找零：${o.changeAmount.toFixed(2)}</div>${member}<hr>
    <div style="text-align:center">谢谢惠顾，欢迎再次光临</div>
  </body></html>`;
}

/**
 * Prints the receipt with the tenant's 收银小票 template (the print designer's; the default 58 mm one when none was
 * made): the server renders the PDF and the browser's viewer prints it. The window opens at the click (a window
 * opened after the wait would be blocked); with the server out of reach the plain HTML receipt prints instead.
 */
export async function printReceipt(o: SettledOrder): Promise<void> {
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
