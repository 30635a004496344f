import { describe, expect, it } from 'vitest';
import { addScanned, cartTotals, changeDue, confirmScanned, parkedLinesOf, parseDiscount, removeLine, setDiscount, setQuantity, splitPayments, takenCart, undoScanned, type ScannedSku } from './cart';
import { yuanText } from '../../core/money.ts';

const sku = (skuId: number, retailPrice: number): ScannedSku => ({ skuId, skuCode: `K${skuId}`, skuName: `商品${skuId}`, barcode: null, spec: null, unit: '个', retailPrice, available: 10 });

describe('register cart', () => {
  it('a second scan of a SKU adds one to its line; totals are exact to the fen', () => {
    let cart = addScanned([], sku(1, 0.1));
    cart = addScanned(cart, sku(2, 9.9));
    cart = addScanned(cart, sku(1, 0.1));
    cart = addScanned(cart, sku(1, 0.1));
    expect(cart.map((l) => [l.skuId, l.quantity])).toEqual([[1, 3], [2, 1]]);
    expect(cartTotals(cart)).toEqual({ quantity: 4, totalFen: 1020 });
    expect(yuanText(cartTotals(cart).totalFen)).toBe('10.20');
  });

  it('quantities stay whole and within 1..9999; a line can be removed', () => {
    const cart = addScanned([], sku(1, 2));
    expect(setQuantity(cart, 1, 2.7)[0].quantity).toBe(2);
    expect(setQuantity(cart, 1, 0)[0].quantity).toBe(1);
    expect(setQuantity(cart, 1, 100000)[0].quantity).toBe(9999);
    expect(removeLine(cart, 1)).toEqual([]);
  });

  it('change is due only when the cash covers the total', () => {
    expect(changeDue(1020, 20)).toBe(980);
    expect(changeDue(1020, '10.2')).toBe(0);
    expect(changeDue(1020, 10)).toBeNull();
    expect(changeDue(1020, 'abc')).toBeNull();
  });

  it('pays balance first (never more than allowed or owed), the rest by the chosen method; only cash gives change', () => {
    expect(splitPayments({ payableFen: 5000, balanceFen: 2000, maxBalanceFen: 3000, payType: 1, tendered: 50 })).toEqual({
      payments: [{ payType: 5, amount: 20 }, { payType: 1, amount: 50 }], balanceFen: 2000, voucherFen: 0, restFen: 3000, changeFen: 2000,
    });
    expect(splitPayments({ payableFen: 5000, balanceFen: 9000, maxBalanceFen: 3000, payType: 4, tendered: '' }).payments).toEqual([{ payType: 5, amount: 30 }, { payType: 4, amount: 20 }]);
    expect(splitPayments({ payableFen: 5000, balanceFen: 9000, maxBalanceFen: 9000, payType: 1, tendered: '' })).toMatchObject({ payments: [{ payType: 5, amount: 50 }], restFen: 0, changeFen: 0 });
    expect(splitPayments({ payableFen: 1999, balanceFen: 0, maxBalanceFen: 0, payType: 1, tendered: 19 }).changeFen).toBeNull();
    expect(splitPayments({ payableFen: 1, balanceFen: 0, maxBalanceFen: 0, payType: 2, tendered: 100 }).payments).toEqual([{ payType: 2, amount: 0.01 }]);
  });

  it('a scan shown from the local catalogue takes the server\'s price and stock when confirmed, keeping its quantity', () => {
    let cart = addScanned(addScanned([], sku(1, 5)), sku(2, 3));
    cart = addScanned(cart, sku(1, 5));
    const untouched = cart[1];
    cart = confirmScanned(cart, 1, { ...sku(1, 4.5), available: 2 });
    expect(cart.map((l) => [l.skuId, l.quantity, l.retailPrice, l.available])).toEqual([[1, 2, 4.5, 2], [2, 1, 3, 10]]);
    expect(cart[1]).toBe(untouched);
    expect(confirmScanned(cart, 1, { ...sku(1, 4.5), available: 2 })).toBe(cart);
    expect(cartTotals(cart).totalFen).toBe(1200);
  });

  it('a shown scan the server refuses is taken back; one it answers with another SKU moves to that SKU', () => {
    const cart = addScanned(addScanned(addScanned([], sku(1, 5)), sku(1, 5)), sku(2, 3));
    expect(undoScanned(cart, 1).map((l) => [l.skuId, l.quantity])).toEqual([[1, 1], [2, 1]]);
    expect(undoScanned(cart, 2).map((l) => [l.skuId, l.quantity])).toEqual([[1, 2]]);
    expect(confirmScanned(cart, 2, sku(3, 7)).map((l) => [l.skuId, l.quantity])).toEqual([[1, 2], [3, 1]]);
  });

  it('reads a line discount typed in the scan box (/9.5, /95, /8; /0 takes it off) and keeps it on the line through later scans', () => {
    expect(['/9.5', '/95', '/8', '/0', '/10', '9.5', '/9.55', '/x'].map(parseDiscount)).toEqual([
      9.5, 9.5, 8, null, null, undefined, '折扣格式：/9.5 表示九五折，/8 表示八折，/0 取消折扣', '折扣格式：/9.5 表示九五折，/8 表示八折，/0 取消折扣',
    ]);
    const cart = addScanned(setDiscount(addScanned([], sku(1, 2)), 1, 9), sku(1, 2));
    expect(cart[0]).toMatchObject({ quantity: 2, discountRate: 9 });
  });

  it('a voucher (券) pays its face after the balance, at most what is left (no change for the rest of its face)', () => {
    const big = splitPayments({ payableFen: 3000, balanceFen: 1000, maxBalanceFen: 5000, payType: 1, tendered: '', voucher: { code: 'DY1', faceFen: 5000 } });
    expect(big).toMatchObject({ balanceFen: 1000, voucherFen: 2000, restFen: 0, changeFen: 0 });
    expect(big.payments).toEqual([{ payType: 5, amount: 10 }, { payType: 6, amount: 20, voucherCode: 'DY1' }]);
    const small = splitPayments({ payableFen: 3000, balanceFen: 0, maxBalanceFen: 0, payType: 3, tendered: '', voucher: { code: 'DY2', faceFen: 500 } });
    expect(small.payments).toEqual([{ payType: 6, amount: 5, voucherCode: 'DY2' }, { payType: 3, amount: 25 }]);
  });

  it('挂单 sends each line\'s 单品折扣 and 取单 puts it back on its line; a SKU stopped since stays out', () => {
    let cart = setDiscount(addScanned(addScanned([], sku(1, 12)), sku(2, 3)), 1, 8.5);
    cart = setQuantity(cart, 1, 2);
    expect(parkedLinesOf(cart)).toEqual([{ skuId: 1, quantity: 2, discountRate: 8.5 }, { skuId: 2, quantity: 1 }]);
    // takeOrderDet answers the lines with today's price and stock, the discount as parked (null: none) and the status.
    const answered = [
      { ...sku(1, 12.5), quantity: 2, discountRate: 8.5, status: 1 },
      { ...sku(2, 3), quantity: 1, discountRate: null, status: 1 },
      { ...sku(3, 5), quantity: 4, discountRate: 9, status: 0 },
    ];
    const { cart: back, dropped } = takenCart(answered);
    expect(back).toEqual([{ ...sku(1, 12.5), quantity: 2, discountRate: 8.5 }, { ...sku(2, 3), quantity: 1, discountRate: null }]);
    expect(dropped).toEqual(['商品3']);
    // Parked again as it came back: the same lines go to the server.
    expect(parkedLinesOf(back)).toEqual(parkedLinesOf(cart));
  });
});
