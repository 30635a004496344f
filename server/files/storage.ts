import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../errors.ts';
import { OBJECT_KEY_PATTERN, UPLOAD_KEY_PATTERN, isBucketName, type BucketName } from './fileTypes.ts';

/** A file body written to a temporary name; nothing sees it until `commit` renames it into place. */
export interface Spool {
  path: string;
  size: number;
  sha256: string;
  /** The name the browser gave the file part (not trusted; fileName is the field that counts). */
  partName: string;
}

/** Thrown while streaming when a body grows past its limit; the route turns it into a 413. */
export class TooLargeError extends Error {}

/**
 * Files on local disk: `<root>/<tenant>/<bucket>/<objectKey>` for stored objects,
 * `<root>/<tenant>/.uploads/<uploadKey>/<part>` for received chunks and `<root>/<tenant>/.tmp/` for
 * bodies being written. Every path is built from validated parts and checked to stay inside its folder.
 */
export class FileStore {
  constructor(readonly root: string) {}

  private tenantDir(tenantId: number): string {
    if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`bad tenant ${tenantId}`);
    return path.join(this.root, String(tenantId));
  }

  private inside(dir: string, rel: string): string {
    const full = path.resolve(dir, rel);
    if (!full.startsWith(dir + path.sep)) throw new ApiError('BAD_REQUEST', '文件路径不合法');
    return full;
  }

  objectPath(tenantId: number, bucket: string, objectKey: string): string {
    if (!isBucketName(bucket)) throw new ApiError('BAD_REQUEST', '存储桶 videoBucketName 不存在');
    if (!OBJECT_KEY_PATTERN.test(objectKey)) throw new ApiError('BAD_REQUEST', '文件标识 videoObjectKey 不合法');
    return this.inside(path.join(this.tenantDir(tenantId), bucket), objectKey);
  }

  partPath(tenantId: number, uploadKey: string, part: number): string {
    if (!UPLOAD_KEY_PATTERN.test(uploadKey)) throw new ApiError('BAD_REQUEST', '上传标识 key 不合法');
    return this.inside(path.join(this.tenantDir(tenantId), '.uploads'), `${uploadKey}/${part}`);
  }

  private async tempPath(tenantId: number): Promise<string> {
    const dir = path.join(this.tenantDir(tenantId), '.tmp');
    await mkdir(dir, { recursive: true });
    return path.join(dir, `${randomUUID()}.tmp`);
  }

  /** A new object key: `<yyyymm>/<uuid>.<ext>`, never derived from the user's file name. */
  static newObjectKey(ext: string, now = new Date()): string {
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    return `${month}/${randomUUID()}.${ext}`;
  }

  /**
   * Streams a body to a temporary file, hashing and counting as it goes; over `maxBytes` it stops and
   * removes it. `onTemp` learns the temporary name before any byte is written, so an aborted request can remove it.
   */
  async spool(tenantId: number, body: Readable, maxBytes: number, partName: string, onTemp: (tmp: string) => void = () => undefined): Promise<Spool> {
    const tmp = await this.tempPath(tenantId);
    onTemp(tmp);
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new TooLargeError());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, meter, createWriteStream(tmp, { flags: 'wx', flush: true }));
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      // Leave the rest of the request body to the parser: read and dropped, so the answer can be sent.
      body.resume();
      throw err;
    }
    return { path: tmp, size, sha256: hash.digest('hex'), partName };
  }

  /** Moves a finished temporary file to its final name (same file system: atomic). */
  async commit(tmp: string, dest: string): Promise<void> {
    await mkdir(path.dirname(dest), { recursive: true });
    await rename(tmp, dest);
  }

  /**
   * Joins the parts in order into a temporary file, re-checking each part's checksum as it is read,
   * then renames the result to `dest`. Returns the size and sha256 of the whole file.
   */
  async assemble(tenantId: number, uploadKey: string, parts: { partNo: number; sha256: string }[], dest: string): Promise<{ size: number; sha256: string }> {
    const tmp = await this.tempPath(tenantId);
    const whole = createHash('sha256');
    let size = 0;
    const fh = await open(tmp, 'wx');
    try {
      for (const part of parts) {
        const buf = await readFile(this.partPath(tenantId, uploadKey, part.partNo));
        if (createHash('sha256').update(buf).digest('hex') !== part.sha256) throw new PartCorruptError(part.partNo);
        whole.update(buf);
        for (let off = 0; off < buf.length; ) off += (await fh.write(buf, off, buf.length - off)).bytesWritten;
        size += buf.length;
      }
      await fh.sync();
      await fh.close();
    } catch (err) {
      await fh.close().catch(() => undefined);
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    await this.commit(tmp, dest);
    return { size, sha256: whole.digest('hex') };
  }

  async removeUpload(tenantId: number, uploadKey: string): Promise<void> {
    if (!UPLOAD_KEY_PATTERN.test(uploadKey)) return;
    await rm(path.join(this.tenantDir(tenantId), '.uploads', uploadKey), { recursive: true, force: true });
  }

  async removePart(tenantId: number, uploadKey: string, part: number): Promise<void> {
    await unlink(this.partPath(tenantId, uploadKey, part)).catch(() => undefined);
  }

  static async discard(file: string): Promise<void> {
    await unlink(file).catch(() => undefined);
  }
}

/** A stored part no longer matches the checksum it was accepted with (disk damage): it must be sent again. */
export class PartCorruptError extends Error {
  constructor(readonly partNo: number) {
    super(`part ${partNo} corrupt`);
  }
}

export type { BucketName };
