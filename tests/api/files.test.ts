import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { sweepAbandonedUploads } from '../../server/files/sweeper.ts';
import { LocalBackend } from '../../server/files/backend.ts';
import { FileStore } from '../../server/files/storage.ts';

const F = '/api/wxy-file-server';
const CHUNK = 5_242_880;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A multipart/form-data body as a browser's FormData sends it. */
function form(fields: Record<string, string | number>, file?: { name: string; data: Buffer }, fileFirst = false) {
  const boundary = `----wxy${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  const addFields = () => {
    for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  };
  const addFile = () => {
    if (!file) return;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.data, Buffer.from('\r\n'));
  };
  if (fileFirst) addFile();
  addFields();
  if (!fileFirst) addFile();
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

let s: TestServer;
let t1: string;
let t2: string;
let shop: string;
beforeAll(async () => {
  s = await startTestServer();
  [t1, t2, shop] = await Promise.all([s.login('admin', 'admin123', 1), s.login('admin', 'admin123', 2), s.login('shop01', 'shop123', 1)]);
});
afterAll(async () => s?.stop());

const post = (url: string, token: string, tenant: number, f: ReturnType<typeof form>) =>
  s.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'x-tenant-id': String(tenant), 'content-type': f.contentType }, payload: f.body });

function chunkFields(file: Buffer, name: string, key: string, part: number, data = slice(file, part)) {
  const totalPart = Math.ceil(file.length / CHUNK);
  return form({ currentPart: part, size: CHUNK, totalPart, fileName: name, fileSize: file.length, key, chunkSha256: sha(data) }, { name: 'blob', data });
}
const slice = (file: Buffer, part: number) => file.subarray((part - 1) * CHUNK, part * CHUNK);
const state = async (key: string, token = t1, tenant = 1) => (await s.call('GET', `${F}/file/chunk-upload/${key}`, { token, tenant })).json().data;
const tmpFiles = (tenant: number) => {
  try {
    return readdirSync(path.join(s.config.dataDir, 'files', String(tenant), '.tmp'));
  } catch {
    return [];
  }
};

describe('single upload', () => {
  it('stores the file and answers its key, bucket and a link that serves the same bytes', async () => {
    const data = randomBytes(300_000);
    const res = await post(`${F}/file/upload`, t1, 1, form({ fileName: '门店照片.png', fileSize: data.length, shopId: '12' }, { name: '门店照片.png', data }));
    expect(res.statusCode).toBe(200);
    const info = res.json().data;
    expect(info).toMatchObject({ videoBucketName: 'image', fileType: 'png', fileName: '门店照片.png', fileSize: data.length, sha256: sha(data), extra: { shopId: '12' } });
    expect(info.videoObjectKey).toMatch(/^\d{6}\/[0-9a-f-]{36}\.png$/);
    // An image link never expires (rows keep it) but opens only with a session of its tenant: the page's cookie.
    expect(info.url).toContain('expires=0');
    const anonymous = await s.app.inject({ method: 'GET', url: info.url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().msg).toBe('请登录后查看该文件');
    const foreign = await s.app.inject({ method: 'GET', url: info.url, headers: { cookie: `Admin-Token=${t2}` } });
    expect(foreign.statusCode).not.toBe(200);
    const got = await s.app.inject({ method: 'GET', url: info.url, headers: { cookie: `sidebarStatus=1; Admin-Token=${t1}` } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(data)).toBe(true);
    const blob = await s.app.inject({ method: 'GET', url: `${F}/file/download?videoObjectKey=${encodeURIComponent(info.videoObjectKey)}&videoBucketName=image`, headers: { authorization: `Bearer ${t1}`, 'x-tenant-id': '1' } });
    expect(blob.statusCode).toBe(200);
    expect(blob.headers['content-disposition']).toContain("attachment; filename*=UTF-8''%E9%97%A8");
    expect(blob.rawPayload.equals(data)).toBe(true);
  });

  it('mp4 and ogg go to the video bucket, field order does not matter', async () => {
    for (const name of ['a.mp4', 'b.OGG']) {
      const data = randomBytes(1000);
      const res = await post(`${F}/file/upload`, t1, 1, form({ fileName: name, fileSize: data.length }, { name, data }, true));
      expect(res.json().data.videoBucketName).toBe('video');
    }
  });

  it('refuses unsupported types, oversized bodies and a size that does not match, storing nothing', async () => {
    const data = randomBytes(100);
    const exe = await post(`${F}/file/upload`, t1, 1, form({ fileName: 'tool.exe', fileSize: 100 }, { name: 'tool.exe', data }));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().msg).toContain('不支持的文件类型：exe');
    const big = randomBytes(20 * 1024 * 1024 + 10);
    const tooBig = await post(`${F}/file/upload`, t1, 1, form({ fileName: 'big.pdf', fileSize: big.length }, { name: 'big.pdf', data: big }));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().msg).toBe('单次上传的文件不能超过 20 MB，请使用分片上传');
    const lying = await post(`${F}/file/upload`, t1, 1, form({ fileName: 'x.txt', fileSize: 99 }, { name: 'x.txt', data }));
    expect(lying.statusCode).toBe(400);
    expect(lying.json().msg).toContain('文件大小 fileSize 与收到的文件不符');
    const missing = await post(`${F}/file/upload`, t1, 1, form({ fileSize: 100 }, { name: 'x.txt', data }));
    expect(missing.json()).toMatchObject({ code: 400, msg: '文件名不能为空' });
    expect(tmpFiles(1)).toEqual([]);
  });

  it('needs a session', async () => {
    const data = randomBytes(10);
    const res = await s.app.inject({ method: 'POST', url: `${F}/file/upload`, headers: { 'x-tenant-id': '1', 'content-type': form({}).contentType }, payload: form({ fileName: 'a.txt', fileSize: 10 }, { name: 'a.txt', data }).body });
    expect(res.json().code).toBe(4701);
  });
});

describe('chunked upload', () => {
  const file = randomBytes(12 * 1024 * 1024 + 12345); // 3 parts: 5 MB, 5 MB, the rest
  const name = 'promo.mp4';

  it('an upload left unfinished for a day is swept (rows, parts, stray temp files); a recent one keeps its parts and resumes', async () => {
    const files = path.join(s.config.dataDir, 'files');
    const old = 'abandoned-upload-01';
    const recent = 'recent-upload-0001';
    await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, old, 1));
    await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, recent, 1));
    await s.db.tenant(1, (tx) => tx.query(`UPDATE file_upload SET updated_at = now() - interval '25 hours' WHERE upload_key = $1`, [old]));
    // A temporary body left by a process that died mid-request, and one being written right now.
    mkdirSync(path.join(files, '1', '.tmp'), { recursive: true });
    const stale = path.join(files, '1', '.tmp', 'crashed.tmp');
    const fresh = path.join(files, '1', '.tmp', 'writing.tmp');
    writeFileSync(stale, 'x');
    writeFileSync(fresh, 'y');
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    utimesSync(stale, dayAgo, dayAgo);

    expect(await sweepAbandonedUploads(s.db, new FileStore(files, new LocalBackend(files)))).toEqual({ uploads: 1, orphanDirs: 0, tempFiles: 1 });
    expect(existsSync(path.join(files, '1', '.uploads', old))).toBe(false);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(await state(old)).toMatchObject({ uploadedParts: [], totalPart: 0 });
    expect((await state(recent)).uploadedParts).toEqual([1]);
    expect(existsSync(path.join(files, '1', '.uploads', recent, '1'))).toBe(true);

    // The user comes back to the swept upload: it starts again from part 1 and completes.
    for (const part of [1, 2, 3]) await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, old, part));
    expect(await state(old)).toMatchObject({ complete: true });
    rmSync(fresh);
    await s.db.tenant(1, (tx) => tx.query(`DELETE FROM file_upload WHERE upload_key = $1`, [recent]));
  });

  it('a chunk dropped mid-body is not recorded; sent again, the file completes and is byte-identical', async () => {
    const key = 'dropped-chunk-0001';
    expect((await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, key, 1))).json().data).toMatchObject({ uploadedParts: [1], complete: false, file: null });

    // Part 2: the connection dies after half the body.
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const f2 = chunkFields(file, name, key, 2);
    await new Promise<void>((resolve) => {
      const req = request(`${address}${F}/file/chunk-upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t1}`, 'x-tenant-id': '1', 'content-type': f2.contentType, 'content-length': f2.body.length },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(f2.body.subarray(0, f2.body.length >> 1), () => setTimeout(() => req.destroy(), 50));
    });
    expect((await state(key)).uploadedParts).toEqual([1]);
    // The half-written body is removed once the server notices the abort.
    await expect.poll(() => tmpFiles(1), { timeout: 5_000 }).toEqual([]);

    // The client retries the same chunk, then sends the last one.
    expect((await post(`${F}/file/chunk-upload`, t1, 1, f2)).json().data.uploadedParts).toEqual([1, 2]);
    const last = (await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, key, 3))).json().data;
    expect(last).toMatchObject({ complete: true, uploadedParts: [1, 2, 3], totalPart: 3 });
    expect(last.file).toMatchObject({ videoBucketName: 'video', fileName: name, fileSize: file.length, sha256: sha(file) });
    const got = await s.app.inject({ method: 'GET', url: last.file.url });
    expect(got.rawPayload.equals(file)).toBe(true);

    // The last chunk's answer was lost and it is sent again: the same file, not a second copy.
    const again = (await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, key, 3))).json().data;
    expect(again.file.videoObjectKey).toBe(last.file.videoObjectKey);
  });

  it('resumes after an interrupted upload: the server says which parts it has', async () => {
    const key = 'resume-after-stop-01';
    for (const part of [1, 3]) expect((await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, key, part))).statusCode).toBe(200);
    // The page is reloaded; the uploader asks before sending anything.
    const st = await state(key);
    expect(st).toMatchObject({ totalPart: 3, uploadedParts: [1, 3], complete: false });
    const done = (await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, key, 2))).json().data;
    expect(done.complete).toBe(true);
    expect(done.file.sha256).toBe(sha(file));
    expect((await state(key)).complete).toBe(true);
  });

  it('a corrupted chunk is refused and not kept', async () => {
    const key = 'corrupt-chunk-00001';
    const good = slice(file, 1);
    const bad = Buffer.from(good);
    bad[1000] ^= 0xff;
    const f = form({ currentPart: 1, size: CHUNK, totalPart: 3, fileName: name, fileSize: file.length, key, chunkSha256: sha(good) }, { name: 'blob', data: bad });
    const res = await post(`${F}/file/chunk-upload`, t1, 1, f);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 4220, msg: '第 1 个分片校验失败，请重新上传该分片' });
    expect((await state(key)).uploadedParts).toEqual([]);
    expect(tmpFiles(1)).toEqual([]);
  });

  it('a stored part damaged on disk is found when joining: it must be sent again', async () => {
    const key = 'damaged-on-disk-001';
    for (const part of [1, 2]) await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, key, part));
    writeFileSync(path.join(s.config.dataDir, 'files', '1', '.uploads', key, '2'), randomBytes(CHUNK));
    const res = await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, key, 3));
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('第 2 个分片已损坏，请重新上传该分片');
    expect((await state(key)).uploadedParts).toEqual([1, 3]);
    const done = (await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, key, 2))).json().data;
    expect(done.file.sha256).toBe(sha(file));
  });

  it('checks the plan: part sizes, part count, limits by type, and a key reused for another file', async () => {
    const key = 'plan-checks-000001';
    const short = form({ currentPart: 1, size: CHUNK, totalPart: 3, fileName: name, fileSize: file.length, key, chunkSha256: sha(Buffer.alloc(10)) }, { name: 'b', data: Buffer.alloc(10) });
    expect((await post(`${F}/file/chunk-upload`, t1, 1, short)).json().msg).toBe(`第 1 个分片应为 ${CHUNK} 字节，实际收到 10 字节`);
    const count = form({ currentPart: 1, size: CHUNK, totalPart: 2, fileName: name, fileSize: file.length, key, chunkSha256: sha(slice(file, 1)) }, { name: 'b', data: slice(file, 1) });
    expect((await post(`${F}/file/chunk-upload`, t1, 1, count)).json().msg).toBe('分片总数 totalPart 应为 3');
    const bigImage = form({ currentPart: 1, size: CHUNK, totalPart: 5, fileName: 'poster.png', fileSize: 25 * 1024 * 1024, key, chunkSha256: sha(slice(file, 1)) }, { name: 'b', data: slice(file, 1) });
    const refused = await post(`${F}/file/chunk-upload`, t1, 1, bigImage);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().msg).toBe('图片不能超过 20 MB');
    const oversizedChunk = form({ currentPart: 1, size: CHUNK + 1, totalPart: 3, fileName: name, fileSize: file.length, key, chunkSha256: 'a'.repeat(64) }, { name: 'b', data: Buffer.alloc(10) });
    expect((await post(`${F}/file/chunk-upload`, t1, 1, oversizedChunk)).json().msg).toBe(`分片大小不能大于${CHUNK}`);
    await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, key, 1));
    const other = randomBytes(CHUNK + 1);
    const clash = await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(other, 'other.mp4', key, 1));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toBe('上传标识 key 已用于另一个文件，请重新选择文件上传');
  });

  it('another user of the tenant cannot see or extend someone else’s upload', async () => {
    const key = 'owned-by-admin-0001';
    await post(`${F}/file/chunk-upload`, t1, 1, chunkFields(file, name, key, 1));
    expect(await state(key, shop, 1)).toMatchObject({ uploadedParts: [], totalPart: 0 });
    expect((await post(`${F}/file/chunk-upload`, shop, 1, chunkFields(file, name, key, 2))).statusCode).toBe(409);
  });
});

describe('range requests', () => {
  const video = randomBytes(1_000_000);
  let url = '';
  let key = '';
  beforeAll(async () => {
    const info = (await post(`${F}/file/upload`, t1, 1, form({ fileName: 'clip.mp4', fileSize: video.length }, { name: 'clip.mp4', data: video }))).json().data;
    url = info.url;
    key = info.videoObjectKey;
  });
  const get = (headers: Record<string, string>, u = url) => s.app.inject({ method: 'GET', url: u, headers });

  it('answers 206 with the exact bytes and Content-Range', async () => {
    const r = await get({ range: 'bytes=1000-1999' });
    expect(r.statusCode).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(r.headers['content-length']).toBe('1000');
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(r.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
  });

  it('open-ended and suffix ranges', async () => {
    const open = await get({ range: 'bytes=999000-' });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(video.subarray(999000))).toBe(true);
    const suffix = await get({ range: 'bytes=-500' });
    expect(suffix.headers['content-range']).toBe(`bytes ${video.length - 500}-${video.length - 1}/${video.length}`);
    expect(suffix.rawPayload.equals(video.subarray(video.length - 500))).toBe(true);
  });

  it('a range beyond the end is 416 with the size; a stale If-Range gets the whole file', async () => {
    const r = await get({ range: `bytes=${video.length}-` });
    expect(r.statusCode).toBe(416);
    expect(r.headers['content-range']).toBe(`bytes */${video.length}`);
    expect(r.json().code).toBe(4160);
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"0000"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(video.length);
    const fresh = await get({ range: 'bytes=0-9', 'if-range': `"${sha(video)}"` });
    expect(fresh.statusCode).toBe(206);
  });

  it('downloadFile serves the same with ranges, as an attachment; a Bearer session works without a signature', async () => {
    const r = await s.app.inject({
      method: 'GET',
      url: `${F}/video/downloadFile?videoObjectKey=${encodeURIComponent(key)}&videoBucketName=video`,
      headers: { authorization: `Bearer ${t1}`, 'x-tenant-id': '1', range: 'bytes=10-19' },
    });
    expect(r.statusCode).toBe(206);
    expect(r.headers['content-disposition']).toMatch(/^attachment/);
    expect(r.rawPayload.equals(video.subarray(10, 20))).toBe(true);
    const anonymous = await s.app.inject({ method: 'GET', url: `${F}/video/downloadFile?videoObjectKey=${encodeURIComponent(key)}&videoBucketName=video` });
    expect(anonymous.json().code).toBe(4701);
  });
});

describe('paths and tenants', () => {
  let info: { videoObjectKey: string; url: string; downloadUrl: string };
  beforeAll(async () => {
    const data = randomBytes(2000);
    info = (await post(`${F}/file/upload`, t1, 1, form({ fileName: 'secret.pdf', fileSize: data.length }, { name: 'secret.pdf', data }))).json().data;
  });

  it('refuses path traversal in keys, buckets, names and upload keys with 400', async () => {
    const dl = (key: string, bucket = 'image') => s.call('GET', `${F}/file/download?videoObjectKey=${encodeURIComponent(key)}&videoBucketName=${encodeURIComponent(bucket)}`, { token: t1, tenant: 1 });
    for (const key of ['../../pg/PG_VERSION', '202611/../../../etc/passwd', '/etc/passwd', `..\\..\\x.png`]) {
      const r = await dl(key);
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe('文件标识 videoObjectKey 不合法');
    }
    expect((await dl(info.videoObjectKey, '../2/image')).json()).toMatchObject({ code: 400, msg: '存储桶 videoBucketName 不存在' });
    const data = randomBytes(10);
    const name = await post(`${F}/file/upload`, t1, 1, form({ fileName: '../../evil.png', fileSize: 10 }, { name: 'x', data }));
    expect(name.json()).toMatchObject({ code: 400, msg: '文件名 fileName 不能包含路径分隔符或控制字符' });
    const key = await s.call('GET', `${F}/file/chunk-upload/..%2F..%2Fpg`, { token: t1, tenant: 1 });
    expect(key.statusCode).toBe(400);
  });

  it('a tenant never reads another tenant’s file, by key or by a re-signed link', async () => {
    const other = await s.call('GET', `${F}/file/download?videoObjectKey=${encodeURIComponent(info.videoObjectKey)}&videoBucketName=image`, { token: t2, tenant: 2 });
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('文件不存在或已被删除');
    const forged = info.url.replace('tenantId=1', 'tenantId=2');
    expect((await s.app.inject({ method: 'GET', url: forged })).json()).toMatchObject({ code: 4030, msg: '文件链接已失效或签名不正确' });
    const rows = await s.db.tenant(2, (tx) => tx.query(`SELECT 1 FROM file_object WHERE object_key = $1`, [info.videoObjectKey]));
    expect(rows.rows).toEqual([]);
  });

  it('a document link works without a session for an hour, then no more', async () => {
    const expires = Number(new URL(info.url, 'http://x').searchParams.get('expires'));
    const now = Math.floor(Date.now() / 1000);
    expect(expires).toBeGreaterThan(now + 3500);
    expect(expires).toBeLessThanOrEqual(now + 3600);
    expect((await s.app.inject({ method: 'GET', url: info.downloadUrl })).statusCode).toBe(200);
    const { signedQuery } = await import('../../server/files/signedUrl.ts');
    const { loadSigningSecret } = await import('../../server/files/signedUrl.ts');
    const past = signedQuery(await loadSigningSecret(s.db), { tenantId: 1, bucket: 'image', objectKey: info.videoObjectKey, expires: now - 1 });
    expect((await s.app.inject({ method: 'GET', url: `${F}/video/downloadFile?${past}` })).json()).toMatchObject({ code: 4030, msg: '文件链接已失效或签名不正确' });
  });

  it('a pdf is never served inline, and the signed link of another key does not open it', async () => {
    const r = await s.app.inject({ method: 'GET', url: info.url });
    expect(r.headers['content-disposition']).toMatch(/^attachment/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    const swapped = info.url.replace(encodeURIComponent(info.videoObjectKey), encodeURIComponent(info.videoObjectKey.replace(/[0-9a-f]\.pdf$/, 'a.pdf')));
    if (swapped !== info.url) expect((await s.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(403);
  });
});
