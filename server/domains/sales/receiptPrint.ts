import type { PrintTemplate } from '../../../core/print/template/types.ts';
import { dbNowText } from '../../db/calendar.ts';
import { TICKET_WIDTH, ticketRule, ticketTemplate, ticketText } from './ticketLayout.ts';
import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { templateFor, type ChosenTemplate } from '../../printTemplates/answerPrint.ts';
import { PAY_TYPES } from './pricing.ts';
import { amountText } from '../../../core/money.ts';

/**
 * The cash register's receipt (收银小票) through the print designer: the tenant's newest template of business type
 * cashierTicket, else the default 58 mm receipt below. The data carries the fields the designer offers for that
 * type (screens-custom/designer/page/businessFields.ts cashierTicket) so a template made there prints filled.
 */

export const RECEIPT_TYPE = 'cashierTicket';

const masked = (phone: unknown) => (typeof phone === 'string' ? phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2') : '');

/** The receipt's print data from an order as readOrder answers it. */
export async function receiptPrintData(tx: Queryable, auth: AuthContext, order: Record<string, unknown>): Promise<Record<string, unknown>> {
  const now = await dbNowText(tx);
  const lines = (order.detList as Record<string, unknown>[] | undefined) ?? [];
  const pays = (order.payList as { payType: number; amount: number }[] | undefined) ?? [];
  const discount = Number(order.totalAmount ?? 0) - Number(order.payAmount ?? order.totalAmount ?? 0);
  return {
    shopName: order.shopName,
    ticketNo: order.orderNo,
    cashier: order.cashierName,
    memberName: order.memberName ? `${String(order.memberName)} ${masked(order.memberPhone)}` : masked(order.memberPhone),
    memberPoints: order.memberId ? `+${Number(order.pointsEarned ?? 0)}` : '',
    payTime: order.createTime,
    payMethod: pays.map((p) => `${PAY_TYPES[p.payType] ?? p.payType} ${amountText(p.amount)}`).join('，'),
    totalAmount: amountText(order.totalAmount),
    discountAmount: amountText(discount),
    paidAmount: amountText(order.paidAmount),
    change: amountText(order.changeAmount),
    totalQuantity: order.totalQuantity,
    detList: lines.map((l) => ({
      skuCode: l.skuCode, barcode: l.barcode, goodsName: l.skuName, spec: l.spec, unit: l.unit,
      quantity: l.quantity, price: amountText(l.unitPrice), amount: amountText(l.amount),
    })),
    remark: order.isPractice ? '练习收银，不计入营业' : (order.remark ?? ''),
    printTime: now,
    printUser: auth.displayName ?? auth.userName,
  };
}

/** A 58 mm receipt: shop, number, time, cashier, the lines, totals, payments, member, thanks. */
export function defaultReceiptTemplate(): PrintTemplate {
  const t = ticketText;
  return ticketTemplate('收银小票', [
    { type: 'text', options: { left: 6, top: 6, width: TICKET_WIDTH, height: 14, field: 'shopName', title: '门店', hideTitle: true, fontSize: 10, fontWeight: 'bold', textAlign: 'center' } },
    t(24, '小票号', 'ticketNo'),
    t(36, '时间', 'payTime'),
    t(48, '收银员', 'cashier'),
    ticketRule(62),
    {
      type: 'table',
      options: {
        left: 6, top: 66, width: TICKET_WIDTH, height: 30, field: 'detList', fontSize: 7,
        columns: [[
          { title: '商品', field: 'goodsName', width: 62 },
          { title: '数量', field: 'quantity', width: 24, align: 'right' },
          { title: '单价', field: 'price', width: 30, align: 'right' },
          { title: '金额', field: 'amount', width: 34, align: 'right' },
        ]],
      },
    },
    t(102, '应收金额', 'totalAmount'),
    t(114, '优惠金额', 'discountAmount'),
    t(126, '支付方式', 'payMethod'),
    t(138, '实收金额', 'paidAmount'),
    t(150, '找零', 'change'),
    t(162, '会员', 'memberName'),
    t(174, '本单积分', 'memberPoints'),
    t(186, '备注', 'remark'),
    ticketRule(200),
    t(206, '谢谢惠顾，欢迎再次光临', undefined, { textAlign: 'center' }),
  ]);
}

export const receiptTemplate = (tx: Queryable): Promise<ChosenTemplate> =>
  templateFor(tx, RECEIPT_TYPE, () => ({ name: '收银小票（默认模板）', template: defaultReceiptTemplate(), isDefault: true }));
