import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStorageFromEnv } from '../../server/config.ts';
import { LocalBackend, type ObjectBackend } from '../../server/files/backend.ts';
import { lazyS3Backend } from '../../server/files/service.ts';
import { FileStore, PartCorruptError } from '../../server/files/storage.ts';
import { startS3rver } from '../support/s3rver.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const bytes = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** Two servers' stores on one backend: each has its own spool folder, the objects and parts are shared. */
const backends: [string, () => Promise<{ backend: ObjectBackend; stop: () => Promise<void> }>][] = [
  ['local folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wxy-files-'));
    return { backend: new LocalBackend(dir), stop: async () => rmSync(dir, { recursive: true, force: true }) };
  }],
  ['S3 (s3rver)', async () => {
    const s3 = await startS3rver();
    return { backend: lazyS3Backend(s3.settings), stop: s3.stop };
  }],
];

describe.each(backends)('file storage on the %s', (_name, start) => {
  let stop: () => Promise<void>;
  let a: FileStore;
  let b: FileStore;
  const spools: string[] = [];
  beforeAll(async () => {
    const started = await start();
    stop = started.stop;
    const spoolA = mkdtempSync(path.join(tmpdir(), 'wxy-spool-a-'));
    const spoolB = mkdtempSync(path.join(tmpdir(), 'wxy-spool-b-'));
    spools.push(spoolA, spoolB);
    // The local backend's objects live in its own root; the spools are each server's.
    a = new FileStore(spoolA, started.backend);
    b = new FileStore(spoolB, started.backend);
  });
  afterAll(async () => {
    await stop?.();
    for (const d of spools) rmSync(d, { recursive: true, force: true });
  });

  const upload = async (store: FileStore, tenant: number, data: Buffer, location: string) => {
    const spool = await store.spool(tenant, Readable.from([data]), data.length, 'blob');
    expect(spool).toMatchObject({ size: data.length, sha256: sha(data) });
    await store.commit(spool.path, location);
    // The spool is gone once committed: nothing is left on the server's disk.
    expect(readdirSync(path.join(store.root, String(tenant), '.tmp'))).toEqual([]);
  };

  it('stores a file, answers its size, reads it whole and by byte range, and removes it', async () => {
    const data = randomBytes(300_000);
    const loc = a.objectLocation(1, 'image', FileStore.newObjectKey('png'));
    await upload(a, 1, data, loc);
    expect(await b.size(loc)).toBe(data.length);
    expect((await bytes(await b.read(loc))).equals(data)).toBe(true);
    expect((await bytes(await b.read(loc, { start: 1000, end: 1999 }))).equals(data.subarray(1000, 2000))).toBe(true);
    expect((await bytes(await b.read(loc, { start: data.length - 1, end: data.length - 1 }))).equals(data.subarray(-1))).toBe(true);
    expect((await b.readAll(loc))?.equals(data)).toBe(true);
    await a.remove(loc);
    expect(await b.size(loc)).toBeUndefined();
    expect(await b.readAll(loc)).toBeUndefined();
  });

  it('joins a chunked upload whose parts were received by different servers, then drops the parts', async () => {
    const parts = [randomBytes(70_000), randomBytes(70_000), randomBytes(12_345)];
    const key = 'chunked-upload-0001';
    for (const [i, part] of parts.entries()) {
      const store = i % 2 === 0 ? a : b;
      const spool = await store.spool(1, Readable.from([part]), part.length, 'blob');
      await store.commit(spool.path, store.partLocation(1, key, i + 1));
    }
    const dest = b.objectLocation(1, 'video', FileStore.newObjectKey('mp4'));
    const whole = Buffer.concat(parts);
    const joined = await b.assemble(1, key, parts.map((p, i) => ({ partNo: i + 1, sha256: sha(p) })), dest);
    expect(joined).toEqual({ size: whole.length, sha256: sha(whole) });
    expect((await a.readAll(dest))?.equals(whole)).toBe(true);
    await b.removeUpload(1, key);
    expect(await a.size(a.partLocation(1, key, 1))).toBeUndefined();
    expect(await a.size(a.partLocation(1, key, 3))).toBeUndefined();
  });

  it('refuses to join a part that no longer matches its checksum, or is missing', async () => {
    const key = 'damaged-part-00001';
    await a.write(a.partLocation(1, key, 1), Buffer.from('one'));
    await a.write(a.partLocation(1, key, 2), Buffer.from('tw0'));
    const dest = a.objectLocation(1, 'image', FileStore.newObjectKey('pdf'));
    const parts = [{ partNo: 1, sha256: sha(Buffer.from('one')) }, { partNo: 2, sha256: sha(Buffer.from('two')) }];
    await expect(a.assemble(1, key, parts, dest)).rejects.toEqual(new PartCorruptError(2));
    await expect(a.assemble(1, key, [...parts.slice(0, 1), { partNo: 3, sha256: sha(Buffer.from('x')) }], dest)).rejects.toEqual(new PartCorruptError(3));
    expect(await a.size(dest)).toBeUndefined();
    expect(readdirSync(path.join(a.root, '1', '.tmp'))).toEqual([]);
  });

  it("keeps tenants' files apart: the same key of another tenant is another object", async () => {
    const objectKey = FileStore.newObjectKey('jpg');
    await upload(a, 1, Buffer.from('tenant one'), a.objectLocation(1, 'image', objectKey));
    expect(await b.size(b.objectLocation(2, 'image', objectKey))).toBeUndefined();
    await upload(b, 2, Buffer.from('tenant two'), b.objectLocation(2, 'image', objectKey));
    expect(await text(await a.read(a.objectLocation(1, 'image', objectKey)))).toBe('tenant one');
    expect(await text(await a.read(a.objectLocation(2, 'image', objectKey)))).toBe('tenant two');
  });

  it('refuses names the service never makes', () => {
    expect(() => a.objectLocation(1, 'image', '../2/image/202611/x.png')).toThrow('文件标识 videoObjectKey 不合法');
    expect(() => a.objectLocation(1, 'nope', '202611/x.png')).toThrow('存储桶 videoBucketName 不存在');
    expect(() => a.partLocation(1, '../x', 1)).toThrow('上传标识 key 不合法');
    expect(() => a.objectLocation(0, 'image', FileStore.newObjectKey('png'))).toThrow('bad tenant 0');
  });
});

describe('FILE_STORAGE settings', () => {
  const s3 = { FILE_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
  it('defaults to the local folder and reads the S3 settings', () => {
    expect(fileStorageFromEnv({})).toEqual({ kind: 'local' });
    expect(fileStorageFromEnv({ ...s3, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: 'prod' })).toEqual({
      kind: 's3', endpoint: 'http://minio:9000', bucket: 'b', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, prefix: 'prod/',
    });
  });
  it('stops the start naming the setting that is wrong or missing', () => {
    expect(() => fileStorageFromEnv({ FILE_STORAGE: 'nfs' })).toThrow('FILE_STORAGE must be "local" or "s3", not "nfs"');
    expect(() => fileStorageFromEnv({ ...s3, S3_BUCKET: '' })).toThrow('FILE_STORAGE=s3 needs S3_BUCKET');
    expect(() => fileStorageFromEnv({ ...s3, S3_SECRET_ACCESS_KEY: undefined })).toThrow('FILE_STORAGE=s3 needs S3_SECRET_ACCESS_KEY');
    expect(() => fileStorageFromEnv({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT must be an http(s) URL');
    expect(() => fileStorageFromEnv({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE must be true or false');
  });
});
