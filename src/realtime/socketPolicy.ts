/**
 * The real-time socket's constants (spec 000 §4, §9) and its give-up rule, pure so it is tested alone.
 */
export const SOCKET = {
  path: '/wbskt/',
  heartbeatMs: 5000,
  /** Wait after a close before the next attempt. */
  reconnectDelayMs: 5000,
  /** Wait after login before the first connection (the page settles first). */
  startDelayMs: 500,
  /** The close loop stops beyond this many closes... */
  maxCloseAttempts: 300,
  /** ...or beyond this many sockets opened without one being accepted. */
  maxSockets: 50,
} as const;

/** The user queues the browser subscribes after login. */
export const USER_QUEUES = [
  'pay/user-message',
  'class/reocrd/user-message',
  'version-message',
  'user-message',
  'pettycash/user-message',
  'grant/attend',
  'grant/order',
] as const;

export type UserQueue = (typeof USER_QUEUES)[number];

export const queueDestination = (queue: UserQueue) => `/user/queue/${queue}`;

export function queueOf(destination: string): UserQueue | null {
  const q = destination.replace(/^\/user\/queue\//, '');
  return (USER_QUEUES as readonly string[]).includes(q) ? (q as UserQueue) : null;
}

/** Failures counted since the last accepted connection. */
export interface RetryCount {
  closes: number;
  sockets: number;
}

/** Whether to keep reconnecting after a close (counts include the socket that just closed). */
export function mayReconnect(count: RetryCount): boolean {
  return count.closes <= SOCKET.maxCloseAttempts && count.sockets <= SOCKET.maxSockets;
}

/** The server refused the session (47xx): retrying with the same token cannot succeed. */
export const isSessionRefusal = (code: string | undefined) => !!code && code.startsWith('47');

export function socketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET.path}`;
}
