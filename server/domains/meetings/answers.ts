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

const none = { type: 'string', nullable: true, enum: [null] } as const;
const stamps = { createUserName: text, createTime: day, updateUserName: text, updateTime: day };

/** A stock line counted at a daily meeting (inventoryOf). */
const countedLine = row({
  id: int, skuId: int, skuCode: text, skuName: text, spec: text, unit: text, bookQuantity: amount, countedQuantity: amount, diffQuantity: amount,
  remark: text, countUserName: text, countTime: day,
});
const dailyFigures = { yesterday: day, yesterdayTarget: amount, yesterdayActual: amount, yesterdayReachRate: rate, todayTarget: amount };
const dailyPersonFigures = { userId: { type: 'integer', nullable: true }, yesterdayTarget: amount, yesterdayActual: amount, yesterdayOrders: int, yesterdayReachRate: rate, todayTarget: amount };

/** A daily meeting held (dailyMeetingById): its minutes, each seller's figures and goal as written then, its stock counts. */
const heldDaily = row({
  meetingId: int, shopId: int, shopName: text, meetingDate: day, hostName: text, summary: text, todayPlan: text, ...dailyFigures, ...stamps,
  detList: { type: 'array', items: row({ detId: int, userName: text, ...dailyPersonFigures, todayGoal: rate, remark: text }) },
  inventoryList: { type: 'array', items: countedLine },
});

/**
 * shop-daily-meeting/selectOnUpdate answers one of two shapes, told apart by `meetingId`: the meeting held that day
 * (as meeting/get would), or — not held yet — the form prefilled from the orders and targets (no minutes, no counts).
 */
export const dailyFormAnswer = envelopeSchema({
  oneOf: [
    heldDaily,
    row({
      meetingId: { type: 'integer', nullable: true, enum: [null] }, shopId: int, shopName: text, meetingDate: day, hasWarehouse: { type: 'boolean' }, ...dailyFigures,
      summary: none, todayPlan: none,
      detList: { type: 'array', items: row({ userName: { type: 'string' }, ...dailyPersonFigures, todayGoal: { type: 'number', nullable: true, enum: [null] }, remark: none }) },
      inventoryList: { type: 'array', maxItems: 0, items: countedLine },
    }),
  ],
});

/** meetingFindInventory: the shop warehouse's SKUs with their book quantity, to count. */
export const countableAnswer = envelopeSchema(row({
  whId: int,
  list: { type: 'array', items: row({ skuId: int, skuCode: text, skuName: text, barcode: text, spec: text, unit: text, bookQuantity: amount }) },
}));

const weekFigures = { shopId: int, shopName: text, weekYear: int, weekNum: int, weekStart: day, weekEnd: day, label: { type: 'string' }, weekTarget: amount, weekActual: amount, reachRate: rate };
const weekPerson = { userId: { type: 'integer', nullable: true }, weekTarget: amount, weekActual: amount, weekOrders: int, reachRate: rate };

/**
 * shop-weekly-meeting/selectOnInsert: a week's form prefilled from the orders and targets, each seller's next-week
 * target the suggestion; `meetingId` names the meeting already held that week (read it with get/{id}), else null.
 */
export const weeklyPrefillAnswer = envelopeSchema(row({
  meetingId: { type: 'integer', nullable: true }, ...weekFigures,
  detList: { type: 'array', items: row({ userName: { type: 'string' }, ...weekPerson, suggestedNextWeekTarget: amount, nextWeekTarget: amount, remark: none }) },
}));

/** shop-weekly-meeting/get/{id}: a weekly meeting held, its minutes and each seller's figures and next-week target as written. */
export const weeklyMeetingAnswer = envelopeSchema(row({
  meetingId: int, ...weekFigures, hostName: text, summary: text, nextWeekPlan: text, ...stamps,
  detList: { type: 'array', items: row({ detId: int, userName: text, ...weekPerson, nextWeekTarget: rate, remark: text }) },
}));
