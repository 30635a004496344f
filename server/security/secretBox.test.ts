import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { secretBoxFromKey } from './secretBox.ts';

describe('secret box', () => {
  const box = secretBoxFromKey(randomBytes(32));
  it('seals with a fresh IV each time and opens what it sealed', () => {
    const a = box.seal('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC');
    const b = box.seal('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC');
    expect(a).not.toBe(b);
    expect(a).not.toContain('MIIE');
    expect(box.open(a)).toBe('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC');
  });
  it('refuses a changed ciphertext and another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split(':');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64url')].join(':'))).toThrow();
    expect(() => secretBoxFromKey(randomBytes(32)).open(sealed)).toThrow();
  });
  it('hints without revealing', () => {
    expect(box.hint('secret')).toMatch(/^SHA256:[0-9a-f]{8}$/);
  });
});
