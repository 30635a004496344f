import { screenLabels } from '../../src/i18n/screenLabels';

/** Labels of the order screens (销售日报, 支付明细, 订单详情, 团购出库, 平台配置), namespace `orders`. */
const zh = {
  // 销售日报
  saleReport: '销售日报', shop: '门店', day: '日期', saleAmount: '销售额', orderCount: '订单数', avgPrice: '客单价', refund: '退款',
  refundOrders: '（{{count}} 单）', byPayType: '按支付方式', none: '无', byHour: '按小时', hourLabel: '{{hour}}时', topSkus: '商品 TOP 10',
  sku: '商品', quantity: '数量', amount: '金额', cashier: '收银员',
  // 支付明细
  paymentDetail: '支付明细', openFromNotice: '请从消息或订单详情打开支付明细', payInfo: '支付信息', payType: '支付方式', time: '时间',
  // the order (OrderMoney)
  statusDone: '已完成', statusRefunded: '已退款', statusInvalid: '已作废',
  shopOf: '门店：', practiceMark: '（练习）', statusOf: '状态：', createTimeOf: '下单时间：', cashierOf: '收银员：', memberOf: '会员：', notMember: '非会员',
  pointsOf: '本单积分：', salesmanOf: '导购：', remarkOf: '备注：',
  refundedLine: '已退款 {{amount}} 元 · {{time}} · {{user}}', invalidLine: '已作废 · {{time}} · {{user}}',
  barcode: '条码', unitPrice: '单价', promotion: '促销', gift: '赠品', promotionOff: '{{name}}（-{{amount}}）',
  totalQuantity: '共 {{count}} 件', goodsAmount: '商品金额 {{amount}}', promotionAmount: '促销优惠 -{{amount}}', fullReduction: '满减', coupon: '优惠券 -{{amount}}',
  payAmount: '应收 {{amount}}', paidAmount: '实收 {{amount}}', changeAmount: '找零 {{amount}}', payLog: '修改记录',
  // 订单详情
  cash: '现金', card: '银行卡', wechat: '微信', alipay: '支付宝',
  correctFailed: '修改失败', payTypeChanged: '支付方式已修改', deletePay: '删除支付',
  deletePayText: '删除这笔 {{payType}} {{amount}} 元的支付？其余支付须仍然足额，删除会记入修改记录。', delete: '删除', cancel: '取消', payDeleted: '支付已删除',
  slipFailed: '支付单打印失败', orderDetail: '订单详情 {{orderNo}}', reprintReceipt: '重打小票', printSlip: '打印支付单', close: '关闭',
  memberPhoneInvalid: '请输入11位会员手机号', memberNotFound: '未找到手机号 {{phone}} 的会员', unchanged: '信息未变化', infoSaved: '订单信息已修改',
  orderInfo: '订单信息', salesman: '导购', noStaff: '没有匹配的员工', addMember: '补录会员（手机号）', remark: '备注', saveChanges: '保存修改', empty: '（空）',
  // 部分退款
  statusPartRefunded: '部分退款', returnedQty: '已退', lineRefunds: '部分退款记录', lineRefundRow: '{{no}} · {{time}} · {{user}} · 退 {{count}} 件 · {{amount}} 元',
  lineRefund: '部分退款', lineRefundTitle: '部分退款 {{orderNo}}', lineRefundIntro: '选择要退的商品和数量（最多为未退数量），按各行实付（促销、满减、优惠券分摊后）退款，余额与积分按比例退回，商品退回门店仓；勾选「报损」的商品照常退款，但不退回库存，自动生成报损单。',
  canRefund: '可退', refundQty: '退货数量', refundReason: '退款原因', refundBack: '退款金额 {{amount}} 元', refundBy: '{{payType}} {{amount}}', pointsBack: '扣回积分 {{points}}',
  chooseQty: '请选择退货数量', quoting: '计算中…', confirmLineRefund: '确认退款 {{amount}} 元', lineRefunded: '已退款 {{amount}} 元',
  damaged: '报损', damagedHelp: '商品已损坏：照常退款，但不退回库存，自动生成已确认的报损单（原因：破损）', writtenOff: '损坏商品已报损（{{no}}）',
  // 团购出库
  bankTransfer: '银行卡（对公转账）', choosePayType: '请选择收款方式',
  shipped: '已生成销售单 {{orderNo}}，{{payType}}收款 {{amount}} 元，商品已从门店仓出库', shipFailed: '出库失败', ship: '团购出库',
  shipIntro: '团购单 {{no}}（{{customer}}），{{shop}}，', shipAmount: '团购金额 ', shipIntroEnd: ' 元。按团购价生成销售单，商品从门店仓出库。',
  receiveBy: '收款方式', noShipPayType: '门店「{{shop}}」没有开通可用于团购收款的支付方式（现金、银行卡、微信、支付宝），请先在门店支付方式中启用。', confirmShip: '确认出库',
  // 平台配置
  douyin: '抖音', kuaishou: '快手', badAppKey: '应用标识只能包含字母、数字、下划线、点或短横线，最多64位', secretFirst: '首次保存{{name}}配置须填写应用密钥',
  badSecret: '应用密钥须为8到256位、不含空格的字符', badAccount: '账户ID只能包含字母、数字、下划线、点或短横线', configSaved: '{{name}}配置已保存',
  configSavedHint: '{{name}}配置已保存，密钥指纹 {{hint}}', saveFailed: '保存失败', platformConfig: '平台配置',
  configured: '已配置 · 密钥指纹 {{hint}} · {{state}} · {{user}} {{time}}', enabledState: '已启用', disabledState: '已停用',
  notConfigured: '尚未配置{{name}}开放平台应用，门店暂不能核销{{name}}团购券', appKey: '应用标识 (App Key)', appSecret: '应用密钥 (App Secret)',
  keepSecret: '不修改请留空', secretRequired: '首次配置必填', accountId: '账户ID', enabled: '启用', secretNote: '密钥加密保存，保存后不再显示，只显示其指纹。', save: '保存',
};

const en: Record<keyof typeof zh, string> = {
  saleReport: 'Daily sales report', shop: 'Shop', day: 'Day', saleAmount: 'Sales', orderCount: 'Orders', avgPrice: 'Average order', refund: 'Refunds',
  refundOrders: ' ({{count}} orders)', byPayType: 'By payment method', none: 'None', byHour: 'By hour', hourLabel: '{{hour}}:00', topSkus: 'Top 10 products',
  sku: 'Product', quantity: 'Quantity', amount: 'Amount', cashier: 'Cashier',
  paymentDetail: 'Payment details', openFromNotice: 'Open the payment details from a message or an order’s details', payInfo: 'Payments', payType: 'Payment method', time: 'Time',
  statusDone: 'Completed', statusRefunded: 'Refunded', statusInvalid: 'Voided',
  shopOf: 'Shop: ', practiceMark: ' (practice)', statusOf: 'Status: ', createTimeOf: 'Ordered: ', cashierOf: 'Cashier: ', memberOf: 'Member: ', notMember: 'Not a member',
  pointsOf: 'Points earned: ', salesmanOf: 'Sales assistant: ', remarkOf: 'Remark: ',
  refundedLine: 'Refunded {{amount}} yuan · {{time}} · {{user}}', invalidLine: 'Voided · {{time}} · {{user}}',
  barcode: 'Barcode', unitPrice: 'Price', promotion: 'Promotion', gift: 'Gift', promotionOff: '{{name}} (-{{amount}})',
  totalQuantity: '{{count}} items', goodsAmount: 'Goods {{amount}}', promotionAmount: 'Promotions -{{amount}}', fullReduction: 'Spend-and-save', coupon: 'Coupon -{{amount}}',
  payAmount: 'Due {{amount}}', paidAmount: 'Paid {{amount}}', changeAmount: 'Change {{amount}}', payLog: 'Corrections',
  cash: 'Cash', card: 'Bank card', wechat: 'WeChat Pay', alipay: 'Alipay',
  correctFailed: 'Correction failed', payTypeChanged: 'Payment method corrected', deletePay: 'Delete payment',
  deletePayText: 'Delete this {{payType}} payment of {{amount}} yuan? The other payments must still cover the order; the deletion is logged.', delete: 'Delete', cancel: 'Cancel', payDeleted: 'Payment deleted',
  slipFailed: 'Could not print the payment slip', orderDetail: 'Order {{orderNo}}', reprintReceipt: 'Reprint receipt', printSlip: 'Print payment slip', close: 'Close',
  memberPhoneInvalid: 'Enter the member’s 11-digit phone number', memberNotFound: 'No member has the phone number {{phone}}', unchanged: 'Nothing has changed', infoSaved: 'Order details saved',
  orderInfo: 'Order details', salesman: 'Sales assistant', noStaff: 'No matching staff', addMember: 'Add member (phone number)', remark: 'Remark', saveChanges: 'Save changes', empty: '(empty)',
  statusPartRefunded: 'Partly refunded', returnedQty: 'Returned', lineRefunds: 'Partial refunds', lineRefundRow: '{{no}} · {{time}} · {{user}} · {{count}} items · {{amount}} yuan',
  lineRefund: 'Partial refund', lineRefundTitle: 'Partial refund {{orderNo}}', lineRefundIntro: 'Choose the items and quantities to refund (at most what has not come back). Each line pays back its share of what was paid (after promotions, spend-and-save and coupon); balance and points follow in proportion; the goods go back into the shop’s warehouse; lines marked Damaged are refunded but written off instead.',
  canRefund: 'Left', refundQty: 'Refund quantity', refundReason: 'Reason', refundBack: 'Refund {{amount}} yuan', refundBy: '{{payType}} {{amount}}', pointsBack: 'Points taken back {{points}}',
  chooseQty: 'Choose a quantity to refund', quoting: 'Calculating…', confirmLineRefund: 'Refund {{amount}} yuan', lineRefunded: 'Refunded {{amount}} yuan',
  damaged: 'Damaged', damagedHelp: 'The goods are damaged: refunded as usual, but written off by a confirmed write-off (reason: broken) instead of going back into stock', writtenOff: 'Damaged goods written off ({{no}})',
  bankTransfer: 'Bank card (company transfer)', choosePayType: 'Choose how the customer paid',
  shipped: 'Sales order {{orderNo}} created, {{amount}} yuan received by {{payType}}; the goods have left the shop’s warehouse', shipFailed: 'Shipping failed', ship: 'Ship group purchase',
  shipIntro: 'Group purchase {{no}} ({{customer}}), {{shop}}, ', shipAmount: 'amount ', shipIntroEnd: ' yuan. A sales order is created at the group price and the goods leave the shop’s warehouse.',
  receiveBy: 'Paid by', noShipPayType: 'Shop “{{shop}}” takes none of the methods a group purchase can be paid by (cash, bank card, WeChat Pay, Alipay); enable one in the shop’s payment methods first.', confirmShip: 'Ship',
  douyin: 'Douyin', kuaishou: 'Kuaishou', badAppKey: 'The App Key may hold only letters, digits, underscores, dots or hyphens, at most 64', secretFirst: 'The first {{name}} configuration needs the App Secret',
  badSecret: 'The App Secret must be 8 to 256 characters without spaces', badAccount: 'The account ID may hold only letters, digits, underscores, dots or hyphens', configSaved: '{{name}} configuration saved',
  configSavedHint: '{{name}} configuration saved, secret fingerprint {{hint}}', saveFailed: 'Saving failed', platformConfig: 'Platform configuration',
  configured: 'Configured · secret fingerprint {{hint}} · {{state}} · {{user}} {{time}}', enabledState: 'enabled', disabledState: 'disabled',
  notConfigured: 'No {{name}} open-platform app is configured yet; shops cannot write off {{name}} group-buy vouchers', appKey: 'App Key', appSecret: 'App Secret',
  keepSecret: 'Leave empty to keep the current one', secretRequired: 'Required the first time', accountId: 'Account ID', enabled: 'Enabled', secretNote: 'The secret is stored encrypted and never shown again, only its fingerprint.', save: 'Save',
};

export const ordersLabels = screenLabels('orders', zh, en);
export const useOrdersT = ordersLabels.useT;
export const ordersT = ordersLabels.t;
export const ORDERS_EN = en;
