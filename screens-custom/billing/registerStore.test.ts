import { describe, expect, it } from 'vitest';
import type { ScannedSku } from './cart';
import type { RegisterMember } from './MemberBox';
import type { SettledOrder } from './receipt';
import { currentLine, emptyPay, emptyRegister, reducePay, reduceRegister, safeToUpdate, type AbleCoupon, type RegisterAction, type RegisterState } from './registerStore';

const sku = (skuId: number, retailPrice = 1): ScannedSku => ({ skuId, skuCode: `K${skuId}`, skuName: `商品${skuId}`, barcode: null, spec: null, unit: '个', retailPrice, available: 10 });
const member: RegisterMember = { memberId: 7, phoneNumber: '13800000000', memberName: '张三', memberLevel: 1, points: 0, balance: 50 };
const order = { orderId: 1, orderNo: 'S1' } as SettledOrder;
const run = (actions: RegisterAction[], from: RegisterState = emptyRegister('u1')) => actions.reduce(reduceRegister, from);
const lines = (s: RegisterState) => s.cart.map((l) => [l.skuId, l.quantity]);

describe('the register store', () => {
  it('a new version is taken only when nothing of a sale is on the register: an empty cart, no dialog, no sale awaiting 下一单, nothing being sent', () => {
    expect(safeToUpdate(emptyRegister('u'))).toBe(true);
    const selling = run([{ type: 'scanShown', sku: sku(1) }]);
    expect(safeToUpdate(selling)).toBe(false);
    expect(safeToUpdate(run([{ type: 'open', dialog: 'pay' }], selling))).toBe(false);
    // Paid (or kept offline): the receipt may still be printed; 下一单 empties the register and makes it safe.
    const paid = run([{ type: 'settled', order }], selling);
    expect(safeToUpdate(paid)).toBe(false);
    expect(safeToUpdate(run([{ type: 'savedOffline' }], selling))).toBe(false);
    expect(safeToUpdate(run([{ type: 'nextSale', uuid: 'u2' }], paid))).toBe(true);
    // 挂单 empties the cart (the server keeps the parked one); the last line removed by hand does too.
    expect(safeToUpdate(run([{ type: 'remove', skuId: 1 }], selling))).toBe(true);
    expect(safeToUpdate(run([{ type: 'open', dialog: 'refund' }]))).toBe(false);
    // 交班 with the counted cash being typed: an update (a reload) waits until the dialog closes.
    expect(safeToUpdate(run([{ type: 'open', dialog: 'handOver' }]))).toBe(false);
    expect(safeToUpdate(run([{ type: 'open', dialog: 'handOver' }, { type: 'close', dialog: 'handOver' }]))).toBe(true);
    expect(safeToUpdate(run([{ type: 'sending', sending: true }]))).toBe(false);
  });

  it('a scan adds a line (a second scan one more) and chooses it; the server\'s answer confirms a shown line or adds an unknown one', () => {
    let s = run([{ type: 'scanError', message: '旧的错误' }, { type: 'scanShown', sku: sku(1) }, { type: 'scanShown', sku: sku(2) }, { type: 'scanShown', sku: sku(1) }]);
    expect(lines(s)).toEqual([[1, 2], [2, 1]]);
    expect(s).toMatchObject({ selected: 1, scanError: null });
    // The server names the shown line at its own price; the quantity stays.
    s = run([{ type: 'scanAnswered', sku: { ...sku(1), retailPrice: 2 }, shopName: '一号店', shownSkuId: 1 }], s);
    expect(s.cart[0]).toMatchObject({ skuId: 1, quantity: 2, retailPrice: 2 });
    s = run([{ type: 'scanAnswered', sku: sku(3), shopName: '一号店' }], s);
    expect(lines(s)).toEqual([[1, 2], [2, 1], [3, 1]]);
    expect(s).toMatchObject({ selected: 3, shopName: '一号店' });
  });

  it('a refused scan takes back the unit shown from the catalogue and says why; an unknown code leaves the cart alone', () => {
    const s = run([{ type: 'scanShown', sku: sku(1) }, { type: 'scanShown', sku: sku(1) }, { type: 'scanFailed', message: '已停用', undoSkuId: 1 }]);
    expect(lines(s)).toEqual([[1, 1]]);
    expect(s.scanError).toBe('已停用');
    expect(lines(run([{ type: 'scanFailed', message: '未知条码' }], s))).toEqual([[1, 1]]);
  });

  it('changes the quantity of a line (whole, 1..9999) and of the chosen line with +/-', () => {
    let s = run([{ type: 'scanShown', sku: sku(1) }, { type: 'scanShown', sku: sku(2) }, { type: 'quantity', skuId: 1, quantity: 5 }]);
    expect(lines(s)).toEqual([[1, 5], [2, 1]]);
    s = run([{ type: 'step', by: 1 }, { type: 'step', by: 1 }, { type: 'move', by: -1 }, { type: 'step', by: -1 }, { type: 'quantity', skuId: 2, quantity: 0 }], s);
    expect(lines(s)).toEqual([[1, 4], [2, 1]]);
    expect(run([{ type: 'step', by: 1 }], emptyRegister('u'))).toEqual(emptyRegister('u'));
  });

  it('removes a line: the trash button leaves the choice, Delete chooses the next line (else the one before)', () => {
    const three = run([1, 2, 3].map((id) => ({ type: 'scanShown', sku: sku(id) }) as RegisterAction));
    const chosen2 = run([{ type: 'move', by: -1 }], three);
    expect(currentLine(chosen2)?.skuId).toBe(2);
    const deleted = run([{ type: 'removeCurrent' }], chosen2);
    expect(lines(deleted)).toEqual([[1, 1], [3, 1]]);
    expect(currentLine(deleted)?.skuId).toBe(3);
    expect(currentLine(run([{ type: 'removeCurrent' }], deleted))?.skuId).toBe(1);
    const trashed = run([{ type: 'remove', skuId: 1 }], chosen2);
    expect(lines(trashed)).toEqual([[2, 1], [3, 1]]);
    expect(trashed.selected).toBe(2);
    // The arrows stop at the ends.
    expect(run([{ type: 'move', by: 1 }], three).selected).toBe(3);
  });

  it('gives a line the cashier\'s discount and takes it off', () => {
    const s = run([{ type: 'scanShown', sku: sku(1) }, { type: 'discount', skuId: 1, rate: 9.5 }]);
    expect(s.cart[0].discountRate).toBe(9.5);
    expect(run([{ type: 'discount', skuId: 1, rate: null }], s).cart[0].discountRate).toBeNull();
  });

  it('attaches a member, keeps a recharge\'s new balance, and 取单 brings back the parked lines, member and what was left out', () => {
    let s = run([{ type: 'member', member }, { type: 'recharged', balance: 150 }]);
    expect(s.member).toEqual({ ...member, balance: 150 });
    expect(run([{ type: 'recharged', balance: 1 }]).member).toBeNull();
    s = run([{ type: 'taken', cart: [{ ...sku(4), quantity: 3, discountRate: 8 }], member: null, message: '旧款 已停用' }], s);
    expect(s).toMatchObject({ member: null, scanError: '旧款 已停用' });
    expect(lines(s)).toEqual([[4, 3]]);
  });

  it('挂单 and a settled sale clear the register for the next customer under a new uuid', () => {
    const selling = run([{ type: 'scanShown', sku: sku(1) }, { type: 'member', member }]);
    // 挂单: the page dispatches nextSale once the server has kept the cart.
    expect(run([{ type: 'nextSale', uuid: 'u2' }], selling)).toMatchObject({ cart: [], member: null, selected: null, uuid: 'u2' });
    const settled = run([{ type: 'open', dialog: 'pay' }, { type: 'settled', order }], selling);
    expect(settled).toMatchObject({ settled: order, dialog: null, uuid: 'u1' });
    // Settled: no second payment, no more scans until 下一单.
    expect(run([{ type: 'open', dialog: 'pay' }], settled).dialog).toBeNull();
    expect(run([{ type: 'nextSale', uuid: 'u2' }], settled)).toMatchObject({ settled: null, cart: [], member: null, uuid: 'u2', scanError: null });
  });

  it('a refused settlement keeps the sale: the cart, member and uuid stay (a retry is the same sale) until paid', () => {
    const selling = run([{ type: 'scanShown', sku: sku(1) }, { type: 'member', member }, { type: 'open', dialog: 'pay' }]);
    expect(selling.dialog).toBe('pay');
    // The refusal shows in the pay dialog; the cashier closes it and the register holds the same sale.
    const closed = run([{ type: 'close', dialog: 'pay' }], selling);
    expect(closed).toMatchObject({ dialog: null, member, uuid: 'u1', settled: null });
    expect(lines(closed)).toEqual([[1, 1]]);
    // Kept offline is like settled: the cart waits for 下一单.
    expect(run([{ type: 'open', dialog: 'pay' }, { type: 'savedOffline' }], closed)).toMatchObject({ savedOffline: true, dialog: null, uuid: 'u1' });
  });

  it('退款 opens over an empty or a settled register, where pay does not, and closing it keeps the settled sale', () => {
    expect(run([{ type: 'open', dialog: 'refund' }]).dialog).toBe('refund');
    const settled = run([{ type: 'scanShown', sku: sku(1) }, { type: 'open', dialog: 'pay' }, { type: 'settled', order }]);
    const refunding = run([{ type: 'open', dialog: 'refund' }], settled);
    expect(refunding).toMatchObject({ dialog: 'refund', settled: order });
    expect(run([{ type: 'close', dialog: 'refund' }], refunding)).toMatchObject({ dialog: null, settled: order, uuid: 'u1' });
  });

  it('opens the pay dialog only for a cart with lines; closing one dialog leaves another open', () => {
    expect(run([{ type: 'open', dialog: 'pay' }]).dialog).toBeNull();
    const parked = run([{ type: 'open', dialog: 'parked' }]);
    expect(run([{ type: 'close', dialog: 'pay' }], parked).dialog).toBe('parked');
    expect(run([{ type: 'close', dialog: 'parked' }], parked).dialog).toBeNull();
  });
});

describe('the pay dialog\'s choices', () => {
  const coupon: AbleCoupon = { memberCouponId: 3, couponName: '满50减5', couponCode: '123456789012', endDate: '2026-12-31', usable: true, reason: null, discountAmount: 5 };

  it('one coupon at a time: a paper coupon replaces the chosen one and choosing one drops the paper coupon', () => {
    let s = reducePay(emptyPay, { type: 'coupon', couponId: '9' });
    s = reducePay(s, { type: 'paperChecked', coupon });
    expect(s).toMatchObject({ couponId: null, paper: coupon });
    expect(reducePay(s, { type: 'coupon', couponId: '9' })).toMatchObject({ couponId: '9', paper: null });
  });

  it('keeps only digits of a paper code and only a voucher code\'s letters, digits and dashes; a new voucher code pays nothing until looked up', () => {
    expect(reducePay(emptyPay, { type: 'paperCode', text: '1234 5678-9012' }).paperCode).toBe('123456789012');
    let s = reducePay(emptyPay, { type: 'voucherCode', text: 'MT-12 34' });
    s = reducePay(s, { type: 'voucherFace', amount: 20 });
    expect(s).toMatchObject({ voucherCode: 'MT-1234', voucherFace: 20 });
    expect(reducePay(s, { type: 'voucherCode', text: 'MT-1235' }).voucherFace).toBe('');
  });

  it('closing the dialog forgets every choice', () => {
    const s = [{ type: 'balance', amount: 10 }, { type: 'payType', payType: '3' }, { type: 'tendered', amount: 100 }, { type: 'paperChecked', coupon }] as const;
    expect(reducePay(s.reduce(reducePay, emptyPay), { type: 'reset' })).toEqual(emptyPay);
  });
});
