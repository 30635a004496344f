import type { FastifySchemaValidationError } from 'fastify';
import type { DateParamKind } from '../../core/descriptors/dates.ts';
import { dateKeywordMessage } from './inputGuard.ts';

interface SchemaLike {
  title?: string;
  'x-msg'?: string;
  'x-date'?: DateParamKind;
  properties?: Record<string, SchemaLike>;
}

const PLACE: Record<string, string> = { body: '', querystring: '参数', params: '路径参数', headers: '请求头' };

/** What a JSON Schema type is called in a message (…应为整数). */
const TYPE_NAMES: Record<string, string> = {
  integer: '整数', number: '数字', string: '文本', boolean: '是/否（true 或 false）', array: '列表', object: '对象', null: '空',
};

function labelOf(err: FastifySchemaValidationError & { parentSchema?: SchemaLike }, dataVar: string): string {
  const parent = err.parentSchema;
  if (err.keyword === 'required') {
    const missing = String((err.params as { missingProperty?: string }).missingProperty ?? '');
    return parent?.properties?.[missing]?.title ?? missing;
  }
  if (parent?.title) return parent.title;
  const name = err.instancePath.split('/').filter(Boolean).pop();
  return name ?? PLACE[dataVar] ?? dataVar;
}

/** Turns the first ajv error into one Chinese sentence naming the field and the rule; a row of a list (a document's lines) is named 第N行. */
export function chineseValidationMessage(errors: FastifySchemaValidationError[], dataVar: string): string {
  const err = errors[0] as FastifySchemaValidationError & { parentSchema?: SchemaLike };
  if (!err) return '请求参数不正确';
  // /detList/1/quantity, or /detList/1 for a property missing from that row (not /ids/3: a bad value of a list of ids).
  const row = /^\/[A-Za-z][A-Za-z0-9]*\/(\d+)(\/|$)/.exec(err.instancePath);
  if (row && !row[2] && err.keyword !== 'required') return fieldMessage(err, dataVar);
  return row ? `第${Number(row[1]) + 1}行：${fieldMessage(err, dataVar)}` : fieldMessage(err, dataVar);
}

function fieldMessage(err: FastifySchemaValidationError & { parentSchema?: SchemaLike }, dataVar: string): string {
  const label = labelOf(err, dataVar);
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'required':
      return `${label}不能为空`;
    case 'maxLength':
      return `${label}长度不能超过${p.limit}个字符`;
    case 'minLength':
      return Number(p.limit) <= 1 ? `${label}不能为空` : `${label}长度不能少于${p.limit}个字符`;
    case 'pattern':
      return err.parentSchema?.['x-msg'] ?? `${label}格式不正确`;
    case 'x-date':
      return dateKeywordMessage(err.parentSchema, label);
    case 'minimum':
    case 'exclusiveMinimum':
      return `${label}不能小于${p.limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${label}不能大于${p.limit}`;
    case 'enum':
      return `${label}取值不在允许范围内`;
    case 'minItems':
      return Number(p.limit) <= 1 ? `${label}不能为空` : `${label}至少${p.limit}项`;
    case 'maxItems':
      return `${label}最多${p.limit}项`;
    case 'type': {
      const want = String(p.type ?? '').split(',')[0];
      // The whole body of the wrong kind (an array, a string, null, text/plain): say what it should be.
      if (!err.instancePath && dataVar === 'body') return want === 'array' ? '请求体应为 JSON 数组' : '请求体应为 JSON 对象';
      return TYPE_NAMES[want] ? `${label}应为${TYPE_NAMES[want]}` : `${label}格式不正确`;
    }
    default:
      return `${label}格式不正确`;
  }
}
