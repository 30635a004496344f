import { describe, expect, it } from 'vitest';
import { addDays, parseDay, weekOf, weeksInYear } from './week.ts';

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
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('20261125')).toBeNull();
    expect(() => weekOf('2026-02-30')).toThrow();
  });
});
