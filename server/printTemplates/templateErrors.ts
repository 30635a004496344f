/** The core validator's findings as one Chinese message a designer user can act on. */
import type { TemplateError } from '../../core/print/template/index.ts';

const PHRASES: Array<[RegExp, string]> = [
  [/^template has no version.*$/, '模板缺少版本号（旧版或其他设计器导出的模板无法直接使用）'],
  [/^unsupported template version (.*?);/, '不支持的模板版本 $1'],
  [/^is required$/, '不能为空'],
  [/^unknown property of (.*)$/, '$1 中有未知属性'],
  [/^unknown element type (\S+);.*$/, '未知的元素类型 $1'],
  [/^.*tableCustom has been removed.*$/, '元素类型 tableCustom 已移除，请使用 table（表格）'],
  [/^not found pagetype: (.*)$/, '纸张类型不存在（not found pagetype）：$1'],
  [/^a template needs at least one panel$/, '模板至少需要一个面板'],
  [/^a template cannot carry code.*$/, '模板不能包含代码'],
  [/^must be a list, got (.*)$/, '必须是列表，实际为 $1'],
  [/^the header line \((.*?)\) must be at least (\d+) above the footer line \((.*?)\)$/, '页眉线（$1）必须在页脚线（$3）上方至少 $2'],
];

function phrase(message: string): string {
  for (const [re, zh] of PHRASES) if (re.test(message)) return message.replace(re, zh);
  return message;
}

export function templateErrorMessage(errors: TemplateError[]): string {
  const first = errors[0];
  const where = first?.path ? `${first.path}：` : '';
  const more = errors.length > 1 ? `（共 ${errors.length} 处问题）` : '';
  return `模板内容不正确${more}：${where}${phrase(first?.message ?? '')}`;
}
