import { describe, expect, it } from 'vitest';
import { dayOf, dayPeriod, reportMonth } from './period.ts';

const today = '2026-11-25';

describe('the one period helper', () => {
  it('reads days and months the same way whatever the parameters are called', () => {
    expect(dayPeriod('2026-11-01', '2026-11-25', today)).toEqual({ from: '2026-11-01', to: '2026-11-25', days: 25 });
    expect(dayPeriod(null, '', today)).toEqual({ from: today, to: today, days: 1 });
    expect(dayPeriod(' 2026-11-20 ', undefined, today, { to: () => '2026-11-21' })).toEqual({ from: '2026-11-20', to: '2026-11-21', days: 2 });
    expect(reportMonth('2026-02', '统计月份', today)).toEqual({ month: '2026-02', from: '2026-02-01', to: '2026-02-28' });
  });
  it('refuses a malformed, future, reversed or too long period naming the field', () => {
    expect(() => dayOf('abc', '开始日期', today)).toThrow('开始日期格式不正确，应为 YYYY-MM-DD');
    expect(() => dayOf('2026-13-01', '开始日期', today)).toThrow('开始日期格式不正确');
    expect(() => dayOf('2026-02-30', '开始日期', today)).toThrow('开始日期格式不正确');
    expect(() => dayOf('2026-11-26', '结束日期', today)).toThrow('结束日期不能晚于今天');
    expect(() => dayPeriod('2026-11-10', '2026-11-01', today)).toThrow('结束日期不能早于开始日期');
    expect(() => dayPeriod('2025-01-01', '2026-11-01', today)).toThrow('开始日期至结束日期不能超过 366 天');
    expect(() => dayPeriod('x', null, today, { titles: ['上市开始日期', '上市结束日期'] })).toThrow('上市开始日期格式不正确');
    for (const bad of ['2026-13', 'abc', '2026-1', '202611', 42]) expect(() => reportMonth(bad, '统计月份', today)).toThrow('统计月份格式不正确，应为 YYYY-MM（如 2026-11）');
    expect(() => reportMonth('2026-12', '统计月份', today)).toThrow('统计月份不能晚于本月（2026-11）');
    expect(() => reportMonth(' ', '统计月份', today)).toThrow('统计月份不能为空');
  });
});
