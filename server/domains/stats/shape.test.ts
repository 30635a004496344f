import { describe, expect, it } from 'vitest';
import { composeRecords, hourRecord, netFigures } from './shape.ts';

const all = { cost: true, margin: true };
const none = { cost: false, margin: false };

describe('sales figures', () => {
  it('subtracts refunds from amount, orders, items and cost; average ticket over net orders', () => {
    const f = netFigures({ soldFen: 30000, refundFen: 5000, orderCount: 3, refundCount: 1, itemQty: 7, costFen: 15000 }, all);
    expect(f).toEqual({ saleAmount: 250, soldAmount: 300, refundAmount: 50, orderCount: 2, refundCount: 1, itemCount: 7, avgPrice: 125, costAmount: 150, grossProfit: 100, grossMargin: 40 });
  });
  it('leaves cost, profit and margin out without the field permissions', () => {
    const f = netFigures({ soldFen: 100, refundFen: 0, orderCount: 1, refundCount: 0, itemQty: 1, costFen: 60 }, none);
    expect(Object.keys(f)).not.toContain('costAmount');
    expect(Object.keys(f)).not.toContain('grossProfit');
    expect(Object.keys(f)).not.toContain('grossMargin');
    expect(netFigures({ soldFen: 100, refundFen: 0, orderCount: 1, refundCount: 0, itemQty: 1, costFen: 60 }, { cost: false, margin: true })).toMatchObject({ grossMargin: 40 });
  });
  it('no sales: average 0 and no margin', () => {
    expect(netFigures({ soldFen: 0, refundFen: 0, orderCount: 0, refundCount: 0, itemQty: 0, costFen: 0 }, all)).toMatchObject({ avgPrice: 0, grossMargin: null });
  });
  it('shares of the composition and hour slots', () => {
    const c = composeRecords([{ skuId: 1, skuCode: 'A', skuName: 'a', spec: null, unit: null, spuName: null, qty: 2, amountFen: 300, costFen: 100, orderCount: 1 }, { skuId: 2, skuCode: 'B', skuName: 'b', spec: null, unit: null, spuName: null, qty: 1, amountFen: 100, costFen: 50, orderCount: 1 }], none);
    expect(c.map((x) => x.share)).toEqual([75, 25]);
    const h = hourRecord(1, 'x', [{ hour: 9, saleFen: 1234, orderCount: 2 }, { hour: 20, saleFen: -234, orderCount: 0 }]);
    expect(h).toMatchObject({ h9: 12.34, h20: -2.34, h0: 0, saleAmount: 10, orderCount: 2 });
    expect((h.hours as unknown[]).length).toBe(24);
  });
});
