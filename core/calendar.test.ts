import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayIn, dayNumber, daysBefore, daysBetween, daysOf, daysOfMonth, isDay, isMonth, isWeekend, localDay, monthOf, monthRange, parseDay, previousMonth, weekOf, weeksInYear, weekStart } from './calendar.ts';

describe('周会周次 (ISO 8601 weeks)', () => {
  it('counts Monday to Sunday, week 1 holding 4 January', () => {
    expect(weekOf('2026-11-25')).toMatchObject({ year: 2026, weekNum: 48, weekStart: '2026-11-23', weekEnd: '2026-11-29' });
    expect(weekOf('2026-11-23').weekNum).toBe(48);
    expect(weekOf('2026-11-29').weekNum).toBe(48);
    expect(weekOf('2026-11-30').weekNum).toBe(49);
    expect(weekOf('2026-01-04')).toMatchObject({ year: 2026, weekNum: 1, weekStart: '2025-12-29' });
    expect(weekOf('2026-11-25').label).toBe('2026年第48周（11-23 至 11-29）');
  });

  it('gives late December to next year and early January to the year before, at the boundaries', () => {
    // 2024-12-30 is a Monday whose Thursday is 2025-01-02: week 1 of 2025.
    expect(weekOf('2024-12-30')).toMatchObject({ year: 2025, weekNum: 1, weekStart: '2024-12-30', weekEnd: '2025-01-05' });
    expect(weekOf('2024-12-29')).toMatchObject({ year: 2024, weekNum: 52 });
    // 2021-01-01 (Friday) belongs to 2020's week 53; 2021-01-04 starts week 1.
    expect(weekOf('2021-01-01')).toMatchObject({ year: 2020, weekNum: 53, weekStart: '2020-12-28', weekEnd: '2021-01-03' });
    expect(weekOf('2021-01-03').weekNum).toBe(53);
    expect(weekOf('2021-01-04')).toMatchObject({ year: 2021, weekNum: 1 });
    // 2026 has 53 weeks (it starts on a Thursday): 2026-12-31 and 2027-01-03 are its week 53.
    expect(weekOf('2026-12-31')).toMatchObject({ year: 2026, weekNum: 53 });
    expect(weekOf('2027-01-03')).toMatchObject({ year: 2026, weekNum: 53, weekEnd: '2027-01-03' });
    expect(weekOf('2027-01-04')).toMatchObject({ year: 2027, weekNum: 1 });
    // 2023-01-01 is a Sunday: last week of 2022.
    expect(weekOf('2023-01-01')).toMatchObject({ year: 2022, weekNum: 52 });
    // Leap day.
    expect(weekOf('2024-02-29')).toMatchObject({ year: 2024, weekNum: 9, weekStart: '2024-02-26' });
  });

  it('knows 52- and 53-week years and walks every day of a decade without a gap', () => {
    expect([2015, 2020, 2026, 2032].map(weeksInYear)).toEqual([53, 53, 53, 53]);
    expect([2021, 2022, 2023, 2024, 2025, 2027].map(weeksInYear)).toEqual([52, 52, 52, 52, 52, 52]);
    let prev = weekOf('2019-12-30');
    for (let day = '2019-12-31'; day <= '2031-01-05'; day = addDays(day, 1)) {
      const w = weekOf(day);
      if (w.weekStart === prev.weekStart) expect([w.year, w.weekNum]).toEqual([prev.year, prev.weekNum]);
      else if (w.year === prev.year) expect(w.weekNum).toBe(prev.weekNum + 1);
      else expect([w.weekNum, prev.weekNum]).toEqual([1, weeksInYear(prev.year)]);
      prev = w;
    }
  });

  it('refuses what is no calendar date', () => {
    expect(() => weekOf('2026-02-30')).toThrow(RangeError);
  });
});

describe('days', () => {
  it('reads only real days written YYYY-MM-DD', () => {
    expect(parseDay('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-5', '20261125', '2026-11-25 10:00:00', '']) {
      expect(parseDay(bad), bad).toBeNull();
      expect(isDay(bad), bad).toBe(false);
    }
    expect(isDay('2026-11-25')).toBe(true);
    expect(isDay(20261125)).toBe(false);
  });
  it('adds and counts days across months, years and leap days, whatever the machine zone', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // a DST change elsewhere is no day here
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(daysBetween('2026-11-25', '2026-11-20')).toBe(-5);
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
  it('lists the days of a period, both ends included', () => {
    expect(daysOf({ from: '2026-12-30', to: '2027-01-02' })).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysOf({ from: '2026-11-25', to: '2026-11-25' })).toEqual(['2026-11-25']);
    expect(daysOf({ from: '2026-11-26', to: '2026-11-25' })).toEqual([]);
  });
  it('knows weekends and the Monday a week starts on', () => {
    expect(['2026-11-28', '2026-11-29'].map(isWeekend)).toEqual([true, true]);
    expect(isWeekend('2026-11-30')).toBe(false);
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // Sunday ends the week
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
  });
});

describe('months', () => {
  it('reads months strictly as YYYY-MM', () => {
    expect(['2026-11', '2026-01', '1999-12'].every(isMonth)).toBe(true);
    expect(['2026-13', '2026-1', '2026/11', '2026-11-01', '202611', ''].some(isMonth)).toBe(false);
    expect(monthOf('2026-11-25')).toBe('2026-11');
  });
  it('steps months across the year', () => {
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
    expect(() => previousMonth('2026-13')).toThrow(RangeError);
  });
  it('gives a month its first and last day and all its days', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(daysOfMonth('2026-11')).toHaveLength(30);
    expect(daysOfMonth('2026-11').at(-1)).toBe('2026-11-30');
  });
});

describe('today', () => {
  it('dayIn: the day a moment falls on in the business zone, not in UTC', () => {
    // 2026-11-25 17:30 UTC is already the 26th in Shanghai (UTC+8), still the 25th in New York.
    const at = new Date('2026-11-25T17:30:00Z');
    expect(dayIn('Asia/Shanghai', at)).toBe('2026-11-26');
    expect(dayIn('UTC', at)).toBe('2026-11-25');
    expect(dayIn('America/New_York', at)).toBe('2026-11-25');
  });
  it('localDay and daysBefore: the machine clock\'s day, counted back across a month', () => {
    const d = new Date(2026, 2, 1, 9, 0); // 1 March, local time
    expect(localDay(d)).toBe('2026-03-01');
    expect(daysBefore(1, d)).toBe('2026-02-28');
    expect(daysBefore(0, d)).toBe('2026-03-01');
  });
});
