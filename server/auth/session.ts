import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import type { AuthContext } from '../context.ts';
import { verifyToken } from './tokens.ts';

/** Reads X-TENANT-ID; a missing or malformed header is refused before anything else. */
export function tenantFromHeader(req: FastifyRequest): number {
  const raw = req.headers['x-tenant-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return parseTenantId(value);
}

/** A tenant id as a header carries it (HTTP or the STOMP CONNECT frame). */
export function parseTenantId(value: string | undefined): number {
  if (value === undefined || value === '') throw new ApiError('BAD_REQUEST', '请求头 X-TENANT-ID 不能为空');
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new ApiError('BAD_REQUEST', '请求头 X-TENANT-ID 格式不正确');
  return Number(value);
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : '!malformed';
}

/** The cookie the browser keeps its session in (spec 000 §6); sent with <img> and <video> requests. */
export const TOKEN_COOKIE = 'Admin-Token';

export function cookieOf(req: FastifyRequest, name: string): string | undefined {
  const raw = req.headers.cookie;
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Verifies the token for the named tenant and loads the user's roles in that tenant. */
export async function authenticate(db: Database, req: FastifyRequest): Promise<AuthContext> {
  const token = bearerToken(req);
  if (!token) throw new ApiError('NO_TOKEN');
  return authenticateToken(db, token, tenantFromHeader(req));
}

/** The same check for a token and tenant that came another way (the STOMP CONNECT frame). */
export async function authenticateToken(db: Database, token: string, tenantId: number): Promise<AuthContext> {
  const session = await verifyToken(db, token, tenantId);
  const user = await db.tenant(session.tenantId, async (tx) => {
    const u = await tx.query<{ user_name: string; name: string | null; status: number; roles: string[] | null }>(
      `SELECT u.user_name, u.name, u.status,
              array(SELECT r.code FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.code) AS roles
         FROM sys_user u WHERE u.id = $1`,
      [session.userId],
    );
    return u.rows[0];
  });
  if (!user || user.status !== 1) throw new ApiError('TOKEN_REVOKED');
  const roles = user.roles ?? [];
  return { ...session, userName: user.user_name, displayName: user.name || user.user_name, roles, isAdmin: roles.includes('admin') };
}
