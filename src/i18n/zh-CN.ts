/** Shell texts, zh-CN (default). The en resources mirror these keys exactly (checked by a unit test). */
export const zhCN = {
  app: { name: '零售连锁管理后台', description: '多门店零售、仓储与会员管理后台' },
  common: {
    confirm: '确定', cancel: '取消', save: '保存', search: '搜索', reset: '重置', loading: '加载中...', edit: '编辑',
    total: '共 {{total}} 条', pageSize: '{{size}} 条/页', empty: '暂无数据', yes: '是', no: '否', back: '返回', submit: '提交',
    actions: '操作', all: '全部', success: '成功', failure: '失败', saved: '保存成功', jumpTo: '前往',
  },
  http: {
    notFound: '请求地址不存在', networkError: '网络错误', sessionExpired: '未登录或登录已过期，请重新登录',
  },
  session: { loggedOutElsewhere: '当前登录帐户已退出登录，请重新登录！' },
  guard: { noPagePermission: '您无该页面的权限', noMenus: '无任何权限!', verifyFailed: '验证失败，请重新登录' },
  chunk: { reloading: '服务器版本已更新，正在刷新本地缓存，请稍后...' },
  network: { restored: '网络已恢复', lost: '当前网络似乎断开，正在尝试重新连接' },
  notice: { deleted: '单据已被删除' },
  // files helper: upload queue, avatar upload, local log
  upload: {
    queueTitle: '上传队列', remaining: '剩余 {{count}} 个', fold: '收起', unfold: '展开', close: '关闭', open: '上传队列',
    uploading: '上传中 {{percent}}%', decoding: '解析中', done: '已完成', failed: '上传失败', empty: '暂无上传任务',
    avatarButton: '上传头像', avatarHint: '支持 jpg、png、gif、webp、bmp，20 MB 以内', avatarSaved: '头像已更新',
  },
  localLog: {
    noIndexedDb: '当前浏览器不支持稳定的 IndexedDB 本地数据库，请使用最新版 Chrome 或 Edge 浏览器',
    noStorage: '当前浏览器不支持本地存储（可能处于无痕模式或已禁用 Cookie），部分功能将无法使用',
  },
  validation: {
    phone: '手机号码有误，请重填!', required: '请输入{{field}}', maxLength: '{{field}}最多{{max}}个字符',
    passwordMismatch: '两次输入的密码不一致', passwordLength: '密码长度为6到32位', samePassword: '新密码不能与原密码相同',
  },
  login: {
    title: '欢迎登录', accountTab: '帐号登录', phoneTab: '手机号登录', userName: '用户名', password: '密码',
    tenantId: '租户编号', tenantOf: '租户：{{name}}', submit: '登 录', phone: '手机号码', smsCode: '验证码',
    sendCode: '获取验证码', resendIn: '{{seconds}} 秒后重发', codeSent: '验证码已发送', userNamePlaceholder: '请输入用户名',
    passwordPlaceholder: '请输入密码', tenantPlaceholder: '请输入租户编号', phonePlaceholder: '请输入手机号码',
    codePlaceholder: '请输入短信验证码',
    tenantRequired: '请输入租户编号',
  },
  route: {
    home: '首页', profile: '个人设置', resetPassword: '修改密码', loginRecord: '登录记录', versionLog: '版本日志',
    routerSetting: '路由配置', messageNotice: '消息中心', notFound: '404', unauthorized: '401',
  },
  navbar: {
    toggleSidebar: '展开/收起菜单', help: '帮助中心', language: '语言', messages: '消息', unread: '您有 {{count}} 条未读消息',
    noUnread: '暂无未读消息', logout: '退出登录', theme: '侧边栏风格', themeLight: '晴朗白', themeDark: '静谧黑',
    personalCentre: '个人中心',
  },
  tabs: {
    refresh: '刷新', close: '关闭', closeOthers: '关闭其他', closeAll: '关闭所有',
    confirmCloseTitle: '确认关闭', confirmCloseText: '页面“{{titles}}”可能有未保存的内容，确认关闭吗？', confirmClose: '确认关闭',
  },
  home: {
    welcome: '欢迎您，{{name}}', tenant: '所属租户', serverTime: '服务器时间', record: '备案号', tenantType: '租户类型',
    roles: '角色', unread: '未读消息',
  },
  profile: {
    name: '姓名', avatar: '头像地址', userName: '用户名', phone: '手机号码', saved: '个人信息已保存',
  },
  password: {
    old: '原密码', new: '新密码', confirm: '确认新密码', changed: '密码已修改，其他设备上的登录已失效',
  },
  loginRecord: {
    userName: '用户名', ip: 'IP 地址', userAgent: '浏览器', grantType: '登录方式', result: '结果', msg: '说明', time: '登录时间',
    grantPassword: '帐号密码', grantPhone: '手机验证码',
  },
  versionLog: { version: '版本号', content: '更新内容', publishTime: '发布时间' },
  users: {
    keyword: '用户名/姓名/手机号', userNo: '工号', userName: '用户名', name: '姓名', phone: '手机号码', roles: '角色',
    status: '状态', enabled: '启用', disabled: '停用', locked: '已锁定', unlock: '解锁', unlocked: '已解锁',
    edit: '编辑', editTitle: '编辑用户', saved: '用户已保存', notFound: '用户不存在或已被删除',
  },
  org: {
    delete: '删除', addUser: '新增用户', password: '初始密码', passwordHint: '至少 6 位', roles: '角色', dept: '部门', shops: '所属门店', noDept: '未分配部门',
    added: '用户已新增', resetPassword: '重置密码', newPassword: '新密码', resetDone: '密码已重置，该用户需重新登录', limits: '查询时间限制',
    limitSubject: '查询科目 {{n}}', limitOwn: '本人设置', limitTenant: '沿用公司设置', limitDays: '可查 {{days}} 天', limitNone: '不限',
    limitHelp: '科目 3-7 的数值 n 表示可查询 30×n+1 天；留空沿用公司设置，0 表示不限。', limitsSaved: '查询时间限制已保存',
    roleList: '角色管理', addRole: '新增角色', editRole: '编辑角色', roleName: '角色名称', roleCode: '角色编码', remark: '备注', userCount: '用户数',
    pageCount: '页面', buttonCount: '按钮', fieldPerms: '字段权限', menus: '菜单与按钮权限', adminAll: '管理员拥有全部权限',
    deleteRole: '确定删除角色“{{name}}”吗？', roleSaved: '角色已保存', deleted: '已删除', expandAll: '全部展开', collapseAll: '全部收起',
    deptList: '部门管理', addDept: '新增部门', addChild: '新增下级', editDept: '编辑部门', deptName: '部门名称', parent: '上级部门', topLevel: '（顶级部门）',
    leader: '负责人', shop: '对应门店', sort: '排序', deptSaved: '部门已保存', deleteDept: '确定删除部门“{{name}}”吗？', users: '人数',
  },
  h5: {
    title: '移动审批', back: '返回', login: '手机登录', phone: '手机号码', code: '验证码', sendCode: '获取验证码', resend: '{{s}} 秒后重发',
    loginButton: '登录', authorList: '我的待办', noTasks: '暂无待办', applicant: '申请人', approve: '审批', comment: '审批意见',
    agree: '同意', reject: '驳回', completed: '已处理：{{status}}', alreadyDone: '该任务已处理（{{status}}）', notYours: '该任务不存在或不是您的待办',
    notFound: '审批单不存在或无权查看', notYet: '该页面暂未开放，请在电脑端处理。',
    shop: '门店', chooseShop: '请选择门店', noShop: '没有可选的门店', scanCode: '扫码查价', clockIn: '拍照打卡', inspectApply: '巡店申请', inspectOpen: '查看巡店详情',
    barcode: '商品条码', barcodeHint: '扫码或输入条码 / SKU 编码', lookup: '查询', openCamera: '用摄像头扫码', closeCamera: '关闭摄像头', cameraDenied: '无法打开摄像头，请手动输入条码',
    retailPrice: '零售价', stockAt: '{{shop}} 可用库存', recentScans: '最近查询',
    todayClocks: '今天的打卡', noClocks: '今天还没有打卡', clockHint: '请在门店内正对镜头拍一张照片，上传后选择上班或下班打卡。', takePhoto: '拍照打卡',
    uploadFaceSuccess: '照片上传成功', photoUploaded: '照片已上传', photoNext: '下一步：确认门店“{{shop}}”，选择上班或下班打卡。', clockDoneNext: '打卡已完成，可返回继续工作。',
    clockPhoto: '打卡照片', clockOn: '上班打卡', clockOff: '下班打卡', clockDone: '{{type}}打卡成功：{{time}}，{{shop}}', retake: '重新拍照', noPhoto: '还没有打卡照片，请先拍照。',
    aicallLogin: 'AI 外呼登录', linkExpired: '登录链接已失效，请用手机号和验证码登录。',
    inspectDate: '巡店日期', inspectItems: '检查项', fixNote: '不合格：请填写整改说明', removeItem: '删除检查项', addItemHint: '其他检查项', addItem: '添加',
    inspectPhotos: '巡店照片（{{n}}/9）', addPhoto: '拍照 / 选择照片', removePhoto: '删除照片', inspectRemark: '说明', submitInspect: '提交巡店申请',
    newInspect: '新建巡店申请', noInspects: '暂无巡店申请', inspectSaved: '已提交巡店申请 {{no}}，等待店长确认', inspectCounts: '{{n}}项，{{fail}}项不合格', auditBy: '{{name}} 审批',
  },
  routerSetting: { path: '路由', title: '标题', module: '模块', keepAlive: '缓存', thirdLevel: '关闭确认', hidden: '隐藏' },
  errors: {
    notFoundTitle: '页面不存在', notFoundText: '您访问的页面不存在，或您没有该页面的权限。',
    unauthorizedTitle: '没有权限', unauthorizedText: '您没有访问该页面的权限，请联系管理员。', backHome: '返回首页',
  },
  // notices (issue 3): message centre, bell, version notice
  messageCentre: {
    all: '全部', unread: '未读', read: '已读', status: '状态', type: '消息类型', content: '消息内容', time: '时间',
    markRead: '标记已读', markAllRead: '全部标记已读', marked: '已标记为已读', allMarked: '已全部标记为已读', viewAll: '查看全部消息',
  },
  versionNotice: {
    title: '更新提示', text: '系统有更新，请点击确定获取更新内容', publish: '发布版本', published: '版本已发布，已通知 {{count}} 位用户',
  },
  // shop devices (issue 14): /baseInfo/deviceActive makes this browser a shop's cash register
  deviceActive: {
    title: '激活收银设备', intro: '把这台电脑登记为门店的收银设备：先在「门店管理 / 门店设备」登记设备，再在这台电脑上选择它并激活。',
    fingerprint: '本机设备指纹', needLogin: '请先登录有「激活设备」权限的账号。', login: '登录', device: '选择要激活的设备',
    devicePlaceholder: '请选择设备', activate: '激活本机', activated: '本机已激活为「{{shop}} · {{device}}」',
    done: '激活成功：本机现在是「{{shop}} · {{device}}」的收银设备', none: '没有待激活的设备，请先在「门店设备」中登记。',
    loadFailed: '设备列表加载失败：{{msg}}', inactive: '未激活', home: '返回首页',
  },
  // 数据统计 and 工作台 (issue 16): screens-custom/stats
  stats: {
    unknown: '未知的统计页面', shopSale: '门店销售', storeHour: '时段销售', orderSales: '订单销售汇总', salesman: '导购销售', scanCode: '扫码统计',
    startDate: '开始日期', endDate: '结束日期', shop: '门店', allShops: '全部门店', search: '查询', today: '今天', last7: '近7天', last30: '近30天',
    period: '统计期间：{{from}} 至 {{to}}（退款在退款当天冲减，不含练习收银）', exportXlsx: '导出 Excel', exportCsv: '导出 CSV', loading: '加载中…', empty: '暂无数据',
    total: '共 {{count}} 条', merge: '统计', merged: '扫码统计完成：{{rows}} 行（{{time}}）', lastMerge: '最后统计时间：{{time}}', printReceipt: '打印小票',
    tab: { shop: '按门店', order: '订单', compose: '商品构成', hour: '按小时', days: '每日销售', seller: '按导购', scanShop: '门店扫码', scanTrend: '扫码趋势', scanDept: '按部门' },
    col: {
      shopCode: '门店编码', shopName: '门店', regionName: '区域', saleAmount: '销售额', orderCount: '客单数', itemCount: '件数', avgPrice: '客单价',
      refundAmount: '退款金额', costAmount: '成本', grossProfit: '毛利', grossMargin: '毛利率', orderNo: '订单号', createTime: '下单时间',
      cashierName: '收银员', status: '状态', payAmount: '实收金额', totalAmount: '订单金额', changeAmount: '找零', skuCode: 'SKU编码', skuName: 'SKU名称',
      spec: '规格', quantity: '数量', share: '占比', date: '日期', userNo: '工号', userName: '导购', deptName: '部门（区域）', scanCount: '扫码次数',
      skuCount: '扫码SKU数', mergeTime: '统计时间', shopNum: '门店数', scannedShopCount: '有扫码门店', avgScanPerShop: '店均扫码', unitPrice: '单价',
    },
    hour: {
      h7: '7点', h8: '8点', h9: '9点', h10: '10点', h11: '11点', h12: '12点', h13: '13点', h14: '14点', h15: '15点', h16: '16点', h17: '17点',
      h18: '18点', h19: '19点', h20: '20点', h21: '21点', h22: '22点',
    },
  },
  dashboard: {
    loading: '工作台加载中…', title: '工作台 · {{date}}', allShops: '全部门店', myShops: '我的 {{count}} 家门店', todaySales: '今日销售额',
    refund: '其中退款冲减 {{amount}}', todayOrders: '今日客单数', todayTarget: '今日目标', reach: '达成率', noTarget: '未设置目标', monthSales: '本月累计销售',
    monthTarget: '月目标', trend: '销售趋势', days7: '近7天', days30: '近30天', sales: '销售额', hours: '今日分时销售', topShops: '门店销售前5（近{{days}}天）',
    topSkus: 'SKU销售前5（近{{days}}天）', more: '查看', none: '暂无销售', stockSafety: '库存预警（低于安全库存）', stockLowest: '可用库存最低的SKU',
    safety: '安全库存', noAlerts: '暂无库存预警', tasks: '待我审批', noTasks: '暂无待审批', documents: '待处理单据', noDocuments: '暂无待处理单据',
  },
};

export type ShellMessages = typeof zhCN;
