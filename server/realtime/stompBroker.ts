import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import type { Database } from '../db/index.ts';
import { routeUpgrade } from '../http/upgrades.ts';
import { NOTICE_CHANNEL } from '../messages/queues.ts';
import { TOKEN_REVOKED_CHANNEL } from '../auth/tokens.ts';
import { ApiError } from '../errors.ts';
import { noticesByIds, type NoticeEvent } from '../messages/messageService.ts';
import { StompConnection, type StompUser } from './stompConnection.ts';

export interface StompBrokerOptions {
  server: Server;
  db: Database;
  /** URL path of the endpoint (spec: /wbskt/). */
  path: string;
  heartbeatMs: number;
  authenticate(headers: Record<string, string>): Promise<StompUser>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface StompBroker {
  /** Resolves once the broker hears the NOTIFY channel (the database may still be opening at start). */
  listening: Promise<void>;
  /** Connected (authenticated) sockets. */
  connectionCount(): number;
  close(): Promise<void>;
}

const userKey = (tenantId: number, userId: number) => `${tenantId}:${userId}`;

/**
 * The STOMP endpoint: accepts WebSocket upgrades on `path`, keeps the authenticated connections by
 * tenant and user, and pushes every notice that arrives on the NOTIFY channel to its recipient's
 * sockets in this process. Every notice comes through PostgreSQL, also those raised here, so one
 * process or many behave alike.
 */
export function startStompBroker(opts: StompBrokerOptions): StompBroker {
  const byUser = new Map<string, Set<StompConnection>>();
  const all = new Set<StompConnection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  const unroute = routeUpgrade(opts.server, opts.path, (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = new StompConnection(ws, {
        heartbeatMs: opts.heartbeatMs,
        connectTimeoutMs: Math.max(opts.heartbeatMs * 2, 10_000),
        maxBufferedBytes: 4 * 1024 * 1024,
        // No socket is CONNECTED before the channel is heard, so none misses a notice at start-up.
        authenticate: async (headers) => {
          await unlistening;
          return opts.authenticate(headers);
        },
        log: opts.log,
        onConnected: (c) => {
          const key = userKey(c.user!.tenantId, c.user!.userId);
          let set = byUser.get(key);
          if (!set) byUser.set(key, (set = new Set()));
          set.add(c);
        },
        onClosed: (c) => {
          all.delete(c);
          const key = userKey(c.user!.tenantId, c.user!.userId);
          const set = byUser.get(key);
          set?.delete(c);
          if (set?.size === 0) byUser.delete(key);
        },
      });
      all.add(conn);
      ws.once('close', () => all.delete(conn));
    });
  });

  // Notices heard in one turn of the event loop are read together (one statement per tenant, for the recipients
  // connected here only) and delivered in the order heard; one batch at a time, so a user's notices keep their order.
  let heard: NoticeEvent[] = [];
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void deliverHeard());
  };
  const deliverHeard = async () => {
    try {
      while (heard.length) {
        const batch = heard;
        heard = [];
        for (const tenantId of new Set(batch.map((e) => e.tenantId))) {
          const events = batch.filter((e) => e.tenantId === tenantId);
          try {
            const notices = new Map(
              (await noticesByIds((sql, params) => opts.db.tenantStatement(tenantId, sql, params), events.map((e) => e.id))).map((n) => [n.id, JSON.stringify(n)]),
            );
            for (const e of events) {
              const body = notices.get(e.id);
              if (body) for (const c of byUser.get(userKey(e.tenantId, e.userId)) ?? []) c.deliver(e.queue, body);
            }
          } catch (err) {
            opts.log.error({ err, tenantId }, 'notices not delivered: reading them failed');
          }
        }
      }
    } finally {
      scheduled = false;
      if (heard.length) schedule();
    }
  };
  const unlistening = opts.db.listen(NOTICE_CHANNEL, (payload) => {
    let event: NoticeEvent;
    try {
      event = JSON.parse(payload) as NoticeEvent;
    } catch (err) {
      return opts.log.error({ err }, 'unreadable notice on the NOTIFY channel');
    }
    if (!byUser.has(userKey(event.tenantId, event.userId))) return;
    heard.push(event);
    schedule();
  });

  // A revoked token (logout, password change, user disabled) closes the sockets opened with it at once,
  // in every process, instead of letting them receive notices until they next reconnect.
  const revoked = new ApiError('TOKEN_REVOKED');
  const unlisteningRevoked = opts.db.listen(TOKEN_REVOKED_CHANNEL, (tokenHash) => {
    for (const c of [...all]) if (c.user?.tokenHash === tokenHash) c.revoke(revoked.message, String(revoked.code));
  });

  // A failed open is reported by start-up; here it only must not be an unhandled rejection.
  unlistening.catch(() => undefined);
  unlisteningRevoked.catch(() => undefined);
  const listening = Promise.all([unlistening, unlisteningRevoked]).then(() => undefined);
  listening.catch(() => undefined);

  return {
    listening,
    connectionCount: () => [...byUser.values()].reduce((n, s) => n + s.size, 0),
    async close() {
      unroute();
      await unlistening.then((unlisten) => unlisten(), () => undefined);
      await unlisteningRevoked.then((unlisten) => unlisten(), () => undefined);
      for (const c of [...all]) c.shutdown();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
