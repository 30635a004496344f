import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/index.ts';
import { ApiError } from '../errors.ts';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface Session {
  tenantId: number;
  userId: number;
  shopId: number | null;
  tokenHash: string;
}

/** Issues an opaque bearer token; only its hash is stored, so a leaked table yields no usable token. */
export async function issueToken(
  db: Database,
  s: { tenantId: number; userId: number; shopId: number | null; grantType: string; ttlSeconds: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.system((tx) =>
    tx.query(
      `INSERT INTO oauth_token(token_hash, tenant_id, user_id, shop_id, grant_type, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
      [sha256(token), s.tenantId, s.userId, s.shopId, s.grantType, s.ttlSeconds],
    ),
  );
  return token;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

/** The hash a token is stored under, after refusing what cannot be a token. */
export function tokenHashOf(token: string | undefined): string {
  if (!token) throw new ApiError('NO_TOKEN');
  if (!TOKEN_SHAPE.test(token)) throw new ApiError('TOKEN_INVALID');
  return sha256(token);
}

export interface TokenRow {
  tenant_id: number;
  user_id: number;
  shop_id: number | null;
  expired: boolean;
  revoked_at: Date | null;
}

/** What to select from `oauth_token t` for sessionOf. */
export const TOKEN_COLUMNS = 't.tenant_id, t.user_id, t.shop_id, t.expires_at <= now() AS expired, t.revoked_at';

/**
 * The session a stored token row gives for the tenant the request names, or the 47xx that ends it: missing or
 * unknown, revoked, expired, or issued by another tenant.
 */
export function sessionOf(row: TokenRow | undefined, hash: string, headerTenantId: number): Session {
  if (!row) throw new ApiError('TOKEN_INVALID');
  if (row.revoked_at) throw new ApiError('TOKEN_REVOKED');
  if (row.expired) throw new ApiError('TOKEN_EXPIRED');
  if (row.tenant_id !== headerTenantId) throw new ApiError('TOKEN_TENANT_MISMATCH');
  return { tenantId: row.tenant_id, userId: row.user_id, shopId: row.shop_id, tokenHash: hash };
}

/**
 * PostgreSQL NOTIFY channel carrying the hash of every revoked token (sent at commit), so each server
 * process can close the live sockets (STOMP) that were opened with it. The hash, never the token.
 */
export const TOKEN_REVOKED_CHANNEL = 'wxy_token_revoked';

export async function revokeToken(db: Database, tokenHash: string, reason: string): Promise<void> {
  await db.system((tx) =>
    tx.query(
      `WITH r AS (UPDATE oauth_token SET revoked_at = now(), revoke_reason = $2 WHERE token_hash = $1 AND revoked_at IS NULL RETURNING token_hash)
       SELECT count(pg_notify($3, token_hash)) FROM r`,
      [tokenHash, reason, TOKEN_REVOKED_CHANNEL],
    ),
  );
}

/** Revokes every live token of a user except `keepHash` (password change keeps the current session). */
export async function revokeUserTokens(db: Database, tenantId: number, userId: number, reason: string, keepHash?: string): Promise<number> {
  const r = await db.system((tx) =>
    tx.query<{ n: number }>(
      `WITH r AS (UPDATE oauth_token SET revoked_at = now(), revoke_reason = $3
                   WHERE tenant_id = $1 AND user_id = $2 AND revoked_at IS NULL AND token_hash <> $4 RETURNING token_hash)
       SELECT count(pg_notify($5, token_hash))::int AS n FROM r`,
      [tenantId, userId, reason, keepHash ?? '', TOKEN_REVOKED_CHANNEL],
    ),
  );
  return r.rows[0]?.n ?? 0;
}
