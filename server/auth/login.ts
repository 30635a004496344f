import { randomInt } from 'node:crypto';
import type { Database, Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords.ts';
import { issueToken, sha256 } from './tokens.ts';

export const LOCK_THRESHOLD = 5;
export const LOCK_WINDOW_MINUTES = 10;
export const LOCK_MINUTES = 10;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;

export interface LoginAttempt {
  tenantId: number;
  grantType: 'password' | 'phoneNumber';
  ip: string;
  userAgent: string;
  fingerprintCode?: string;
}

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  X_SHOP_ID: number | null;
  tenant_id: number;
  user_id: number;
}

interface UserRow {
  id: number;
  user_name: string;
  password_hash: string;
  status: number;
  locked_minutes: number | null;
}

const USER_COLUMNS = `id, user_name, password_hash, status,
  CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM locked_until - now()) / 60)::int END AS locked_minutes`;

async function record(db: Database, a: LoginAttempt, userName: string, userId: number | null, success: boolean, msg: string) {
  await db.tenant(a.tenantId, (tx) =>
    tx.query(
      `INSERT INTO sys_login_record(tenant_id, user_id, user_name, grant_type, ip, user_agent, success, msg)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [a.tenantId, userId, userName.slice(0, 48), a.grantType, a.ip.slice(0, 64), a.userAgent.slice(0, 512), success, msg],
    ),
  );
}

export async function assertTenantActive(db: Database, tenantId: number): Promise<void> {
  const r = await db.system((tx) => tx.query(`SELECT 1 FROM sys_tenant WHERE id = $1 AND status = 1`, [tenantId]));
  if (!r.rows.length) throw new ApiError('UNKNOWN_TENANT');
}

const WINDOW_EXPIRED = `fail_window_start IS NULL OR fail_window_start < now() - make_interval(mins => $2)`;

/**
 * Takes one of the LOCK_THRESHOLD attempts of the window before the secret is checked, in one guarded UPDATE:
 * parallel guesses each need their own slot, so at most LOCK_THRESHOLD secrets are ever checked per window
 * (counting them after the check let 50 parallel guesses through). Answers the attempt's number, or the
 * error to throw when the account is locked or its attempts are all taken.
 */
export async function reserveAttempt(tx: Queryable, userId: number): Promise<number | ApiError> {
  const r = await tx.query<{ fail_count: number }>(
    `UPDATE sys_user SET
        fail_count = CASE WHEN ${WINDOW_EXPIRED} THEN 1 ELSE fail_count + 1 END,
        fail_window_start = CASE WHEN ${WINDOW_EXPIRED} THEN now() ELSE fail_window_start END
      WHERE id = $1 AND (locked_until IS NULL OR locked_until <= now()) AND (${WINDOW_EXPIRED} OR fail_count < $3)
      RETURNING fail_count`,
    [userId, LOCK_WINDOW_MINUTES, LOCK_THRESHOLD],
  );
  if (r.rows[0]) return r.rows[0].fail_count;
  const locked = await tx.query<{ minutes: number | null }>(
    `SELECT CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM locked_until - now()) / 60)::int END AS minutes FROM sys_user WHERE id = $1`,
    [userId],
  );
  return lockedError(locked.rows[0]?.minutes ?? LOCK_MINUTES);
}

/** After a wrong secret on the attempt numbered `attempt`: the last one locks the account. Answers the error to throw. */
export async function failedAttempt(tx: Queryable, userId: number, attempt: number): Promise<ApiError> {
  if (attempt >= LOCK_THRESHOLD) {
    await tx.query(
      `UPDATE sys_user SET locked_until = now() + make_interval(mins => $2), fail_count = 0, fail_window_start = NULL WHERE id = $1`,
      [userId, LOCK_MINUTES],
    );
    return lockedError(LOCK_MINUTES);
  }
  return new ApiError('BAD_CREDENTIALS', `用户名或密码错误，再错${LOCK_THRESHOLD - attempt}次账户将被锁定${LOCK_MINUTES}分钟`);
}

/** A right secret gives the attempts back. */
export async function clearAttempts(tx: Queryable, userId: number): Promise<void> {
  await tx.query(`UPDATE sys_user SET fail_count = 0, fail_window_start = NULL, locked_until = NULL WHERE id = $1`, [userId]);
}

const lockedError = (minutes: number) =>
  new ApiError('ACCOUNT_LOCKED', `密码连续错误${LOCK_THRESHOLD}次，账户已被锁定，请${minutes}分钟后再试`);

async function deviceShop(db: Database, tenantId: number, fingerprintCode: string | undefined): Promise<number | null> {
  if (!fingerprintCode) return null;
  const r = await db.tenant(tenantId, (tx) =>
    tx.query<{ shop_id: number }>(`SELECT shop_id FROM shop_device WHERE fingerprint_code = $1 AND active`, [fingerprintCode]),
  );
  if (!r.rows.length) throw new ApiError('DEVICE_NOT_ACTIVE');
  return r.rows[0].shop_id;
}

/**
 * One login, whatever the grant: refuse a locked account without looking at the secret, check the secret
 * (outside any transaction: scrypt is slow and PGlite has one connection), count failures, record the attempt.
 */
async function login(
  db: Database,
  a: LoginAttempt,
  loginName: string,
  findUser: (tx: Queryable) => Promise<UserRow | undefined>,
  checkSecret: (user: UserRow) => Promise<boolean>,
  ttlSeconds: number,
): Promise<TokenAnswer> {
  await assertTenantActive(db, a.tenantId);
  const user = await db.tenant(a.tenantId, findUser);
  const fail = async (err: ApiError): Promise<never> => {
    await record(db, a, loginName, user?.id ?? null, false, err.message);
    throw err;
  };
  if (!user) {
    await verifyPassword('x', await DUMMY_HASH_PROMISE); // same timing as a real user
    return fail(new ApiError(a.grantType === 'password' ? 'BAD_CREDENTIALS' : 'BAD_SMS_CODE'));
  }
  if (user.locked_minutes) return fail(lockedError(user.locked_minutes));
  const attempt = await db.tenant(a.tenantId, (tx) => reserveAttempt(tx, user.id));
  if (attempt instanceof ApiError) return fail(attempt);
  if (!(await checkSecret(user))) {
    const err = await db.tenant(a.tenantId, (tx) => failedAttempt(tx, user.id, attempt));
    if (a.grantType === 'phoneNumber' && err.code !== 4013) return fail(new ApiError('BAD_SMS_CODE'));
    return fail(err);
  }
  if (user.status !== 1) return fail(new ApiError('ACCOUNT_DISABLED'));
  let shopId: number | null;
  try {
    shopId = await deviceShop(db, a.tenantId, a.fingerprintCode);
  } catch (err) {
    return fail(err as ApiError);
  }
  await db.tenant(a.tenantId, (tx) => clearAttempts(tx, user.id));
  await record(db, a, user.user_name, user.id, true, '登录成功');
  const token = await issueToken(db, { tenantId: a.tenantId, userId: user.id, shopId, grantType: a.grantType, ttlSeconds });
  return { access_token: token, token_type: 'bearer', expires_in: ttlSeconds, X_SHOP_ID: shopId, tenant_id: a.tenantId, user_id: user.id };
}

export function passwordLogin(db: Database, a: LoginAttempt, username: string, password: string, ttlSeconds: number) {
  return login(
    db,
    a,
    username,
    async (tx) => (await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM sys_user WHERE user_name = $1`, [username])).rows[0],
    (user) => verifyPassword(password, user.password_hash),
    ttlSeconds,
  );
}

export function phoneLogin(db: Database, a: LoginAttempt, phone: string, code: string, ttlSeconds: number) {
  return login(
    db,
    a,
    phone,
    async (tx) => (await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM sys_user WHERE phone = $1`, [phone])).rows[0],
    // The newest unused, unexpired code is consumed by a correct answer only.
    () =>
      db.tenant(a.tenantId, async (tx) => {
        const r = await tx.query(
          `UPDATE sys_sms_code SET used_at = now()
            WHERE id = (SELECT id FROM sys_sms_code WHERE phone = $1 AND used_at IS NULL AND expires_at > now()
                         ORDER BY created_at DESC LIMIT 1)
              AND code_hash = $2 RETURNING id`,
          [phone, sha256(`${a.tenantId}:${phone}:${code}`)],
        );
        return r.rowCount > 0;
      }),
    ttlSeconds,
  );
}

/** Creates a login code for a phone that belongs to a user; answers it (to hand to the sender) or null. */
export async function createSmsCode(db: Database, tenantId: number, phone: string): Promise<string | null> {
  await assertTenantActive(db, tenantId);
  return db.tenant(tenantId, async (tx) => {
    const recent = await tx.query(
      `SELECT 1 FROM sys_sms_code WHERE phone = $1 AND created_at > now() - make_interval(secs => $2)`,
      [phone, SMS_RESEND_SECONDS],
    );
    if (recent.rows.length) throw new ApiError('SMS_TOO_OFTEN');
    const user = await tx.query(`SELECT 1 FROM sys_user WHERE phone = $1 AND status = 1`, [phone]);
    if (!user.rows.length) return null; // same answer as success: no way to probe which phones exist
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.query(
      `INSERT INTO sys_sms_code(tenant_id, phone, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [tenantId, phone, sha256(`${tenantId}:${phone}:${code}`), SMS_CODE_TTL_SECONDS],
    );
    return code;
  });
}
