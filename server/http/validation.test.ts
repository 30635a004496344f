import { describe, expect, it } from 'vitest';
import type { FastifySchemaValidationError } from 'fastify';
import { chineseValidationMessage } from './validation.ts';
import { plainText } from './fields.ts';

const err = (e: Partial<FastifySchemaValidationError> & { parentSchema?: object }) =>
  [{ instancePath: '', schemaPath: '', params: {}, message: '', ...e }] as FastifySchemaValidationError[];

describe('chineseValidationMessage', () => {
  it('names the missing field by its Chinese title', () => {
    const msg = chineseValidationMessage(
      err({ keyword: 'required', params: { missingProperty: 'name' }, parentSchema: { properties: { name: { title: '姓名' } } } }),
      'body',
    );
    expect(msg).toBe('姓名不能为空');
  });

  it('states the max length and the custom pattern message', () => {
    const schema = plainText('备注', 48);
    expect(chineseValidationMessage(err({ keyword: 'maxLength', instancePath: '/remark', params: { limit: 48 }, parentSchema: schema }), 'body')).toBe('备注长度不能超过48个字符');
    expect(chineseValidationMessage(err({ keyword: 'pattern', instancePath: '/remark', parentSchema: schema }), 'body')).toBe('备注不能包含 < > ; -- /* 等特殊字符');
  });

  it('falls back to the property name when a schema has no title', () => {
    expect(chineseValidationMessage(err({ keyword: 'type', instancePath: '/pageSize', params: { type: 'integer' } }), 'params')).toBe('pageSize应为整数');
  });
});
