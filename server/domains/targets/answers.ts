import { envelopeSchema, pageSchema } from '../../http/envelope.ts';

/**
 * What the target list and the daily reach answer: response schemas, so the answers are serialized by them and the
 * browser's types come from the API contract (src/api/contract.d.ts) instead of a copy.
 */
const text = { type: 'string', nullable: true } as const;
const int = { type: 'integer' } as const;
const amount = { type: 'number' } as const;
const rate = { type: 'number', nullable: true } as const;
const row = (properties: Record<string, object>) => ({ type: 'object', required: Object.keys(properties), properties });

/** shop-performance-target/list: a month's target per shop with its net sales (the list's SQL columns plus the sales). */
export const targetPageAnswer = envelopeSchema(pageSchema(row({
  targetId: int, shopId: int, shopName: text, targetMoonTime: { type: 'string' }, targetAmount: amount, remark: text, userCount: int,
  createUserName: text, createTime: { type: 'string' }, updateUserName: text, updateTime: { type: 'string' }, actualAmount: amount, reachRate: rate,
})));

/** reach/list-day: each day of the month, its target and sales and the running totals (reachByDay). */
export const reachDaysAnswer = envelopeSchema({
  type: 'array',
  items: row({
    date: { type: 'string' }, weekend: { type: 'boolean' }, targetAmount: amount, actualAmount: amount, refundAmount: amount, orderCount: amount,
    reachRate: rate, cumulativeTarget: amount, cumulativeActual: amount, cumulativeReachRate: rate,
  }),
});
