import { describe, expect, it } from 'vitest';
import { dateParamMessage, isDateParam, isDateText } from './dates.ts';
import { fieldJsonSchema } from './forms.ts';
import type { FieldSchema } from './types.ts';

const start: FieldSchema = { type: 'string', title: '开始时间', format: 'date-time' };
const day: FieldSchema = { type: 'string', title: '生日', format: 'date' };

describe('date and date-time text of fields', () => {
  it('accepts what answers render, minutes only, the picker form and RFC 3339', () => {
    for (const t of ['2026-12-01 09:00:00', '2026-12-01 09:00', '2026-12-01T09:00:05', '2026-12-01T09:00:00+08:00', '2026-12-01T01:00:00.123Z', '2024-02-29 23:59:59'])
      expect(isDateText('date-time', t), t).toBe(true);
    expect(isDateText('date', '2026-12-01')).toBe(true);
  });

  it('refuses wrong shapes and days that do not exist', () => {
    for (const t of ['2026-12-01', '2026/12/01 09:00', '2026-02-30 09:00:00', '2025-02-29 00:00', '2026-12-01 24:00', '2026-12-01 09:60', '2026-13-01 09:00', '2026-12-01 09:00:00+25:00', 'now'])
      expect(isDateText('date-time', t), t).toBe(false);
    for (const t of ['2026-12-01 09:00', '2026-04-31', '20261201']) expect(isDateText('date', t), t).toBe(false);
  });

  it('date parameters: a day, a moment (a day too), a month, a time of day; the message names the field and the form', () => {
    expect(isDateParam('date', '2026-02-28')).toBe(true);
    expect(isDateParam('date', '2026-13-45')).toBe(false);
    expect(isDateParam('date-time', '2026-02-28')).toBe(true);
    expect(isDateParam('date-time', '2026-02-28 10:00')).toBe(true);
    expect(isDateParam('date-time', 'abc')).toBe(false);
    expect(isDateParam('month', '2026-12')).toBe(true);
    expect(isDateParam('month', '2026-13')).toBe(false);
    expect(isDateParam('time', '23:59')).toBe(true);
    expect(isDateParam('time', '24:00')).toBe(false);
    expect(dateParamMessage('生日', 'date')).toBe('生日格式不正确，应为 YYYY-MM-DD');
    expect(dateParamMessage('开始时间', 'date-time')).toBe('开始时间格式不正确，应为 YYYY-MM-DD HH:mm:ss');
  });

  it('validates with a pattern the server and the form share, not the RFC 3339 format', () => {
    const s = fieldJsonSchema(start);
    expect(s.format).toBeUndefined();
    expect(new RegExp(String(s.pattern)).test('2026-12-01 09:00:00')).toBe(true);
    expect(new RegExp(String(s.pattern)).test('2026-12-01')).toBe(false);
    expect(s['x-msg']).toBe('开始时间格式不正确，应为 YYYY-MM-DD HH:mm:ss');
    expect(s['x-date']).toBe('date-time');
  });

});
