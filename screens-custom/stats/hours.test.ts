import { describe, expect, it } from 'vitest';
import { visibleHours } from './hours';

const day = (sold: Record<number, number>) =>
  Array.from({ length: 24 }, (_, h) => ({ hour: h, saleAmount: sold[h] ?? 0, orderCount: sold[h] ? 1 : 0 }));

describe('visibleHours', () => {
  it('shows the opening hours 7:00-22:00 on a day without sales', () => {
    const shown = visibleHours(day({})).map((h) => h.hour);
    expect(shown[0]).toBe(7);
    expect(shown.at(-1)).toBe(22);
    expect(shown).toHaveLength(16);
  });

  it('widens to a sale after midnight and a late one, keeping the hours between', () => {
    const shown = visibleHours(day({ 1: 12.5, 23: 3 })).map((h) => h.hour);
    expect(shown[0]).toBe(1);
    expect(shown.at(-1)).toBe(23);
    expect(shown).toHaveLength(23);
  });

  it('keeps an hour whose refunds cancelled its sales (orders but no net amount)', () => {
    const hours = day({});
    hours[5] = { hour: 5, saleAmount: 0, orderCount: 2 };
    expect(visibleHours(hours)[0].hour).toBe(5);
  });
});
