import type { PrintTemplate } from '../../../core/print/template/types.ts';
import { TICKET_WIDTH, ticketRule, ticketTemplate, ticketText } from './ticketLayout.ts';
import { amountText } from '../../../core/money.ts';
import type { AuthContext } from '../../context.ts';
import { dbNowText } from '../../db/calendar.ts';
import type { Queryable } from '../../db/index.ts';
import { templateFor, type ChosenTemplate } from '../../printTemplates/answerPrint.ts';

/**
 * The 交班单 (hand-over slip) through the print designer: the tenant's template of business type shiftTicket, else the
 * default 58 mm slip below — the shift's cashier and times, orders and refunds, each payment method's takings, refunds
 * and net, the cash expected, counted and the difference. Printed at the till after 交班 (silently on the receipt
 * printer where the till has a print client) and from 收银班次 for a past shift.
 */
export const SHIFT_TICKET_TYPE = 'shiftTicket';

/** A shift as readShift answers it (named here, not imported: the print defaults load before the shift queries). */
interface Shift {
  classId: number;
  shopName: string;
  userName: string;
  isPractice: boolean;
  startTime: string;
  endTime: string | null;
  openingCash: number;
  countedCash: number | null;
  remark: string | null;
  orderCount: number;
  saleAmount: number;
  refundCount: number;
  refundAmount: number;
  expectedCash: number;
  differenceAmount: number | null;
  payList: { payName: string; saleAmount: number; refundAmount: number; netAmount: number }[];
}

export async function shiftPrintData(tx: Queryable, auth: AuthContext, s: Shift): Promise<Record<string, unknown>> {
  const diff = s.differenceAmount;
  return {
    shopName: s.shopName,
    classId: s.classId,
    cashier: s.userName,
    startTime: s.startTime,
    endTime: s.endTime ?? '未交班',
    orderCount: s.orderCount,
    saleAmount: amountText(s.saleAmount),
    refundCount: s.refundCount,
    refundAmount: amountText(s.refundAmount),
    openingCash: amountText(s.openingCash),
    expectedCash: amountText(s.expectedCash),
    countedCash: s.countedCash === null ? '' : amountText(s.countedCash),
    differenceAmount: diff === null ? '' : diff === 0 ? '0.00（相符）' : `${amountText(Math.abs(diff))}（${diff < 0 ? '短款' : '长款'}）`,
    payList: s.payList
      .filter((p) => p.saleAmount || p.refundAmount)
      .map((p) => ({ payName: p.payName, saleAmount: amountText(p.saleAmount), refundAmount: amountText(p.refundAmount), netAmount: amountText(p.netAmount) })),
    remark: s.isPractice ? '练习收银，不计入营业' : (s.remark ?? ''),
    printTime: await dbNowText(tx),
    printUser: auth.displayName ?? auth.userName,
  };
}

/** A 58 mm slip: shop, cashier, times, counts, the methods' table, the drawer. */
export function defaultShiftTemplate(): PrintTemplate {
  const t = ticketText;
  return ticketTemplate('交班单', [
    { type: 'text', options: { left: 6, top: 6, width: TICKET_WIDTH, height: 14, title: '交班单', fontSize: 10, fontWeight: 'bold', textAlign: 'center' } },
    t(22, '门店', 'shopName'),
    t(34, '收银员', 'cashier'),
    t(46, '开班时间', 'startTime'),
    t(58, '交班时间', 'endTime'),
    ticketRule(72),
    t(76, '销售笔数', 'orderCount'),
    t(88, '销售金额', 'saleAmount'),
    t(100, '退款笔数', 'refundCount'),
    t(112, '退款金额', 'refundAmount'),
    {
      type: 'table',
      options: {
        left: 6, top: 126, width: TICKET_WIDTH, height: 30, field: 'payList', fontSize: 7,
        columns: [[
          { title: '支付方式', field: 'payName', width: 42 },
          { title: '收款', field: 'saleAmount', width: 36, align: 'right' },
          { title: '退款', field: 'refundAmount', width: 36, align: 'right' },
          { title: '净额', field: 'netAmount', width: 36, align: 'right' },
        ]],
      },
    },
    t(162, '备用零钱', 'openingCash'),
    t(174, '应有现金', 'expectedCash'),
    t(186, '实点现金', 'countedCash'),
    t(198, '差额', 'differenceAmount'),
    t(210, '备注', 'remark'),
    ticketRule(224),
    t(230, '打印时间', 'printTime'),
    t(242, '收银员签字：'),
  ]);
}

export const shiftTemplate = (tx: Queryable): Promise<ChosenTemplate> =>
  templateFor(tx, SHIFT_TICKET_TYPE, () => ({ name: '交班单（默认模板）', template: defaultShiftTemplate(), isDefault: true }));
