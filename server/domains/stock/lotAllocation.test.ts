import { describe, expect, it } from 'vitest';
import { allocateLots, lotExpiry, type LotHolding, type LotRules } from './lotAllocation.ts';

const rules = (over: Partial<LotRules> = {}): LotRules => ({
  docType: 'writeOff',
  today: '2026-11-28',
  refuseExpired: false,
  sku: () => ({ skuName: '鲜牛奶', expiryManaged: true, shelfLifeDays: 7 }),
  whName: () => '中心仓',
  ...over,
});
const lot = (lotNo: string, expiryDate: string | null, onHand: number): LotHolding => ({ whId: 1, skuId: 9, lotNo, productionDate: null, expiryDate, onHand });
const taken = (p: { lotNo: string; qty: number }[]) => p.map((x) => [x.lotNo, x.qty]);

describe('allocateLots', () => {
  const held = [lot('C', null, 5), lot('B', '2026-12-05', 2), lot('A', '2026-12-01', 2)];

  it('takes the earliest expiry first, undated lots last, across as many lots as needed', () => {
    expect(taken(allocateLots([{ whId: 1, skuId: 9, qty: -5, lineId: 1 }], held, [], rules()))).toEqual([['A', -2], ['B', -2], ['C', -1]]);
  });

  it('a named lot is taken even when another expires first; one short of it is refused by name', () => {
    expect(taken(allocateLots([{ whId: 1, skuId: 9, qty: -1, lot: { lotNo: 'B' } }], held, [], rules()))).toEqual([['B', -1]]);
    expect(() => allocateLots([{ whId: 1, skuId: 9, qty: -3, lot: { lotNo: 'B' } }], held, [], rules())).toThrow('批次库存不足：「鲜牛奶」批次 B（中心仓）可用 2，需要 3');
  });

  it('at the register an expired lot is skipped, and refused when only it is left', () => {
    const r = rules({ today: '2026-12-02', refuseExpired: true });
    const two = [lot('A', '2026-12-01', 2), lot('B', '2026-12-05', 1)];
    expect(taken(allocateLots([{ whId: 1, skuId: 9, qty: -1 }], two, [], r))).toEqual([['B', -1]]);
    expect(() => allocateLots([{ whId: 1, skuId: 9, qty: -2 }], two, [], r)).toThrow('批次已过期：「鲜牛奶」批次 A 于 2026-12-01 到期，禁止销售');
  });

  it('a reversal takes back the lots its line put in, not the first-expiring ones', () => {
    const history = [{ docType: 'writeOff', whId: 1, skuId: 9, lineId: 7, lotNo: 'B', productionDate: null, expiryDate: '2026-12-05', qty: 2 }];
    expect(taken(allocateLots([{ whId: 1, skuId: 9, qty: -2, lineId: 7 }], held, history, rules()))).toEqual([['B', -2]]);
  });

  it('goods coming back go into the lots their line took out (a transfer arriving, a refund with lotFrom)', () => {
    const history = [
      { docType: 'sale', whId: 1, skuId: 9, lineId: 3, lotNo: 'A', productionDate: null, expiryDate: '2026-12-01', qty: -2 },
      { docType: 'sale', whId: 1, skuId: 9, lineId: 3, lotNo: 'B', productionDate: null, expiryDate: '2026-12-05', qty: -1 },
    ];
    const back = allocateLots([{ whId: 1, skuId: 9, qty: 3, lineId: 3, lotFrom: { docType: 'sale', docId: 5, lineId: 3 } }], held, history.map((h) => ({ ...h, docId: 5 })), rules({ docType: 'saleRefund', docId: 5 }));
    expect(taken(back)).toEqual([['A', 2], ['B', 1]]);
    expect(() => allocateLots([{ whId: 1, skuId: 9, qty: 3, lineId: 3 }], held, history, rules({ docType: 'saleRefund' }))).toThrow('「鲜牛奶」是批次管理商品，请填写批次号');
  });

  it('a stocktake surplus joins the freshest lot; a receipt computes the expiry from the production date', () => {
    expect(taken(allocateLots([{ whId: 1, skuId: 9, qty: 4, lotFallback: 'freshest' }], held, [], rules()))).toEqual([['C', 4]]);
    expect(lotExpiry({ skuName: 'x', expiryManaged: true, shelfLifeDays: 7 }, { lotNo: 'L', productionDate: '2026-11-28' })).toBe('2026-12-05');
    expect(() => allocateLots([{ whId: 1, skuId: 9, qty: 1, lot: { lotNo: 'N' } }], held, [], rules())).toThrow('「鲜牛奶」是保质期管理商品，批次 N 请填写到期日期或生产日期');
  });
});
