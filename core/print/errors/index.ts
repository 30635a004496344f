/**
 * The designer's thrown errors of spec 001 §5/§8, one place for their wording. The English message is
 * the spec's (hosts and logs match on it); `zh` is what a user is shown.
 */
import { REMOVED_TABLE_CUSTOM } from '../template/validate.ts';

export const DESIGNER_ERRORS = {
  containerRequired: { message: 'options.container can not be empty', zh: '设计器容器不能为空（options.container）' },
  providerMissing: { message: 'check whether the provider of init is configured', zh: '该元素类型未配置，请检查初始化时的 provider 配置' },
  tableCustomRemoved: { message: REMOVED_TABLE_CUSTOM, zh: '元素类型 tableCustom 已移除，请使用 table（表格）' },
  styleItemName: { message: 'styleItem must have name', zh: '属性项必须有名称（name）' },
  printLockMissing: {
    message: 'print-lock stylesheet missing: link <link rel="stylesheet" media="print" href="/print-lock.css"> in the entry page',
    zh: '请在入口页面 index.html 中引入打印样式 print-lock.css（link[media="print"]）',
  },
  barcodeText: { message: 'this format does not support this text', zh: '此条码格式不支持该内容' },
  barcodeFailed: { message: 'barcode generation failed', zh: '条形码生成失败' },
  qrcodeFailed: { message: 'QR code generation failed', zh: '二维码生成失败' },
  clientNotConnected: { message: 'connection to the print client failed', zh: '连接打印客户端失败，请确认客户端已启动' },
} as const;

export type DesignerErrorCode = keyof typeof DESIGNER_ERRORS;

export class DesignerError extends Error {
  readonly code: DesignerErrorCode;
  readonly zh: string;
  constructor(code: DesignerErrorCode, detail?: string) {
    super(detail ? `${DESIGNER_ERRORS[code].message} (${detail})` : DESIGNER_ERRORS[code].message);
    this.name = 'DesignerError';
    this.code = code;
    this.zh = DESIGNER_ERRORS[code].zh;
  }
}

/** Designer start-up: a container element is required. */
export function requireContainer<T>(container: T | null | undefined): T {
  if (container === null || container === undefined || (container as unknown) === '') throw new DesignerError('containerRequired');
  return container;
}

/**
 * Dropping or loading an element: its type must have a registered provider (element plugin).
 * `tableCustom` gets its own error telling the user to use table.
 */
export function requireProvider<P>(providers: ReadonlyMap<string, P> | Readonly<Record<string, P>>, type: string): P {
  if (type === 'tableCustom') throw new DesignerError('tableCustomRemoved');
  const known = providers instanceof Map ? providers.has(type) : Object.hasOwn(providers, type);
  if (!known) throw new DesignerError('providerMissing', type);
  const provider = providers instanceof Map ? providers.get(type) : (providers as Readonly<Record<string, P>>)[type];
  return provider as P;
}

/** Adding an option item (a property of the catalogue) needs a name. */
export function requireStyleItemName<T extends { name?: unknown }>(item: T): T & { name: string } {
  if (typeof item?.name !== 'string' || item.name.trim() === '') throw new DesignerError('styleItemName');
  return item as T & { name: string };
}
