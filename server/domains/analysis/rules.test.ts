import { describe, expect, it } from 'vitest';
import { daysOfStock, daysSince, launchWeeks, pinStatus } from './rules.ts';

describe('库存动销', () => {
  it('days of stock at the period’s pace', () => {
    expect(daysOfStock(30, 15, 30)).toBe(60);
    expect(daysOfStock(10, 3, 7)).toBe(23.3);
    expect(daysOfStock(10, 0, 30)).toBeNull();
  });
  it('slow when never sold or not for slowDays days', () => {
    expect(pinStatus(null, 30)).toBe(2);
    expect(pinStatus(30, 30)).toBe(2);
    expect(pinStatus(29, 30)).toBe(1);
    expect(pinStatus(0, 30)).toBe(1);
    expect(daysSince('2026-11-01', '2026-11-25')).toBe(24);
    expect(daysSince(null, '2026-11-25')).toBeNull();
  });
});

describe('新品', () => {
  it('weeks from the launch day, the running one flagged, future ones left out', () => {
    expect(launchWeeks('2026-11-01', 4, '2026-11-16')).toEqual([
      { week: 1, from: '2026-11-01', to: '2026-11-07', running: false },
      { week: 2, from: '2026-11-08', to: '2026-11-14', running: false },
      { week: 3, from: '2026-11-15', to: '2026-11-21', running: true },
    ]);
    expect(launchWeeks('2026-12-01', 4, '2026-11-25')).toEqual([]);
    expect(launchWeeks('2026-02-26', 1, '2026-03-10')[0]).toMatchObject({ from: '2026-02-26', to: '2026-03-04' });
  });
});
