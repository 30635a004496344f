import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../context.ts';
import { authenticateToken, parseTenantId } from '../auth/session.ts';
import { ApiError } from '../errors.ts';
import { startStompBroker } from './stompBroker.ts';

/** Where the browser connects (spec 000 §4). */
export const STOMP_PATH = '/wbskt';

/** Reads the token and tenant from the CONNECT headers (the same names the HTTP calls use). */
export function credentialsOf(headers: Record<string, string>): { token: string; tenantId: number } {
  const auth = headers.Authorization ?? headers.authorization ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(auth);
  const token = m?.[1] ?? headers.token ?? headers.access_token;
  if (!token) throw new ApiError('NO_TOKEN');
  return { token, tenantId: parseTenantId(headers['X-TENANT-ID'] ?? headers['x-tenant-id'] ?? headers.tenantId) };
}

/** Starts the STOMP endpoint on the app's HTTP server and stops it before the server closes. */
export const realtimePlugin = (services: AppServices) => async (app: FastifyInstance) => {
  const broker = startStompBroker({
    server: app.server,
    db: services.db,
    path: STOMP_PATH,
    heartbeatMs: services.config.stompHeartbeatMs,
    log: app.log,
    authenticate: async (headers) => {
      const { token, tenantId } = credentialsOf(headers);
      const auth = await authenticateToken(services.db, token, tenantId);
      return { tenantId: auth.tenantId, userId: auth.userId, userName: auth.userName, tokenHash: auth.tokenHash };
    },
  });
  app.metrics.countStompSessions(() => broker.connectionCount());
  // Before the HTTP server closes: open sockets would otherwise keep it waiting.
  app.addHook('preClose', async () => broker.close());
};
