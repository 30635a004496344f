import { describe, expect, it } from 'vitest';
import validator from '@rjsf/validator-ajv8';
import { i18n } from '../../src/i18n/i18n';
import { loadScreenTexts } from '../i18n/screenTexts';
import { localizeErrors } from './formErrors';

loadScreenTexts();

const schema = {
  type: 'object',
  required: ['shopName', 'shopCode'],
  properties: {
    shopName: { type: 'string', title: '门店名称', maxLength: 24 },
    shopCode: { type: 'string', title: '门店编码', pattern: '^[A-Z0-9]+$', 'x-msg': '门店编码只能是大写字母和数字' },
    area: { type: 'number', title: '面积', minimum: 0 },
  },
} as const;

const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, { ...values, lng: 'zh-CN' });

function errorsOf(data: Record<string, unknown>) {
  const { errors } = validator.validateFormData(data, schema as never);
  return localizeErrors(errors, schema, t).map((e) => e.message);
}

describe('form validation messages', () => {
  it('names the field in Chinese for required, length, pattern and range errors', () => {
    expect(errorsOf({ shopCode: 'A1' })).toEqual(['门店名称不能为空']);
    expect(errorsOf({ shopName: '店'.repeat(25), shopCode: 'a-1', area: -1 }).sort()).toEqual(
      ['门店名称长度不能超过24个字符', '门店编码只能是大写字母和数字', '面积不能小于0'].sort(),
    );
  });
});
