import { describe, expect, it } from 'vitest';
import { couponDiscountFen, couponRefusal, type MemberCoupon } from './coupons.ts';

const coupon = (over: Partial<MemberCoupon> = {}): MemberCoupon => ({
  memberCouponId: 1, couponCode: '123456789012', couponName: '满30减10', couponKind: 1, faceFen: 1000, thresholdFen: 3000,
  beginDate: '2026-11-01', endDate: '2026-11-30', shopId: null, shopName: null, memberId: 7, status: 1, ...over,
});
const use = { totalFen: 3000, shopId: 3, memberId: 7, today: '2026-11-25' };

describe('couponRefusal', () => {
  it('takes a coupon of the member, in its dates, at its shop, from its threshold', () => {
    expect(couponRefusal(coupon(), use)).toBeNull();
    expect(couponRefusal(coupon(), { ...use, totalFen: 2999 })).toBe('未满 30.00 元，不能使用该优惠券');
    expect(couponRefusal(coupon({ status: 2 }), use)).toBe('优惠券已被使用');
    expect(couponRefusal(coupon(), { ...use, memberId: 8 })).toBe('该优惠券不属于本单会员');
    expect(couponRefusal(coupon({ couponKind: 2 }), { ...use, memberId: null })).toBeNull();
    expect(couponRefusal(coupon(), { ...use, today: '2026-12-01' })).toBe('优惠券已于 2026-11-30 过期');
    expect(couponRefusal(coupon(), { ...use, today: '2026-10-31' })).toBe('优惠券 2026-11-01 起才能使用');
    expect(couponRefusal(coupon({ shopId: 4, shopName: '上海徐汇店' }), use)).toBe('优惠券仅限上海徐汇店使用');
  });
  it('never takes off more than the cart', () => {
    expect(couponDiscountFen(coupon({ thresholdFen: 0 }), 600)).toBe(600);
    expect(couponDiscountFen(coupon(), 3000)).toBe(1000);
  });
});
