import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import type { AuthContext } from '../context.ts';
import { FIELD_PERMISSION_NAMES } from '../permissions.ts';
import { sessionOf, TOKEN_COLUMNS, tokenHashOf, type TokenRow } from './tokens.ts';

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

/**
 * Verifies the token for the named tenant and loads the user's roles in that tenant. With `perm`, a non-admin
 * caller must also hold it (a menu or button their roles grant, by permission string or path): checked in the
 * same statement, since every guarded call pays for it (one transaction and one indexed EXISTS instead of a
 * second transaction loading every grant).
 */
export async function authenticate(db: Database, req: FastifyRequest, perm?: string): Promise<AuthContext> {
  const token = bearerToken(req);
  if (!token) throw new ApiError('NO_TOKEN');
  return authenticateToken(db, token, tenantFromHeader(req), perm);
}

/**
 * The same check for a token and tenant that came another way (the STOMP CONNECT frame). Token and user are
 * read by one statement in the named tenant's transaction (oauth_token has no tenant policy; sys_user shows
 * only that tenant's rows), since every call pays for it.
 */
export async function authenticateToken(db: Database, token: string, tenantId: number, perm?: string): Promise<AuthContext> {
  const hash = tokenHashOf(token);
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new ApiError('TOKEN_TENANT_MISMATCH');
  // One round trip on a PostgreSQL server (tenantStatement): every guarded call pays for this check.
  const r = await db.tenantStatement<TokenRow & { user_name: string | null; name: string | null; status: number | null; roles: string[] | null; granted: boolean | null; shops: number[] | null; field_perms: string[] | null }>(
    tenantId,
    `SELECT ${TOKEN_COLUMNS}, u.user_name, u.name, u.status,
            array(SELECT r.code FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.code) AS roles,
            app_caller_shops(u.id, t.shop_id) AS shops,
            array(SELECT DISTINCT f.name FROM sys_role_field_permission f JOIN sys_user_role ur ON ur.role_id = f.role_id WHERE ur.user_id = u.id ORDER BY f.name) AS field_perms,
            $2::text IS NOT NULL AND EXISTS (
              SELECT 1 FROM sys_user_role ur JOIN sys_role_menu rm ON rm.role_id = ur.role_id JOIN sys_menu m ON m.id = rm.menu_id
               WHERE ur.user_id = u.id AND (m.perms = $2 OR m.path = $2)) AS granted
       FROM oauth_token t LEFT JOIN sys_user u ON u.id = t.user_id
      WHERE t.token_hash = $1`,
    [hash, perm ?? null],
  );
  const row = r.rows[0];
  const session = sessionOf(row, hash, tenantId);
  if (!row?.user_name || row.status !== 1) throw new ApiError('TOKEN_REVOKED');
  const roles = row.roles ?? [];
  const isAdmin = roles.includes('admin');
  if (perm && !isAdmin && !row.granted) throw new ApiError('FORBIDDEN');
  return {
    ...session, userName: row.user_name, displayName: row.name || row.user_name, roles, isAdmin,
    shops: isAdmin || row.shops === null ? null : row.shops.map(Number),
    fieldPerms: isAdmin ? FIELD_PERMISSION_NAMES : (row.field_perms ?? []),
  };
}
