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
