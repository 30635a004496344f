import { envelopeSchema, pageSchema } from '../../http/envelope.ts';

/**
 * What the meeting lists and saves answer: response schemas, so the answers are serialized by them and the browser's
 * types come from the API contract (src/api/contract.d.ts) instead of a copy. The keys are the lists' SQL columns.
 */
const text = { type: 'string', nullable: true } as const;
const int = { type: 'integer' } as const;
const amount = { type: 'number' } as const;
const day = { type: 'string' } as const;

const row = (properties: Record<string, object>) => ({ type: 'object', required: Object.keys(properties), properties });
const common = { meetingId: int, shopId: int, shopName: text, hostName: text, createUserName: text, createTime: day };

export const dailyPageAnswer = envelopeSchema(pageSchema(row({
  ...common, meetingDate: day, summary: text, yesterdayTarget: amount, yesterdayActual: amount, todayTarget: amount, inventoryCount: int,
})));

export const weeklyPageAnswer = envelopeSchema(pageSchema(row({
  ...common, weekYear: int, weekNum: int, weekStart: day, weekEnd: day, summary: text, weekTarget: amount, weekActual: amount,
})));

export const shopMeetingPageAnswer = envelopeSchema(pageSchema(row({
  ...common, meetingDate: day, meetingType: int, title: { type: 'string' }, attendees: text, monthTarget: amount, monthActual: amount,
})));

/** A meeting held: its id. */
export const savedAnswer = envelopeSchema(row({ meetingId: int }));

const rate = { type: 'number', nullable: true } as const;

/** query/sale, display/actual's shop figures: the day's and the month's target and sales (shopSales). */
export const shopSalesSchema = row({
  shopId: int, shopName: text, date: day, month: day,
  dayTarget: amount, dayActual: amount, dayReachRate: rate, monthTarget: amount, monthActual: amount, monthReachRate: rate,
  monthToDateTarget: amount, monthToDateActual: amount, monthToDateReachRate: rate, timeProgress: amount,
  level: { type: 'string', nullable: true, enum: ['good', 'normal', 'warn', null] },
});

/** query/user-day-target: each seller's day and month (userDayTargets); a sale without a cashier has no user. */
export const userDayTargetsAnswer = envelopeSchema({
  type: 'array',
  items: row({ userId: { type: 'integer', nullable: true }, userName: { type: 'string' }, dayTarget: amount, dayActual: amount, dayReachRate: rate, monthTarget: amount, monthActual: amount, monthReachRate: rate }),
});

/** query/init: what a new 店会 starts from (initShopMeeting). */
export const shopMeetingInitAnswer = envelopeSchema(row({
  shopId: int, shopName: text, meetingDate: day,
  meetingTypes: { type: 'array', items: row({ value: int, label: { type: 'string' } }) },
  attendees: { type: 'string' },
  persons: { type: 'array', items: row({ userId: int, userName: { type: 'string' }, monthTarget: amount }) },
}));
