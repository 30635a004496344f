import { proxy } from 'valtio';

/**
 * Whether the notice socket is live: 'subscribed' once the server confirmed the user queues (by
 * receipt), so a notice sent from then on reaches this page. Owned by noticeSocket.ts.
 */
export const socketStatus = proxy<{ state: 'idle' | 'connecting' | 'subscribed' | 'stopped' }>({ state: 'idle' });
