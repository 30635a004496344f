import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { startS3rver } from '../support/s3rver.ts';

/**
 * The file service with FILE_STORAGE=s3 against a real S3-compatible server (s3rver from npm, in-process): the key
 * behaviours of files.test.ts — single and chunked upload, download whole and by range, signed links, tenants apart —
 * with the bytes in the bucket and nothing left on the server's disk but its (emptied) spool folder.
 */
const F = '/api/wxy-file-server';
const CHUNK = 5_242_880;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function form(fields: Record<string, string | number>, file: { name: string; data: Buffer<ArrayBufferLike> }) {
  const boundary = `----wxy${randomBytes(8).toString('hex')}`;
  const parts: Buffer<ArrayBufferLike>[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

let s3: Awaited<ReturnType<typeof startS3rver>>;
let s: TestServer;
let t1: string;
let t2: string;
beforeAll(async () => {
  s3 = await startS3rver();
  s = await startTestServer({ config: { fileStorage: { kind: 's3', ...s3.settings } } });
  [t1, t2] = await Promise.all([s.login('admin', 'admin123', 1), s.login('admin', 'admin123', 2)]);
});
afterAll(async () => {
  await s?.stop();
  await s3?.stop();
});

const post = (url: string, token: string, tenant: number, f: ReturnType<typeof form>) =>
  s.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'x-tenant-id': String(tenant), 'content-type': f.contentType }, payload: f.body });
const download = (token: string, tenant: number, info: { videoObjectKey: string; videoBucketName: string }, headers: Record<string, string> = {}) =>
  s.app.inject({
    method: 'GET',
    url: `${F}/file/download?videoObjectKey=${encodeURIComponent(info.videoObjectKey)}&videoBucketName=${info.videoBucketName}`,
    headers: { authorization: `Bearer ${token}`, 'x-tenant-id': String(tenant), ...headers },
  });
const localFiles = (...p: string[]) => path.join(s.config.dataDir, 'files', ...p);

describe('files in an S3 bucket', () => {
  it('a single upload is served whole, by range and through its signed link; another tenant does not see it', async () => {
    const data = randomBytes(300_000);
    const res = await post(`${F}/file/upload`, t1, 1, form({ fileName: '门店视频.mp4', fileSize: data.length }, { name: '门店视频.mp4', data }));
    expect(res.statusCode).toBe(200);
    const info = res.json().data;
    expect(info).toMatchObject({ videoBucketName: 'video', fileSize: data.length, sha256: sha(data) });
    // The bytes went to the bucket, not to this server's disk.
    expect(existsSync(localFiles('1', 'video'))).toBe(false);

    const whole = await download(t1, 1, info);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(data.length));
    expect(whole.rawPayload.equals(data)).toBe(true);

    const part = await download(t1, 1, info, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(1000, 2000))).toBe(true);
    const tail = await download(t1, 1, info, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(data.subarray(-10))).toBe(true);
    expect((await download(t1, 1, info, { range: `bytes=${data.length}-` })).statusCode).toBe(416);

    // The signed link is still this server's: it streams from the bucket, with ranges, and a tampered one is refused.
    const link = await s.app.inject({ method: 'GET', url: info.url, headers: { range: 'bytes=0-99' } });
    expect(link.statusCode).toBe(206);
    expect(link.rawPayload.equals(data.subarray(0, 100))).toBe(true);
    expect((await s.app.inject({ method: 'GET', url: info.url.replace(/sign=(.)/, (_m: string, c: string) => `sign=${c === 'a' ? 'b' : 'a'}`) })).statusCode).toBe(403);

    const foreign = await download(t2, 2, info);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('文件不存在或已被删除');
  });

  it('a chunked upload is joined from parts kept in the bucket and downloads whole', async () => {
    const file = randomBytes(CHUNK + 54_321);
    const key = 's3-chunked-000001';
    let last;
    for (const part of [2, 1]) {
      const data = file.subarray((part - 1) * CHUNK, part * CHUNK);
      const f = form({ currentPart: part, size: CHUNK, totalPart: 2, fileName: '培训.mp4', fileSize: file.length, key, chunkSha256: sha(data) }, { name: 'blob', data });
      last = (await post(`${F}/file/chunk-upload`, t1, 1, f)).json().data;
      // Received parts are in the bucket: no part folder on this server's disk.
      expect(existsSync(localFiles('1', '.uploads', key))).toBe(false);
    }
    expect(last).toMatchObject({ complete: true, uploadedParts: [1, 2], file: { fileSize: file.length, sha256: sha(file) } });
    const got = await download(t1, 1, last.file);
    expect(got.rawPayload.equals(file)).toBe(true);
  });
});
