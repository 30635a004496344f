import { useTranslation } from 'react-i18next';
import { i18n } from '../../src/i18n/i18n';

/**
 * Labels of the 报表中心 analysis screens, zh-CN (default) and en, added to the shell's i18next as the `analysis`
 * namespace when this chunk loads (so the login bundle carries none of them).
 */
const zh: Record<string, string> = {
  search: '搜索', reset: '重置', export: '导出', noData: '暂无数据', total: '共 {{n}} 条', close: '关闭', save: '保存', cancel: '取消',
  dateStart: '开始日期', dateEnd: '结束日期', region: '区域', shop: '门店', keyword: 'SKU编码/条码/名称', supplier: '供应商', dimension: '统计维度',
  bySku: '按SKU', bySpu: '按商品', all: '全部', slowDays: '滞销天数', pinStatus: '动销状态', moving: '动销', slow: '滞销', phone: '手机号码', memberName: '会员姓名',
  launchDateStart: '上市日期起', launchDateEnd: '上市日期止', detType: '类型', clickHint: '点击数字查看明细',
  'heat.title': '区域售罄热力（售罄率 = 销量 ÷ 铺货数量）', 'heat.region': '区域', 'heat.allot': '铺货数量', 'heat.sale': '销量', 'heat.rate': '售罄率(%)',
  'heat.top': '铺货最多的商品在各区域的售罄率', 'heat.empty': '期间内没有铺货', 'heat.less': '低', 'heat.more': '高',
  'title.putStock': '铺货分析', 'title.stockPin': '库存动销分析', 'title.sellingPoints': '商品卖点分析', 'title.memberInfo': '会员消费分析',
  'title.newProduct': '新品分析', 'title.reconciliation': '供应商对账', 'title.account': '供应商往来账',
  code: '编码', skuCode: 'SKU编码', skuName: 'SKU名称', spuName: '商品名称', spuCode: '商品编码', barcode: '条形码', spec: '规格', supplierName: '供应商', retailPrice: '零售价',
  regionAllotQuantity: '区域调拨', shopAllotQuantity: '铺货数量', shopAllotAmount: '铺货成本', saleQuantity: '销量', saleAmount: '销售额', saleCostAmount: '销售成本',
  grossProfitRate: '毛利率(%)', stockQuantity: '期末库存', putShopCount: '铺货门店', notPutShopCount: '未铺货门店', saleShopCount: '动销门店', unsaleShopCount: '未动销门店',
  sellThroughRate: '售罄率(%)', shopCode: '门店编码', shopName: '门店名称', whName: '仓库', regionName: '区域', onHand: '库存数量', costAmount: '成本金额',
  avgDailySale: '日均销量', daysOfStock: '可售天数', lastSaleDate: '最后销售日期', daysSinceLastSale: '未销售天数', pinStatusName: '动销状态',
  orderCount: '成交单数', orderShare: '订单占比(%)', avgQuantityPerOrder: '单均件数', avgPrice: '成交均价', peakHour: '高峰时段', topShopName: '卖得最好的门店',
  companionSkuName: '连带商品', companionRate: '连带率(%)', phoneNumber: '手机号码', memberLevel: '等级', points: '积分', refundAmount: '退款金额', netAmount: '实际消费',
  avgAmount: '客单价', lastOrderTime: '期间最后消费', lastVisitDate: '最近到店', daysSinceLastVisit: '未到店天数', favoriteShopName: '常去门店',
  launchDate: '上市日期', observeWeeks: '跟踪周数', week1Quantity: '第1周销量', week2Quantity: '第2周销量', week3Quantity: '第3周销量', week4Quantity: '第4周销量', daysOnSale: '上市天数',
  supplierNo: '供应商编码', openingBalance: '期初应付', receiptAmount: '本期收货', returnAmount: '本期退货', paymentAmount: '本期付款', closingBalance: '期末应付', lastPayDate: '最近付款',
  receiptCount: '收货单数', returnCount: '退货单数', paymentCount: '付款笔数', bizDate: '日期', detTypeName: '类型', docNo: '单号', refNo: '关联单号', amount: '金额', balance: '应付余额',
  payMethodName: '付款方式', remark: '备注', userName: '经办人', supplierCount: '供应商数',
  allocationNo: '调拨单号', outWhName: '调出仓库', inWhName: '调入仓库', outTime: '出库时间', quantity: '数量', inQuantity: '实收数量', orderNo: '订单号', type: '类型',
  time: '时间', cashierName: '收银员', unitPrice: '单价', date: '日期',
  pay: '登记付款', correct: '更正', newAmount: '更正后金额', payDate: '付款日期', payMethod: '付款方式', reason: '更正原因', setNew: '设置新品', skuId: 'SKU ID',
  'det.region-allot': '区域调拨明细', 'det.shop-allot': '铺货（门店调拨）明细', 'det.sale': '销售明细', 'det.stock': '期末库存明细', 'det.put': '铺货门店',
  'det.not-put': '未铺货门店', 'det.period-sale': '期间逐日销售', 'det.sale-shop': '动销门店', 'det.unsale-shop': '未动销门店', 'det.entries': '对账明细',
  'pay.1': '银行转账', 'pay.2': '现金', 'pay.3': '承兑汇票', 'pay.4': '其他', saved: '已保存',
};
const en: Record<string, string> = {
  search: 'Search', reset: 'Reset', export: 'Export', noData: 'No data', total: '{{n}} rows', close: 'Close', save: 'Save', cancel: 'Cancel',
  dateStart: 'From', dateEnd: 'To', region: 'Region', shop: 'Shop', keyword: 'SKU code / barcode / name', supplier: 'Supplier', dimension: 'By',
  bySku: 'SKU', bySpu: 'Product', all: 'All', slowDays: 'Slow after days', pinStatus: 'Movement', moving: 'Moving', slow: 'Slow', phone: 'Phone', memberName: 'Member',
  launchDateStart: 'Launched from', launchDateEnd: 'Launched to', detType: 'Type', clickHint: 'Click a figure for its rows',
  'heat.title': 'Sell-through by region (sold ÷ put)', 'heat.region': 'Region', 'heat.allot': 'Put', 'heat.sale': 'Sold', 'heat.rate': 'Sell-through (%)',
  'heat.top': 'Sell-through of the most-put items by region', 'heat.empty': 'Nothing put in the period', 'heat.less': 'Low', 'heat.more': 'High',
  'title.putStock': 'Distribution', 'title.stockPin': 'Stock movement', 'title.sellingPoints': 'Selling points', 'title.memberInfo': 'Member spending',
  'title.newProduct': 'New products', 'title.reconciliation': 'Supplier statement', 'title.account': 'Supplier ledger',
  code: 'Code', skuCode: 'SKU code', skuName: 'SKU', spuName: 'Product', spuCode: 'Product code', barcode: 'Barcode', spec: 'Spec', supplierName: 'Supplier', retailPrice: 'Retail price',
  regionAllotQuantity: 'To regions', shopAllotQuantity: 'Put to shops', shopAllotAmount: 'Put cost', saleQuantity: 'Sold', saleAmount: 'Sales', saleCostAmount: 'Cost of sales',
  grossProfitRate: 'Margin %', stockQuantity: 'Stock at end', putShopCount: 'Shops put', notPutShopCount: 'Shops not put', saleShopCount: 'Shops selling', unsaleShopCount: 'Shops not selling',
  sellThroughRate: 'Sell-through %', shopCode: 'Shop code', shopName: 'Shop', whName: 'Warehouse', regionName: 'Region', onHand: 'On hand', costAmount: 'Cost',
  avgDailySale: 'Daily sales', daysOfStock: 'Days of stock', lastSaleDate: 'Last sale', daysSinceLastSale: 'Days unsold', pinStatusName: 'Movement',
  orderCount: 'Orders', orderShare: 'Order share %', avgQuantityPerOrder: 'Qty per order', avgPrice: 'Avg price', peakHour: 'Peak hour', topShopName: 'Top shop',
  companionSkuName: 'Bought with', companionRate: 'Attach %', phoneNumber: 'Phone', memberLevel: 'Level', points: 'Points', refundAmount: 'Refunded', netAmount: 'Net spent',
  avgAmount: 'Avg order', lastOrderTime: 'Last order', lastVisitDate: 'Last visit', daysSinceLastVisit: 'Days away', favoriteShopName: 'Usual shop',
  launchDate: 'Launch', observeWeeks: 'Weeks followed', week1Quantity: 'Week 1', week2Quantity: 'Week 2', week3Quantity: 'Week 3', week4Quantity: 'Week 4', daysOnSale: 'Days on sale',
  supplierNo: 'Supplier code', openingBalance: 'Opening', receiptAmount: 'Received', returnAmount: 'Returned', paymentAmount: 'Paid', closingBalance: 'Closing', lastPayDate: 'Last paid',
  receiptCount: 'Receipts', returnCount: 'Returns', paymentCount: 'Payments', bizDate: 'Date', detTypeName: 'Type', docNo: 'Number', refNo: 'Reference', amount: 'Amount', balance: 'Owed after',
  payMethodName: 'Method', remark: 'Remark', userName: 'By', supplierCount: 'Suppliers',
  allocationNo: 'Transfer', outWhName: 'From', inWhName: 'To', outTime: 'Sent', quantity: 'Quantity', inQuantity: 'Received', orderNo: 'Order', type: 'Type',
  time: 'Time', cashierName: 'Cashier', unitPrice: 'Price', date: 'Date',
  pay: 'Record payment', correct: 'Correct', newAmount: 'Corrected amount', payDate: 'Paid on', payMethod: 'Method', reason: 'Reason', setNew: 'Mark new', skuId: 'SKU ID',
  'det.region-allot': 'Sent to regions', 'det.shop-allot': 'Put to shops', 'det.sale': 'Sales', 'det.stock': 'Stock at end', 'det.put': 'Shops put',
  'det.not-put': 'Shops not put', 'det.period-sale': 'Sales per day', 'det.sale-shop': 'Shops selling', 'det.unsale-shop': 'Shops not selling', 'det.entries': 'Entries',
  'pay.1': 'Bank transfer', 'pay.2': 'Cash', 'pay.3': 'Bill', 'pay.4': 'Other', saved: 'Saved',
};

i18n.addResourceBundle('zh-CN', 'analysis', zh, true, true);
i18n.addResourceBundle('en', 'analysis', en, true, true);

export const useAnalysisT = () => useTranslation('analysis', { i18n }).t;
export const ANALYSIS_LABEL_KEYS = Object.keys(zh);
export const ANALYSIS_LABELS = { zh, en };
