/**
 * The user queues of spec 000 §4. A notice is pushed to `/user/queue/<queue>` of its recipient only;
 * the spelling (class/reocrd) is the spec's and the browser's.
 */
export const NOTICE_QUEUES = [
  'pay/user-message',
  'class/reocrd/user-message',
  'version-message',
  'user-message',
  'pettycash/user-message',
  'grant/attend',
  'grant/order',
] as const;

export type NoticeQueue = (typeof NOTICE_QUEUES)[number];

export const USER_QUEUE_PREFIX = '/user/queue/';

/** `/user/queue/user-message` -> `user-message`; null for anything that is not one of the queues. */
export function queueOfDestination(destination: string): NoticeQueue | null {
  if (!destination.startsWith(USER_QUEUE_PREFIX)) return null;
  const queue = destination.slice(USER_QUEUE_PREFIX.length);
  return (NOTICE_QUEUES as readonly string[]).includes(queue) ? (queue as NoticeQueue) : null;
}

/** The PostgreSQL NOTIFY channel every server process listens on for notices to push. */
export const NOTICE_CHANNEL = 'wxy_notice';

/** businessType of a version notice: it leads to the version log (spec 000 §2, type 12). */
export const VERSION_BUSINESS_TYPE = 12;
