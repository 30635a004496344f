/** The register's Chinese labels (namespace `billing`); labels.en.ts mirrors the keys. */
export const zh = {
  // payment methods by pay type
  pay1: '现金', pay2: '银行卡', pay3: '微信', pay4: '支付宝', pay5: '余额', pay6: '券',
  // the register page
  offlineUnknown: '网络已断开，本机商品资料中没有「{{code}}」', practiceTitle: '练习收银', retailTitle: '零售收银',
  notDevice: '本机不是已激活的收银设备', notDeviceText: '收银需要在已激活的门店收银电脑上进行。请先在「门店设备」登记这台电脑，再到激活页面激活本机。',
  activate: '去激活本机', emptyForDiscount: '购物车是空的：先扫描商品，再输入 /折扣', emptyForQuantity: '购物车是空的：先扫描商品，再输入 *数量',
  practiceBadge: '练习模式：不扣库存', previous: '上一单 {{orderNo}} · ¥{{amount}}', refund: '退款', exchange: '换货', leave: '返回后台', back: '返回',
  scanPlaceholder: '扫描条码或输入商品编码后回车',
  keys: '快捷键（在扫码框中）：回车 加入商品 · ↑/↓ 选择商品行 · +/- 数量加减 · *数量 回车 改数量（如 *3）· /折扣 回车 单品折扣（如 /9.5 九五折，/0 取消）· Delete 删除选中行 · F8 会员 · F4 挂单 · F6 取单 · F9 结算 · F2 退款',
  recharge: '充值', sku: '商品', barcode: '条码', unitPrice: '单价', quantity: '数量', amount: '金额', discount: '折扣', promotion: '促销', stock: '可用库存', gift: '赠品',
  totalItems: '共 {{count}} 件，', totalPromo: '原价 ¥{{total}}，促销优惠 -¥{{promotion}}{{fullReduction}}，', fullReductionPart: '（含{{name}} -{{amount}}）', due: '应收',
  droppedLines: '已停用的商品未取回：{{names}}', listJoin: '、', settle: '结算（F9）', settled: '收款成功：{{orderNo}}',
  shiftSlip: '交班单', printShiftSlip: '打印交班单', shiftSlipJobTitle: '交班单 {{classId}}', shiftSlipPrinted: '交班单已打印（{{printer}}）', shiftSlipPrintFailed: '交班单打印失败：{{message}}', 
  paidChange: '实收 ¥{{paid}}，找零 ', memberPoints: '会员 {{member}} 本单积分 +{{points}}', printReceipt: '打印小票', receiptPrinted: '小票已打印（{{printer}}）', receiptPrintFailed: '小票打印失败：{{message}}', printSettings: '打印设置', receiptPrinter: '小票打印机', printClientHost: '打印客户端地址', printClientToken: '令牌（token）', connectClient: '连接', noReceiptPrinter: '不使用（浏览器打印 PDF）', printClientNotConnected: '打印客户端未连接：{{message}}', clientConnected: '已连接', clientClosed: '未连接', clientConnecting: '连接中', receiptJobTitle: '收银小票 {{orderNo}}', nextSale: '下一单',
  savedOffline: '网络已断开：本单已保存为离线单', savedOfflineText: '收款已完成，本单保存在这台电脑上，网络恢复后自动上传（同一单只会记录一次）。',
  offlineMode: '离线收银：网络已断开', offlineModeText: '收银台从本机打开：商品与促销按本机保存的资料（{{taken}}）计价，班次按上次联网时的信息显示；收款后销售单保存在本机，联网后自动上传（同一单只记录一次）。会员查询、优惠券、余额、券支付与退款需要联网。',
  offlineKeptAt: '{{time}} 保存', offlineKeptUnknown: '上次联网时',
  leaveOffline: '网络已断开：后台需要联网，网络恢复后再返回后台', updateReady: '新版本已就绪，结账后自动更新', updateReadyText: '本单结束、购物车清空后，收银台会自动切换到新版本（约 1 秒）。',
  noDiscount: '不打折', discountSuffix: '折', lineDiscount: '单品折扣', delete: '删除',
  // cart and offline store
  discountFormat: '折扣格式：/9.5 表示九五折，/8 表示八折，/0 取消折扣', discountRange: '折扣必须大于0且小于10（如 9.5 表示九五折）',
  noIndexedDb: '本浏览器不能离线保存（没有 IndexedDB）',
  // receipt
  receiptMember: '会员：{{phone}}　本单积分：{{points}}', practiceMark: '（练习）', receiptNo: '单号：', receiptTime: '时间：', receiptCashier: '收银员：',
  receiptTotal: '共 {{count}} 件　应收：{{amount}}', receiptPromotion: '促销优惠：-{{amount}}', receiptCoupon: '优惠券抵扣：-{{amount}}', receiptChange: '找零：{{amount}}',
  receiptThanks: '谢谢惠顾，欢迎再次光临', colon: '：',
  // 收款
  offlineNoCoupon: '网络已断开：离线时不能使用优惠券、余额或券支付，请取消后用其他方式收款',
  couponUsable: '{{name}}（抵 ¥{{amount}}，至 {{end}}）', couponUnusable: '{{name}}（{{reason}}）', payTitle: '收款 · 应收 ¥{{amount}}',
  memberCoupon: '会员优惠券', searching: '查询中…', noCouponUse: '不使用', noCoupons: '没有可用的优惠券', paperCode: '纸质券码', paperCodeHint: '12位券码',
  usePaperCode: '使用券码', couponUsed: '优惠券「{{name}}」抵扣 ¥{{amount}}', useBalance: '使用余额（余额 ¥{{balance}}，本单最多 ¥{{max}}）', useAllBalance: '全部使用',
  voucherCode: '券支付：券码（扫码或输入后回车）', lookVoucher: '查券', voucherFace: '券面额', voucherFaceHint: '查券后显示', validUntil: '，有效至 {{end}}',
  voucherPays: '券抵 ¥{{amount}}', voucherNoChange: '（面额超出应付的 ¥{{amount}} 不找零）', payable: '应付', balancePays: '，余额付 ¥{{amount}}', voucherPaysPart: '，券付 ¥{{amount}}',
  restToPay: '，还需 ', pointsPreview: '会员本单积分 +{{points}}（消费规则：每消费 1 元积 {{perYuan}} 分，按应付金额取整计算）', tendered: '实收现金',
  notEnough: '实收不足', change: '找零 ¥{{amount}}', confirmPay: '确认收款',
  // 班次
  onShiftSince: '当班 {{time}} 起', shiftFigures: '{{count}} 笔 · ¥{{amount}}', handOver: '交班', practiceOpenShift: '练习开班', openShift: '开班',
  countFloat: '开始收银前，请清点钱箱里的备用零钱。', shiftFailed: '班次读取失败：{{message}}', openingCash: '备用零钱（元）',
  shiftSummary: '开班 {{start}} · 销售 {{orders}} 笔 ¥{{sales}} · 退款 {{refunds}} 笔 ¥{{refunded}}', payType: '支付方式', received: '收款', net: '净额',
  expectedCash: '应有现金 ¥{{expected}}（备用零钱 ¥{{opening}} + 现金净收）', countedCash: '实点现金（元）', remark: '备注', differenceReason: '长短款原因',
  confirmHandOver: '确认交班', unsentBeforeHandOver: '还有 {{count}} 笔离线销售未上传：联网上传后再交班，钱箱与账目才能对上', handedOver: '交班完成', handedCash: '应有现金 ¥{{expected}}，实点 ¥{{counted}}', short: '短款 ¥{{amount}}', over: '长款 ¥{{amount}}',
  cashMatches: '钱箱相符', gotIt: '知道了',
  // 换货
  exchangeTitle: '换货', originalOrderNo: '原订单号', orderNoHint: '小票上的单号，如 XS20261125-0001', find: '查询', returnGoods: '退回商品（填写退回数量）',
  sold: '已售 {{count}}', giveGoods: '换出商品', giveScan: '扫描或输入换出商品条码后回车', quoteDiff: '计算差价',
  exchangeFigures: '退回 ¥{{returned}} · 换出 ¥{{given}} ·', collectDiff: '应补收 ¥{{amount}}', returnDiff: '应退还 ¥{{amount}}', noDiff: '无差价', confirmExchange: '确认换货',
  exchangeDone: '换货完成（{{no}}）：退回商品已入库，换出商品已出库', exchangeCollected: '，已补收 ¥{{amount}}', exchangeGiveBack: '，请退还顾客 ¥{{amount}}', fullStop: '。',
  // 换货明细
  skuCode: 'SKU编码', skuName: '商品名称', spec: '规格', exchangeNo: '换货单 {{no}}', exchangeDetail: '换货明细', exchangeMissing: '换货记录不存在或无权查看',
  originalOrder: '原订单：', shopOf: '门店：', memberOf: '会员：', handledBy: '经办人：{{user}}（{{time}}）', returnedGoods: '退回商品（{{amount}} 元）', givenGoods: '换出商品（{{amount}} 元）',
  diffCollected: '补收差价 {{amount}} 元', diffReturned: '退还差价 {{amount}} 元', payJoin: '，', changeGiven: '，找零 {{amount}}', exchangeReason: '换货原因：',
  // 会员
  level1: '普通会员', level2: '银卡会员', level3: '金卡会员', badPhone: '手机号码格式不正确', memberBadge: '会员 {{name}} {{phone}}', points: '积分 {{points}}',
  balance: ' · 余额 ¥{{amount}}', clearMember: '取消会员', memberPhone: '会员手机号，回车查询', memberNotFound: '未找到会员 {{phone}}', registerMember: '登记为新会员',
  registerTitle: '登记会员 {{phone}}', memberName: '会员姓名', sex: '性别', male: '男', female: '女', registerAndUse: '登记并使用',
  // 离线单
  offlineWaiting: '离线单待上传 {{count}}', offlineFailed: '上传失败 {{count}}', offlineSales: '离线单', time: '时间', items: '件数', status: '状态',
  waitingUpload: '等待上传', uploadFailed: '上传失败：{{error}}', resendAtToday: '按现价重传', deleteOffline: '删除离线单',
  deleteOfflineText: '删除后这笔销售不会进入系统（库存和收款都不记录）。确定删除？', cancel: '取消', sendNow: '立即上传',
  // 挂单
  park: '挂单（F4）', take: '取单（F6）', takeTitle: '取单', cartNotEmpty: '收银台上还有商品，请先结算或挂单，再取回挂单', noParked: '没有挂单',
  parkedAt: '挂单时间', member: '会员', cashier: '收银员', takeBack: '取回', parkedDiscounted: '含折扣',
  // 充值
  rechargeTitle: '会员充值 · {{member}}', recharged: '充值成功：{{no}}', rechargePaid: '实收 ¥{{amount}}', rechargeGift: '，赠送 ¥{{amount}}（{{rule}}）',
  rechargeRule: '充值活动', balanceAfter: '，充值后余额 ¥{{amount}}', done: '完成', rechargeAmount: '充值金额（元）',
  rechargeNote: '充值金额达到充值活动门槛时自动赠送；充值后不能在收银台撤销。', confirmRecharge: '确认收款并充值',
  // 退款
  refundTitle: '整单退款', orderNo: '订单号', orderLine: '{{shop}} · {{time}} · 应收 ¥{{amount}}', refunded: '已退款 ¥{{amount}}，请将款项退还顾客',
  refundedPractice: '（练习单）', refundedStock: '，商品已退回门店库存', confirmRefund: '确认退款 ¥{{amount}}',
  // 按商品退款
  lineRefundAtRegister: '按商品退款', lineRefundTitle: '按商品退款', refundOffline: '网络已断开：退款需要联网，网络恢复后再退款',
  lineRefundWrittenOff: '损坏商品已报损（{{no}}），不退回库存', lineRefundDone: '已退款 ¥{{amount}}（{{no}}），请将款项退还顾客', refundByMethod: '{{payType}} ¥{{amount}}', returnedQty: '已退 {{count}}',
};


export type BillingKey = keyof typeof zh;
