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

const person = row({ userId: { type: 'integer', nullable: true }, userName: { type: 'string' }, targetAmount: amount, actualAmount: amount, reachRate: rate, orderCount: int });

/** reach/info: a shop's month — target, net sales, reach, time progress and the same per seller (reachInfo). */
export const reachInfoAnswer = envelopeSchema(row({
  shopId: int, shopName: text, targetMoonTime: { type: 'string' }, targetId: { type: 'integer', nullable: true },
  targetAmount: amount, actualAmount: amount, soldAmount: amount, refundAmount: amount, orderCount: int, reachRate: rate, gapAmount: amount,
  daysInMonth: int, daysElapsed: int, timeProgress: amount,
  level: { type: 'string', nullable: true, enum: ['good', 'normal', 'warn', null] },
  users: { type: 'array', items: person },
}));

const reached = {
  actualAmount: amount, reachRate: rate,
  userTargets: { type: 'array', items: row({ userId: int, userName: { type: 'string' }, targetAmount: amount, actualAmount: amount, reachRate: rate }) },
};

/**
 * detail/{shopId}/{targetMoonTime} answers one of two shapes, told apart by `exists`: the month's target as saved (who
 * wrote it and when), or — not set yet — the shop's empty target (no id, amount 0) to start one from.
 */
export const targetDetailAnswer = envelopeSchema({
  oneOf: [
    row({
      exists: { type: 'boolean', enum: [true] }, targetId: int, shopId: int, shopName: text, targetMoonTime: { type: 'string' }, targetAmount: amount, remark: text,
      createUserName: text, createTime: { type: 'string' }, updateUserName: text, updateTime: { type: 'string' }, ...reached,
    }),
    row({
      exists: { type: 'boolean', enum: [false] }, targetId: { type: 'integer', nullable: true, enum: [null] }, shopId: int, shopName: text, targetMoonTime: { type: 'string' },
      targetAmount: amount, remark: { type: 'string', nullable: true, enum: [null] }, ...reached,
    }),
  ],
});

/** report-config/get: the reach thresholds and weekend weight, with who saved them last (null: the defaults). */
export const reportConfigAnswer = envelopeSchema(row({ warnRate: amount, goodRate: amount, weekendWeight: amount, updateUserName: text, updateTime: text }));

/** shop-user-performance-target/refresh: how many month targets and days were split again, and when. */
export const refreshAnswer = envelopeSchema(row({ targets: int, days: int, refreshTime: { type: 'string' } }));
