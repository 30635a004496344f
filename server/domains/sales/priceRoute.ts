import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import { idField } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { cartLines } from './cartSchema.ts';
import { quoteCart } from './cart.ts';
import { toYuan } from '../../../core/money.ts';
import { quoteOf } from '../../../core/pricing/quote.ts';

/**
 * 价格试算 (wxy-order-server order/price): what the register shows before it settles — each line at the server's
 * price with the promotion that applies to it, the gift lines of 买赠, the 满减, the coupon and what is left to
 * pay. The same computation settlement makes (quoteCart), without writing or locking anything.
 */

export interface PriceInput {
  shopId: number;
  lines: { skuId: number; quantity: number; price?: number; discountRate?: number | null }[];
  memberId?: number | null;
  memberCouponId?: number | null;
}

export const priceRoutes = async (app: FastifyInstance) => {
  app.post<{ Body: PriceInput }>('/order/price', {
    config: { perm: 'order:retail:sell' },
    schema: {
      tags: ['wxy-order-server'],
      summary: '价格试算：服务端定价、本店生效的促销（特价、折扣、买赠赠品行、满减）、优惠券后的应付金额；不写入任何数据',
      body: {
        type: 'object', required: ['shopId', 'lines'], additionalProperties: false,
        properties: { shopId: idField('门店'), lines: cartLines, memberId: { ...idField('会员'), type: ['integer', 'null'] }, memberCouponId: { ...idField('优惠券'), type: ['integer', 'null'] } },
      },
    },
  }, async (req) => {
    const q = await req.tenantTx((tx) => quoteCart(tx, req.auth!, req.body, false)).catch(asCallerError);
    return ok({
      ...quoteOf(q.promo, (skuId) => q.skus.get(skuId)?.skuName ?? ''),
      couponAmount: toYuan(q.couponFen),
      payableAmount: toYuan(q.payableFen),
    });
  });
};
