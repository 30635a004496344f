import poOrder from '../../../schemas/resources/po-order.json';
import stockDictionaries from '../../../schemas/dictionaries/stock.json';
import { statusAfter } from '../../../core/descriptors/documents.ts';
import type { DocActionDecl, ResourceDescriptor } from '../../../core/descriptors/types.ts';
import type { DocContext } from '../../documents/context.ts';

/**
 * The sale as a document: its statuses and transitions are the `document` block of schemas/resources/po-order.json
 * (退款 1/4 → 2, 作废 1 → 3, 部分退款 1/4 → 4 or 2), as every other document declares its own; the document layer runs them (status
 * compare-and-set, history), and the sales area registers what each does (sale.refund, sale.invalid). The statuses'
 * names are the orderStatus dictionary's.
 */
const header = poOrder as unknown as ResourceDescriptor;
export const SALE: DocContext = { header, doc: header.document! };

const action = (id: string): DocActionDecl => {
  const a = SALE.doc.actions.find((x) => x.id === id);
  if (!a) throw new Error(`schemas/resources/po-order.json declares no "${id}" action`);
  return a;
};

export const SALE_ACTIONS = { refund: action('refund'), invalid: action('invalid'), lineRefund: action('lineRefund') } as const;

/** The sale's statuses by meaning: a sale is made 已完成, and each reversal moves it to its one status. */
export const ORDER_STATUS = {
  done: SALE.doc.initialStatus,
  refunded: statusAfter(SALE.doc, 'refund'),
  invalid: statusAfter(SALE.doc, 'invalid'),
  /** 部分退款: some lines or units refunded (order/refundLines), not all; the last unit back makes it 已退款. */
  partRefunded: statusAfter(SALE.doc, 'lineRefund'),
} as const;

const NAMES = new Map(stockDictionaries.dictionaries.orderStatus.map((i) => [Number(i.value), i.label]));

/** 已完成 / 已退款 / 已作废 / 部分退款. */
export const orderStatusName = (status: number): string => NAMES.get(Number(status)) ?? String(status);
