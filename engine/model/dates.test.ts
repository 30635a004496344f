import { describe, expect, it } from 'vitest';
import { invalidDateField, isDateText } from './dates.ts';
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

  it('names the field of the first bad value', () => {
    expect(invalidDateField({ start, day }, { start: '2026-12-01 09:00:00', day: '2026-02-30' })).toEqual({ title: '生日', message: '生日格式不正确，应为 YYYY-MM-DD' });
    expect(invalidDateField({ start }, { start: '2026-12-01 9:00' })?.message).toBe('开始时间格式不正确，应为 YYYY-MM-DD HH:mm:ss');
    expect(invalidDateField({ start }, { start: null })).toBeUndefined();
  });

  it('validates with a pattern the server and the form share, not the RFC 3339 format', () => {
    const s = fieldJsonSchema(start);
    expect(s.format).toBeUndefined();
    expect(new RegExp(String(s.pattern)).test('2026-12-01 09:00:00')).toBe(true);
    expect(new RegExp(String(s.pattern)).test('2026-12-01')).toBe(false);
    expect(s['x-msg']).toBe('开始时间格式不正确，应为 YYYY-MM-DD HH:mm:ss');
  });

});
