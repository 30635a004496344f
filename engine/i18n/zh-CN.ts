/** Engine texts, zh-CN (default); en.ts mirrors the keys. Mounted under `engine.` in src/i18n. */
export const engineZhCN = {
  search: '搜索', reset: '重置', add: '新增', edit: '编辑', detail: '详情', delete: '删除', refresh: '刷新',
  confirmTitle: '提示', confirmDelete: '确定删除该记录吗？', confirmBulk: '确定对选中的 {{count}} 条记录执行“{{action}}”吗？',
  selected: '已选 {{count}} 条', noSelection: '请先选择记录', done: '操作成功', deleted: '删除成功', saved: '保存成功',
  index: '序号', selectAll: '全选本页', selectRow: '选择该行', operations: '操作', empty: '暂无数据', loadFailed: '加载失败', retry: '重试', start: '开始日期', end: '结束日期',
  timeLimit: '查询时间跨度不能超过 {{days}} 天', pleaseSelect: '请选择', pleaseInput: '请输入',
  dates: {
    pick: '请选择日期', pickMonth: '选择月份', time: '时间', presets: '快捷选择', today: '今天', yesterday: '昨天', last7: '近7天', last30: '近30天',
    thisMonth: '本月', lastMonth: '上月', hours: '时', minutes: '分', seconds: '秒', previous: '上一页', next: '下一页',
  },
  report: { today: '今天', lastDays: '近{{days}}天', chartEmpty: '暂无数据', month: '{{month}} 月', drillHint: '点击带下划线的数字可查看组成它的明细', total: '共 {{count}} 条', loading: '加载中…' },
  select: { loading: '加载中…', failed: '接口异常', nothingFound: '无匹配数据' },
  page: { back: '返回列表', notFound: '记录不存在或已删除' },
  document: {
    printed: '已发送到打印机（{{printer}}）', printFailed: '打印失败：{{message}}', printSettings: '打印设置', printHost: '打印客户端地址', printToken: '令牌（token）',
    printConnect: '连接', a4Printer: 'A4 打印机（本机）', noPrinter: '不使用（浏览器打印 PDF）', printNotConnected: '打印客户端未连接：{{message}}',
    printConnected: '已连接', printClosed: '未连接', printConnecting: '连接中',
    save: '保存', print: '打印', lines: '商品明细', history: '操作记录', total: '合计', note: '备注（可选）', unsaved: '有未保存的修改',
    saveFirst: '请先保存修改', noLines: '请至少添加一行商品明细', noLinesYet: '扫码或输入条码、编码、名称后回车添加商品',
    skuPlaceholder: '扫码或输入条码 / 编码 / 名称，回车添加', moreColumns: '表格较宽，左右滚动可查看其余列（操作列始终在右侧）', scanHint: '同一商品再次扫码数量加 1', skuNotFound: '未找到商品：{{text}}',
    available: '可用 {{qty}}', paste: '批量添加', pasteHelp: '每行一个商品：条码或编码、数量、单价（可省略），用 Tab、逗号或空格分隔；可直接从 Excel 复制粘贴。',
    pasteAdd: '添加到明细', pasteEmpty: '请粘贴或输入商品', pasteLine: '第{{row}}行：{{text}}', pasteQty: '数量必须大于 0', pasteProblems: '以下行无法添加，请修改后重试（未添加任何行）',
    confirmAction: '确定执行“{{action}}”吗？', actionDone: '{{action}}成功', confirmDelete: '确定删除单据 {{no}} 吗？',
    approvalMine: '待我审批：{{process}} · {{task}}', approvalWaiting: '审批中：{{process}}，等待审批人处理', approvalDirect: '审批', approvalComment: '审批意见', approve: '同意', reject: '驳回', rejectNeedsComment: '驳回时请填写审批意见', approvalDone: '已处理：{{status}}',
    historyNote: '备注', historyTime: '时间', historyAction: '操作', historyUser: '操作人', historyStatus: '状态',
  },
  job: { done: '计算完成', failed: '任务失败' },
  columns: {
    button: '设置显示字段', title: '设置显示字段', available: '可选字段', chosen: '已选字段（拖动或用箭头排序）', selectAll: '全选',
    up: '上移', down: '下移', remove: '移除', saved: '表头已保存', atLeastOne: '请至少选择一个字段',
  },
  group: {
    button: '分组', none: '（空）', off: '取消分组', title: '按{{field}}{{unit}}分组', byDay: '（按日）', byMonth: '（按月）', count: '共 {{count}} 组',
    truncated: '，只显示最大的前 200 组', rows: '条数', total: '合计', pickHint: '点击一组只看该组',
  },
  views: {
    button: '视图', save: '保存为视图…', update: '用当前设置更新“{{name}}”', remove: '删除视图“{{name}}”', none: '还没有保存的视图',
    mine: '我的视图', shared: '共享给我的', name: '视图名称', shareRole: '共享给角色', shareNone: '不共享（仅自己）', isDefault: '设为默认视图（打开此列表时使用）',
    saved: '视图已保存', removed: '视图已删除', applied: '已切换到视图“{{name}}”', defaultBadge: '默认', confirmRemove: '确定删除视图“{{name}}”吗？',
  },
  fullScreen: { enter: '全屏', exit: '退出全屏', unsupported: 'you browser can not work' },
  export: {
    button: '导出', server: '服务器导出', title: '导出', progress: '已导出 {{done}} / {{total}} 条', starting: '正在读取第一页数据…', cancel: '取消导出',
    cancelled: '已取消导出', finished: '导出完成：{{rows}} 条，{{files}} 个文件', empty: '暂无数据', failed: '接口异常', serverStarted: '正在下载服务器导出文件',
  },
  import: {
    button: '导入', title: '导入', template: '下载模板', choose: '选择文件（xlsx）', upload: '开始导入', uploading: '正在上传 {{percent}}%',
    imported: '导入成功，共 {{count}} 条', reportTitle: '导入失败：以下行有错误，未写入任何数据', row: '行号', field: '字段', message: '错误信息',
    noFile: '请先选择文件',
  },
  detailView: { noRelated: '暂无记录', firstRows: '显示前 {{shown}} 条，共 {{total}} 条' },
  textFile: { read: '从文件读取', tooLarge: '文件不能超过 {{kb}} KB', readFrom: '已读取 {{name}}，', chars: '{{count}} 个字符。' },
  form: { create: '新增{{title}}', edit: '编辑{{title}}', detail: '{{title}}详情', submit: '保存', maximize: '最大化', resize: '拖动调整窗口大小', restore: '还原', close: '关闭' },
  validation: {
    required: '{{field}}不能为空', maxLength: '{{field}}长度不能超过{{limit}}个字符', minLength: '{{field}}长度不能少于{{limit}}个字符',
    minimum: '{{field}}不能小于{{limit}}', maximum: '{{field}}不能大于{{limit}}', pattern: '{{field}}格式不正确',
    enum: '{{field}}取值不在允许范围内', minItems: '请选择{{field}}', type: '{{field}}格式不正确', format: '{{field}}格式不正确', other: '{{field}}不正确',
  },
};

export type EngineMessages = typeof engineZhCN;
