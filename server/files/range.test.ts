import { describe, expect, it } from 'vitest';
import { decideRange, ifRangeMatches } from './range.ts';

describe('decideRange', () => {
  it('answers the bytes asked for, clamped to the file', () => {
    expect(decideRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(decideRange('bytes=900-5000', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
  });
  it('open-ended and suffix ranges', () => {
    expect(decideRange('bytes=500-', 1000)).toEqual({ kind: 'partial', start: 500, end: 999 });
    expect(decideRange('bytes=-100', 1000)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(decideRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', start: 0, end: 999 });
  });
  it('a start beyond the end cannot be satisfied; an empty suffix neither', () => {
    expect(decideRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
  });
  it('malformed, reversed or multiple ranges are ignored: the whole file', () => {
    for (const h of ['bytes=abc', 'items=0-1', 'bytes=5-1', 'bytes=0-1,5-6', 'bytes=-', undefined]) expect(decideRange(h, 1000)).toEqual({ kind: 'full' });
  });
});

describe('ifRangeMatches', () => {
  const when = new Date('2026-11-21T10:00:00Z');
  it('matches the strong ETag or the exact date only', () => {
    expect(ifRangeMatches(undefined, '"a"', when)).toBe(true);
    expect(ifRangeMatches('"a"', '"a"', when)).toBe(true);
    expect(ifRangeMatches('"b"', '"a"', when)).toBe(false);
    expect(ifRangeMatches('W/"a"', '"a"', when)).toBe(false);
    expect(ifRangeMatches(when.toUTCString(), '"a"', when)).toBe(true);
    expect(ifRangeMatches('Sat, 21 Nov 2026 09:00:00 GMT', '"a"', when)).toBe(false);
  });
});
