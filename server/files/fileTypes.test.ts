import { describe, expect, it } from 'vitest';
import { checkFile, expectedPartSize, isSafeFileName, partCount } from './fileTypes.ts';
import { verifySignature, signedQuery } from './signedUrl.ts';

describe('checkFile', () => {
  it('sends mp4 and ogg to the video bucket, the rest to the image bucket', () => {
    expect(checkFile('a.MP4', 10)).toMatchObject({ ok: true, type: { bucket: 'video', kind: 'video' } });
    expect(checkFile('a.ogg', 10)).toMatchObject({ ok: true, type: { bucket: 'video' } });
    expect(checkFile('a.png', 10)).toMatchObject({ ok: true, type: { bucket: 'image', inline: true } });
    expect(checkFile('a.xlsx', 10)).toMatchObject({ ok: true, type: { bucket: 'image', inline: false } });
  });
  it('refuses unknown types and files over their kind’s limit, in Chinese', () => {
    expect(checkFile('x.svg', 10)).toMatchObject({ ok: false, status: 415 });
    expect(checkFile('noext', 10)).toMatchObject({ ok: false, status: 415 });
    expect(checkFile('x.jpg', 21 * 1024 * 1024)).toEqual({ ok: false, status: 413, msg: '图片不能超过 20 MB' });
    expect(checkFile('x.mp4', 2049 * 1024 * 1024)).toEqual({ ok: false, status: 413, msg: '视频不能超过 2048 MB' });
  });
  it('file names carry no path', () => {
    for (const bad of ['../a.png', 'a/b.png', 'a\\b.png', '', '..', 'a\u0000.png', 'x'.repeat(129)]) expect(isSafeFileName(bad)).toBe(false);
    expect(isSafeFileName('门店 照片 (1).png')).toBe(true);
  });
  it('plans parts: all full but the last', () => {
    expect(partCount(12_582_912 + 1, 5_242_880)).toBe(3);
    expect(expectedPartSize(12_582_913, 5_242_880, 3, 2)).toBe(5_242_880);
    expect(expectedPartSize(12_582_913, 5_242_880, 3, 3)).toBe(12_582_913 - 2 * 5_242_880);
  });
});

describe('signed media links', () => {
  const secret = Buffer.alloc(32, 7);
  const target = { tenantId: 1, bucket: 'video', objectKey: '202611/k.mp4', expires: 2_000 };
  const signOf = (q: string) => new URLSearchParams(q).get('sign')!;
  it('opens only the signed file, until it expires; only image links may be permanent', () => {
    const sign = signOf(signedQuery(secret, target));
    expect(verifySignature(secret, target, sign, 1_000)).toBe(true);
    expect(verifySignature(secret, target, sign, 2_001)).toBe(false);
    expect(verifySignature(secret, { ...target, tenantId: 2 }, sign, 1_000)).toBe(false);
    expect(verifySignature(secret, { ...target, objectKey: '202611/j.mp4' }, sign, 1_000)).toBe(false);
    const forever = { ...target, expires: 0 };
    expect(verifySignature(secret, forever, signOf(signedQuery(secret, forever)), 1_000)).toBe(false);
    const image = { ...forever, bucket: 'image' };
    expect(verifySignature(secret, image, signOf(signedQuery(secret, image)), 9e9)).toBe(true);
  });
});
