/**
 * The host's field lists (spec 001 §3 `field`: "chosen from a provided field list or typed freely"):
 * per business type of server/printTemplates/businessTypes.ts, the document's own fields and the
 * fields of its detail lines (for table columns). Every type also gets the common fields; a type with
 * no list of its own offers only those.
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
  allocation: [
    f('allocationNo', '调拨单号'), f('outWarehouseName', '调出仓库'), f('inWarehouseName', '调入仓库'), f('allocationDate', '调拨日期'),
    f('status', '单据状态'), f('totalQuantity', '调拨总数'), ...GOODS_LINE, f('outQuantity', '出库数量'), f('inQuantity', '入库数量'),
  ],
  inventory: [
    f('inventoryNo', '盘点单号'), f('warehouseName', '盘点仓库'), f('inventoryDate', '盘点日期'), f('checker', '盘点人'),
    ...GOODS_LINE, f('bookQuantity', '账面数量'), f('checkQuantity', '实盘数量'), f('diffQuantity', '差异数量'), f('location', '库位'),
  ],
  returnOrder: [
    f('returnNo', '退货单号'), f('supplierName', '供应商'), f('warehouseName', '退货仓库'), f('returnDate', '退货日期'), f('returnReason', '退货原因'),
    ...GOODS_LINE, f('totalAmount', '退货总额'),
  ],
  purchase: [
    f('orderNo', '采购单号'), f('supplierName', '供应商'), f('warehouseName', '收货仓库'), f('orderDate', '下单日期'), f('deliveryDate', '交货日期'),
    f('buyer', '采购员'), ...GOODS_LINE, f('taxRate', '税率'), f('totalAmount', '采购总额'),
  ],
  receipt: [
    f('receiptNo', '收货单号'), f('orderNo', '采购单号'), f('supplierName', '供应商'), f('warehouseName', '收货仓库'), f('receiptDate', '收货日期'),
    ...GOODS_LINE, f('receivedQuantity', '实收数量'), f('batchNo', '批次号'),
  ],
  otherStockIn: [
    f('stockInNo', '入库单号'), f('warehouseName', '入库仓库'), f('stockInType', '入库类型'), f('stockInDate', '入库日期'), ...GOODS_LINE, f('location', '库位'),
  ],
  otherStockOut: [
    f('stockOutNo', '出库单号'), f('warehouseName', '出库仓库'), f('stockOutType', '出库类型'), f('stockOutDate', '出库日期'), ...GOODS_LINE, f('location', '库位'),
  ],
  picking: [
    f('pickingNo', '拣货单号'), f('orderNo', '订单号'), f('picker', '拣货员'), f('pickingDate', '拣货日期'), ...GOODS_LINE, f('location', '库位'),
    f('pickedQuantity', '已拣数量'),
  ],
  cashierTicket: [
    f('ticketNo', '小票号'), f('cashier', '收银员'), f('memberName', '会员'), f('memberPoints', '会员积分'), f('payTime', '支付时间'),
    f('payMethod', '支付方式'), f('totalAmount', '应收金额'), f('discountAmount', '优惠金额'), f('paidAmount', '实收金额'), f('change', '找零'),
    f('totalQuantity', '商品件数'), f('detList', '明细（表格）'), ...GOODS_LINE,
  ],
  orderPay: [
    f('orderNo', '订单号'), f('shopName', '门店'), f('cashierName', '收银员'), f('createTime', '下单时间'), f('memberName', '会员'), f('memberPhone', '会员手机号'),
    f('totalAmount', '订单金额'), f('couponAmount', '优惠券抵扣'), f('payAmount', '应收'), f('paidAmount', '实收'), f('changeAmount', '找零'),
    f('payList', '支付明细（表格）'), f('payTypeName', '明细·支付方式'), f('amount', '明细·金额'), f('payTime', '明细·支付时间'),
  ],
  groupPurchase: [
    f('purchaseNo', '团购单号'), f('customerName', '团购客户'), f('contactName', '联系人'), f('contactPhone', '联系电话'), f('deliveryDate', '交货日期'),
    f('statusLabel', '状态'), f('totalQuantity', '总数量'), f('retailAmount', '零售金额'), f('discountAmount', '优惠金额'), f('totalAmount', '团购金额'),
    f('orderNo', '销售单号'), f('payTypeLabel', '收款方式'), f('createUserName', '制单人'), f('auditUserName', '审核人'),
    f('detList', '明细（表格）'), f('skuCode', '明细·SKU编码'), f('skuName', '明细·商品名称'), f('barcode', '明细·条形码'), f('spec', '明细·规格'), f('unit', '明细·单位'),
    f('retailPrice', '明细·零售价'), f('quantity', '明细·数量'), f('unitPrice', '明细·团购价'), f('amount', '明细·金额'),
  ],
  preSale: [
    f('preSaleNo', '预售单号'), f('customerName', '顾客姓名'), f('customerPhone', '顾客手机'), f('pickupDate', '提货日期'), f('statusLabel', '状态'),
    f('totalQuantity', '总数量'), f('totalAmount', '订单金额'), f('depositAmount', '定金'), f('payTypeLabel', '定金支付方式'), f('createUserName', '制单人'),
    f('detList', '明细（表格）'), f('skuCode', '明细·SKU编码'), f('skuName', '明细·商品名称'), f('barcode', '明细·条形码'), f('spec', '明细·规格'), f('unit', '明细·单位'),
    f('quantity', '明细·数量'), f('unitPrice', '明细·单价'), f('amount', '明细·金额'),
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

export const BUSINESS_TYPES_WITH_FIELDS = Object.keys(BY_TYPE);
