import { describe, expect, it } from 'vitest';
import { FORMATTER_IMPLEMENTATIONS, STYLER_IMPLEMENTATIONS, formatterFor, stylerFor } from './formatters';
import { FORMATTERS, STYLERS } from '../core/descriptors/widgetKeys.ts';

const row = {};
describe('cell formatters', () => {
  it('round numbers to 2 decimals by default, half away from zero', () => {
    expect(formatterFor('number')(1.005, { row })).toBe('1.01');
    expect(formatterFor('number')('3.14159', { row })).toBe('3.14');
    expect(formatterFor('number')(2, { row })).toBe('2');
    expect(formatterFor('number')(2.345, { row, digits: 1 })).toBe('2.3');
    expect(formatterFor('money')(2, { row })).toBe('2.00');
    expect(formatterFor('money')(-1.005, { row })).toBe('-1.01');
    expect(formatterFor('number')(null, { row })).toBe('');
    expect(formatterFor('percent')(0.1234, { row })).toBe('12.34%');
  });
  it('show dates, date-times and labels', () => {
    expect(formatterFor('date')('2026-11-21T10:00:00', { row })).toBe('2026-11-21');
    expect(formatterFor('dateTime')(new Date(2026, 0, 2, 3, 4, 5).toISOString(), { row })).toBe('2026-01-02 03:04:05');
    const labels = new Map([['1', '营业中'], ['0', '已停业']]);
    expect(formatterFor('dictionary')(1, { row, labels })).toBe('营业中');
    expect(formatterFor('dictionary')(7, { row, labels })).toBe('7');
    expect(formatterFor('yesNo')(1, { row })).toBe('是');
    expect(formatterFor('enabled')(0, { row })).toBe('停用');
    expect(formatterFor('enabled')(1, { row, labels })).toBe('营业中');
    expect(formatterFor('integer')(2.6, { row })).toBe('3');
  });
  it('falls back to text for an unknown key', () => {
    expect(formatterFor('nope')('x', { row })).toBe('x');
  });
});

describe('registry', () => {
  it('implements exactly the formatter and styler keys descriptors may name', () => {
    expect(Object.keys(FORMATTER_IMPLEMENTATIONS).sort()).toEqual([...FORMATTERS].sort());
    expect(Object.keys(STYLER_IMPLEMENTATIONS).sort()).toEqual([...STYLERS].sort());
  });
  it('colours negative numbers red and status by value', () => {
    expect(stylerFor('negativeRed')?.(-1, {})).toEqual({ color: 'var(--mantine-color-red-7)' });
    expect(stylerFor('negativeRed')?.(1, {})).toBeUndefined();
    expect(stylerFor('statusColor')?.(1, {})?.color).toContain('green');
  });
});
