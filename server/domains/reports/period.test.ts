import { describe, expect, it } from 'vitest';
import { reportMonth } from './period.ts';
import { previousMonth } from '../../../core/calendar.ts';

describe('report periods', () => {
  it('takes a month up to the current one and answers its days', () => {
    expect(reportMonth('2026-02', '统计月份', '2026-11-25')).toEqual({ month: '2026-02', from: '2026-02-01', to: '2026-02-28' });
    expect(reportMonth('2026-11', '统计月份', '2026-11-25').to).toBe('2026-11-30');
  });
  it('refuses a malformed, empty or future month naming the field', () => {
    expect(() => reportMonth('2026-13', '统计月份', '2026-11-25')).toThrow('统计月份格式不正确，应为 YYYY-MM（如 2026-11）');
    expect(() => reportMonth('2026-1', '统计月份', '2026-11-25')).toThrow('统计月份格式不正确');
    expect(() => reportMonth('', '统计月份', '2026-11-25')).toThrow('统计月份不能为空');
    expect(() => reportMonth(undefined, '月份', '2026-11-25')).toThrow('月份不能为空');
    expect(() => reportMonth('2026-12', '统计月份', '2026-11-25')).toThrow('统计月份不能晚于本月（2026-11）');
  });
  it('steps back a month across the year', () => {
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
  });
});
