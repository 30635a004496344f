import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/index.ts';

/**
 * Signed media links. A <video> or <img> element cannot send the Bearer header, so the file service
 * hands out links carrying an HMAC of (tenant, bucket, key, expiry) instead: a link opens one file of
 * one tenant and nothing else. Image links do not expire (an avatar URL is stored in the user row);
 * video links last VIDEO_LINK_SECONDS.
 */
export const VIDEO_LINK_SECONDS = 12 * 3600;
/** Links of documents (pdf, xlsx, …): an hour. */
export const DOCUMENT_LINK_SECONDS = 3600;

export interface MediaTarget {
  tenantId: number;
  bucket: string;
  objectKey: string;
  /** Unix seconds; 0 = never (image bucket only). */
  expires: number;
}

const SECRET_KEY = 'file_url_secret';

/** The signing secret, shared by every server process through the database (created once). */
export async function loadSigningSecret(db: Database): Promise<Buffer> {
  const fresh = randomBytes(32).toString('hex');
  const value = await db.system(async (tx) => {
    await tx.query(`INSERT INTO app_meta(key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [SECRET_KEY, fresh]);
    return (await tx.query<{ value: string }>(`SELECT value FROM app_meta WHERE key = $1`, [SECRET_KEY])).rows[0].value;
  });
  return Buffer.from(value, 'hex');
}

const mac = (secret: Buffer, t: MediaTarget) =>
  createHmac('sha256', secret).update(`${t.tenantId}\n${t.bucket}\n${t.objectKey}\n${t.expires}`).digest('base64url');

export function signedQuery(secret: Buffer, t: MediaTarget): string {
  return new URLSearchParams({
    videoObjectKey: t.objectKey,
    videoBucketName: t.bucket,
    tenantId: String(t.tenantId),
    expires: String(t.expires),
    sign: mac(secret, t),
  }).toString();
}

export function verifySignature(secret: Buffer, t: MediaTarget, sign: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (t.expires === 0 ? t.bucket !== 'image' : t.expires < nowSeconds) return false;
  const want = Buffer.from(mac(secret, t));
  const got = Buffer.from(sign);
  return want.length === got.length && timingSafeEqual(want, got);
}
