import { Client, TickerStrategy, type IMessage } from '@stomp/stompjs';
import type { Notice } from '../api/messages';
import { recordSocketLog } from '../localLog/logWriter';
import { socketStatus } from './socketStatus';
import { SOCKET, USER_QUEUES, isSessionRefusal, mayReconnect, queueDestination, socketUrl, type RetryCount, type UserQueue } from './socketPolicy';

export interface NoticeSocketOptions {
  token: string;
  tenantId: string;
  onNotice(queue: UserQueue, notice: Notice): void;
  /** The server refused or revoked the session (ERROR 47xx: logout, password change, user disabled); the socket has stopped. */
  onSessionRefused?(): void;
}

/**
 * The STOMP connection of a logged-in page (spec 000 §4): starts 500 ms after login, subscribes the
 * seven user queues, heart-beats 5 s both ways, reconnects 5 s after a close, and gives up beyond
 * 300 closes or 50 sockets without an accepted connection, or at once when the server refuses the
 * session. Every socket event goes to the local socket log. Returns the stop function.
 */
export function startNoticeSocket(opts: NoticeSocketOptions): () => void {
  const count: RetryCount = { closes: 0, sockets: 0 };
  let stopped = false;
  const log = (event: string, detail?: string, destination?: string) => recordSocketLog({ event, detail, destination });

  const client = new Client({
    webSocketFactory: () => {
      count.sockets += 1;
      return new WebSocket(socketUrl(window.location));
    },
    connectHeaders: { Authorization: `Bearer ${opts.token}`, 'X-TENANT-ID': opts.tenantId },
    heartbeatIncoming: SOCKET.heartbeatMs,
    heartbeatOutgoing: SOCKET.heartbeatMs,
    // A worker ticks on time in a background tab, where timers are throttled and beats would be late.
    heartbeatStrategy: typeof Worker === 'undefined' ? TickerStrategy.Interval : TickerStrategy.Worker,
    reconnectDelay: SOCKET.reconnectDelayMs,
    onConnect: () => {
      count.closes = 0;
      count.sockets = 0;
      log('connect');
      const receipt = `subscribed-${Date.now()}`;
      client.watchForReceipt(receipt, () => void (socketStatus.state = 'subscribed'));
      for (const [i, queue] of USER_QUEUES.entries()) {
        const last = i === USER_QUEUES.length - 1;
        client.subscribe(queueDestination(queue), (message: IMessage) => {
          log('message', message.body, queueDestination(queue));
          let notice: Notice;
          try {
            notice = JSON.parse(message.body) as Notice;
          } catch {
            return log('error', 'unreadable notice body', queueDestination(queue));
          }
          opts.onNotice(queue, notice);
        }, last ? { receipt } : {});
      }
    },
    onStompError: (frame) => {
      log('error', `${frame.headers.code ?? ''} ${frame.headers.message ?? ''}`.trim());
      if (isSessionRefusal(frame.headers.code)) {
        stop();
        opts.onSessionRefused?.();
      }
    },
    onWebSocketClose: (event: CloseEvent) => {
      count.closes += 1;
      if (!stopped) socketStatus.state = 'connecting';
      log('disconnect', `code ${event.code}`);
      if (!stopped && !mayReconnect(count)) {
        log('give-up', `closes ${count.closes}, sockets ${count.sockets}`);
        stop();
      }
    },
  });

  socketStatus.state = 'connecting';
  const timer = window.setTimeout(() => client.activate(), SOCKET.startDelayMs);
  function stop() {
    if (stopped) return;
    stopped = true;
    socketStatus.state = 'stopped';
    window.clearTimeout(timer);
    void client.deactivate();
  }
  return stop;
}
