import { describe, expect, it } from 'vitest';
import { fileStamp } from './fileStamp';

describe('fileStamp', () => {
  const at = new Date('2026-05-10T16:30:05Z');
  it('reads the clock of the business zone, across midnight', () => {
    expect(fileStamp('Asia/Shanghai', at)).toBe('20260511003005');
    expect(fileStamp('America/New_York', at)).toBe('20260510123005');
    expect(fileStamp('UTC', at)).toBe('20260510163005');
  });
});
