/** The sale's payment methods (支付方式), the same numbers in the register, the server and the stored payments. */
export const PAY_TYPES: Readonly<Record<number, string>> = { 1: '现金', 2: '银行卡', 3: '微信', 4: '支付宝', 5: '余额', 6: '券' };
/** 现金: the only method that gives change. */
export const CASH = 1;
/** 余额: the member's stored value (会员余额), taken by every shop of the chain, so not one of the shop's configured methods. */
export const BALANCE = 5;
/** 券: a platform voucher (po-voucher) written off by the sale; pays at most its face amount, never gives change. */
export const VOUCHER = 6;
