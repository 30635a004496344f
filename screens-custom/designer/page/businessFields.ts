/**
 * The host's field lists (spec 001 §3 `field`: "chosen from a provided field list or typed freely"). A document
 * type's fields come from its descriptors on the server (print-template/business-fields/{type}); the kinds that
 * are no document (收银小票, 交班单, 支付单, 价签: server/documents/catalog.ts) have theirs here. Every type also gets the
 * common fields; a type with no list offers only those.
 */
export interface BusinessField {
  field: string;
  text: string;
}

const f = (field: string, text: string): BusinessField => ({ field, text });

const COMMON: readonly BusinessField[] = [
  f('tenantName', '租户名称'), f('shopName', '门店名称'), f('printTime', '打印时间'), f('printUser', '打印人'), f('remark', '备注'),
];

const GOODS_LINE: readonly BusinessField[] = [
  f('skuCode', '商品编码'), f('barcode', '商品条码'), f('goodsName', '商品名称'), f('spec', '规格'), f('unit', '单位'),
  f('quantity', '数量'), f('price', '单价'), f('amount', '金额'),
];

const BY_TYPE: Readonly<Record<string, readonly BusinessField[]>> = {
  cashierTicket: [
    f('ticketNo', '小票号'), f('cashier', '收银员'), f('memberName', '会员'), f('memberPoints', '会员积分'), f('payTime', '支付时间'),
    f('payMethod', '支付方式'), f('totalAmount', '应收金额'), f('discountAmount', '优惠金额'), f('paidAmount', '实收金额'), f('change', '找零'),
    f('totalQuantity', '商品件数'), f('detList', '明细（表格）'), ...GOODS_LINE,
  ],
  shiftTicket: [
    f('cashier', '收银员'), f('startTime', '开班时间'), f('endTime', '交班时间'), f('orderCount', '销售笔数'), f('saleAmount', '销售金额'),
    f('refundCount', '退款笔数'), f('refundAmount', '退款金额'), f('openingCash', '备用零钱'), f('expectedCash', '应有现金'),
    f('countedCash', '实点现金'), f('differenceAmount', '差额'), f('payList', '支付方式汇总（表格）'), f('payName', '汇总·支付方式'),
    f('netAmount', '汇总·净额'),
  ],
  orderPay: [
    f('orderNo', '订单号'), f('shopName', '门店'), f('cashierName', '收银员'), f('createTime', '下单时间'), f('memberName', '会员'), f('memberPhone', '会员手机号'),
    f('totalAmount', '订单金额'), f('couponAmount', '优惠券抵扣'), f('payAmount', '应收'), f('paidAmount', '实收'), f('changeAmount', '找零'),
    f('payList', '支付明细（表格）'), f('payTypeName', '明细·支付方式'), f('amount', '明细·金额'), f('payTime', '明细·支付时间'),
  ],
  priceTag: [
    f('goodsName', '商品名称'), f('barcode', '商品条码'), f('skuCode', '商品编码'), f('spec', '规格'), f('unit', '单位'), f('origin', '产地'),
    f('grade', '等级'), f('retailPrice', '零售价'), f('memberPrice', '会员价'), f('pricer', '物价员'),
  ],
};

/**
 * The fields a template of this business type can print (its own first, then the common ones). A document
 * type's own fields come from the server (`fromDocument`: its descriptors' fields), when it answered some.
 */
export function fieldsForBusinessType(type: string | null | undefined, fromDocument?: readonly BusinessField[]): BusinessField[] {
  const own = fromDocument?.length ? fromDocument : (type && BY_TYPE[type]) || [];
  const seen = new Set<string>();
  return [...own, ...COMMON].filter((x) => !seen.has(x.field) && seen.add(x.field));
}

