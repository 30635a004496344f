import { describe, expect, it } from 'vitest';
import { parseTypedDate, rangePresets } from './dateRanges';

describe('date pickers', () => {
  it('takes a typed date in the forms a Chinese user types, and refuses what is no day', () => {
    expect(parseTypedDate('2026-03-10')).toBe('2026-03-10');
    expect(parseTypedDate('2026/3/9')).toBe('2026-03-09');
    expect(parseTypedDate('2026年3月9日')).toBe('2026-03-09');
    expect(parseTypedDate('20260310')).toBe('2026-03-10');
    expect(parseTypedDate('2026-02-30')).toBeNull();
    expect(parseTypedDate('03/10/2026')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });

  it('offers 今天 / 昨天 / 近7天 / 近30天 / 本月 / 上月 as inclusive ranges', () => {
    const p = Object.fromEntries(rangePresets('2026-03-05').map((x) => [x.key, x.range]));
    expect(p.today).toEqual(['2026-03-05', '2026-03-05']);
    expect(p.yesterday).toEqual(['2026-03-04', '2026-03-04']);
    expect(p.last7).toEqual(['2026-02-27', '2026-03-05']);
    expect(p.last30).toEqual(['2026-02-04', '2026-03-05']);
    expect(p.thisMonth).toEqual(['2026-03-01', '2026-03-05']);
    expect(p.lastMonth).toEqual(['2026-02-01', '2026-02-28']);
  });
});
