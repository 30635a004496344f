/** The business documents a print template can be for (the designer's 业务类型 list). Modules add theirs here. */
export const PRINT_BUSINESS_TYPES = [
  { value: 'general', label: '通用' },
  { value: 'allocation', label: '调拨单' },
  { value: 'inventory', label: '盘点单' },
  { value: 'returnOrder', label: '退货单' },
  { value: 'purchase', label: '采购单' },
  { value: 'receipt', label: '收货单' },
  { value: 'otherStockIn', label: '其他入库单' },
  { value: 'otherStockOut', label: '其他出库单' },
  { value: 'picking', label: '拣货单' },
  { value: 'cashierTicket', label: '收银小票' },
  { value: 'orderPay', label: '支付单' },
  { value: 'groupPurchase', label: '团购单' },
  { value: 'preSale', label: '预售单' },
  { value: 'priceTag', label: '价签' },
] as const;

export type PrintBusinessType = (typeof PRINT_BUSINESS_TYPES)[number]['value'];

const LABELS = new Map<string, string>(PRINT_BUSINESS_TYPES.map((t) => [t.value, t.label]));
export const businessTypeLabel = (value: string): string => LABELS.get(value) ?? value;
