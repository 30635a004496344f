/**
 * bpmn-js in Chinese: its `translate` service replaced by one reading this table (palette, context pad, replace
 * menu, search). Strings not listed stay in English; {placeholders} are filled as bpmn-js does.
 */
const ZH: Record<string, string> = {
  'Activate hand tool': '抓手工具',
  'Activate lasso tool': '套索工具',
  'Activate create/remove space tool': '插入/删除空间',
  'Activate global connect tool': '连线工具',
  'Create start event': '开始事件',
  'Create intermediate/boundary event': '中间/边界事件',
  'Create end event': '结束事件',
  'Create gateway': '网关',
  'Create task': '任务',
  'Create data object reference': '数据对象',
  'Create data store reference': '数据存储',
  'Create expanded sub-process': '子流程',
  'Create pool/participant': '泳池',
  'Create group': '分组',
  'Append end event': '追加结束事件',
  'Append gateway': '追加网关',
  'Append task': '追加任务',
  'Append intermediate/boundary event': '追加中间事件',
  'Append text annotation': '追加注释',
  'Add text annotation': '添加注释',
  'Change element': '更改类型',
  'Change type': '更改类型',
  Delete: '删除',
  'Connect using sequence/message flow or association': '连线',
  'Connect to other element': '连线',
  'Connect using association': '关联',
  'Connect using data input association': '数据关联',
  'User task': '用户任务',
  'Service task': '服务任务（不支持）',
  'Send task': '发送任务（不支持）',
  'Receive task': '接收任务（不支持）',
  'Manual task': '手工任务（不支持）',
  'Business rule task': '业务规则任务（不支持）',
  'Script task': '脚本任务（不支持）',
  'Call activity': '调用活动（不支持）',
  Task: '任务',
  'Exclusive gateway': '排他网关',
  'Parallel gateway': '并行网关',
  'Inclusive gateway': '包容网关（不支持）',
  'Complex gateway': '复杂网关（不支持）',
  'Event-based gateway': '事件网关（不支持）',
  'Start event': '开始事件',
  'End event': '结束事件',
  'Intermediate throw event': '中间抛出事件（不支持）',
  'Default flow': '默认出线',
  'Sequence flow': '连线',
  'Conditional flow': '条件连线',
  'Search in diagram': '在图中搜索',
  'Search': '搜索',
  'No results': '没有结果',
};

export function translateZh(template: string, replacements?: Record<string, string>): string {
  const text = ZH[template] ?? template;
  return text.replace(/{([^}]+)}/g, (_m, key: string) => replacements?.[key] ?? `{${key}}`);
}

/** A bpmn-js module (additionalModules) replacing its translate service. */
export const chineseTranslate = { translate: ['value', translateZh] };
