import { describe, expect, it } from 'vitest';
import { timeDesc } from './timeDesc.ts';

describe('timeDesc', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const at = (secondsAgo: number) => timeDesc(now - secondsAgo * 1000, now, '2026-11-01 08:30:15');
  it('says 刚刚 within a minute, also for a clock slightly ahead', () => {
    expect(at(0)).toBe('刚刚');
    expect(at(59)).toBe('刚刚');
    expect(at(-5)).toBe('刚刚');
  });
  it('counts minutes, hours and days', () => {
    expect(at(60)).toBe('1分钟前');
    expect(at(3599)).toBe('59分钟前');
    expect(at(3600)).toBe('1小时前');
    expect(at(86_399)).toBe('23小时前');
    expect(at(86_400)).toBe('1天前');
    expect(at(6 * 86_400 + 1)).toBe('6天前');
  });
  it('shows the date and minute from a week on', () => {
    expect(at(7 * 86_400)).toBe('2026-11-01 08:30');
  });
});
