import { describe, expect, it } from 'vitest';
import { lineShares, partOf, splitBack } from './lineRefund.ts';

describe('部分退款 money rules', () => {
  it('shares the payable over the lines by their amount after promotion, adding up to it exactly', () => {
    // 满减 30 on lines of 50, 30 and 20: 70 paid, 35, 21, 14.
    expect(lineShares(7000, [5000, 3000, 2000])).toEqual([3500, 2100, 1400]);
    const odd = lineShares(1000, [333, 333, 334, 0]);
    expect(odd.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(odd[3]).toBe(0);
  });

  it('pays units back rounded down, the last unit taking the remainder, whatever the split', () => {
    // A line of 3 units that took 10.00: 3.33, 3.33, 3.34.
    expect(partOf(1000, 3, 0, 1)).toBe(333);
    expect(partOf(1000, 3, 1, 1)).toBe(333);
    expect(partOf(1000, 3, 2, 1)).toBe(334);
    for (const split of [[1, 1, 1], [2, 1], [1, 2], [3]]) {
      let before = 0;
      let sum = 0;
      for (const n of split) {
        sum += partOf(1000, 3, before, n);
        before += n;
      }
      expect(sum).toBe(1000);
    }
  });

  it('splits the money back over the payment methods cumulatively; the last refund takes what is left of each', () => {
    // Paid 60.00 by balance and 40.00 cash; 100.00 payable refunded 33.33 then 66.67.
    const first = splitBack(3333, [6000, 4000], 10000, 0);
    expect(first).toEqual([1999, 1334]);
    const last = splitBack(6667, [6000, 4000], 10000, 3333);
    expect([first[0] + last[0], first[1] + last[1]]).toEqual([6000, 4000]);
  });
});
