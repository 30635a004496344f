import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets kept in the database encrypted (merchant keys of the payment channels): AES-256-GCM, each value with
 * its own random IV, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url). The key never lives in the database: it
 * comes from MERCHANT_KEY_SECRET (64 hex characters; required when several app servers share one PostgreSQL),
 * else from DATA_DIR/secrets/merchant.key, made once with mode 0600.
 */

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A short, non-reversible mark of a secret, so people can tell which key is set without seeing it. */
  hint(plain: string): string;
}

export function secretBoxFromKey(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the merchant key secret must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split(':');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      d.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
    },
    hint: (plain) => `SHA256:${createHash('sha256').update(plain).digest('hex').slice(0, 8)}`,
  };
}

let cached: { dir: string; box: SecretBox } | undefined;

/** The box of this server: MERCHANT_KEY_SECRET, else the key file under `dataDir` (created on first use). */
export function merchantSecretBox(dataDir: string, env: NodeJS.ProcessEnv = process.env): SecretBox {
  const fromEnv = env.MERCHANT_KEY_SECRET?.trim();
  if (fromEnv) {
    if (!/^[0-9a-fA-F]{64}$/.test(fromEnv)) throw new Error('MERCHANT_KEY_SECRET must be 64 hex characters (32 bytes)');
    return secretBoxFromKey(Buffer.from(fromEnv, 'hex'));
  }
  if (cached?.dir === dataDir) return cached.box;
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'merchant.key');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  const box = secretBoxFromKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
  cached = { dir: dataDir, box };
  return box;
}
