import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../errors.ts';
import { OBJECT_KEY_PATTERN, UPLOAD_KEY_PATTERN, isBucketName, type BucketName } from './fileTypes.ts';
import type { ObjectBackend } from './backend.ts';

/** A file body written to a local temporary name; nothing sees it until `commit` moves it into the backend. */
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
 * Stored files, named in the backend (local folder or S3 bucket) `<tenant>/<bucket>/<objectKey>` for objects and
 * `<tenant>/.uploads/<uploadKey>/<part>` for received chunks, so a chunk received by one server is joined by
 * another. Bodies are first spooled to `<root>/<tenant>/.tmp/` on this server's own disk (hashed and counted as they
 * arrive). Every name is built from validated parts.
 */
export class FileStore {
  constructor(
    /** Local folder of the temporary spools (and of the objects when the backend is the local folder). */
    readonly root: string,
    readonly backend: ObjectBackend,
  ) {}

  private static tenantFolder(tenantId: number): string {
    if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`bad tenant ${tenantId}`);
    return String(tenantId);
  }

  /** The backend name of a stored object; refuses a bucket or key the service never makes. */
  objectLocation(tenantId: number, bucket: string, objectKey: string): string {
    if (!isBucketName(bucket)) throw new ApiError('BAD_REQUEST', '存储桶 videoBucketName 不存在');
    if (!OBJECT_KEY_PATTERN.test(objectKey)) throw new ApiError('BAD_REQUEST', '文件标识 videoObjectKey 不合法');
    return `${FileStore.tenantFolder(tenantId)}/${bucket}/${objectKey}`;
  }

  private uploadPrefix(tenantId: number, uploadKey: string): string {
    if (!UPLOAD_KEY_PATTERN.test(uploadKey)) throw new ApiError('BAD_REQUEST', '上传标识 key 不合法');
    return `${FileStore.tenantFolder(tenantId)}/.uploads/${uploadKey}`;
  }

  partLocation(tenantId: number, uploadKey: string, part: number): string {
    if (!Number.isSafeInteger(part) || part <= 0) throw new ApiError('BAD_REQUEST', '分片序号 currentPart 不合法');
    return `${this.uploadPrefix(tenantId, uploadKey)}/${part}`;
  }

  private async tempPath(tenantId: number): Promise<string> {
    const dir = path.join(this.root, FileStore.tenantFolder(tenantId), '.tmp');
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

  /** Moves a finished temporary file to its backend name (local: an atomic rename; S3: one PUT, then the spool goes). */
  async commit(tmp: string, location: string): Promise<void> {
    await this.backend.put(location, tmp);
  }

  /**
   * Joins the parts in order into a temporary file, re-checking each part's checksum as it is read,
   * then commits the result to `dest`. Returns the size and sha256 of the whole file.
   */
  async assemble(tenantId: number, uploadKey: string, parts: { partNo: number; sha256: string }[], dest: string): Promise<{ size: number; sha256: string }> {
    const tmp = await this.tempPath(tenantId);
    const whole = createHash('sha256');
    let size = 0;
    const fh = await open(tmp, 'wx');
    try {
      for (const part of parts) {
        const buf = await this.backend.readAll(this.partLocation(tenantId, uploadKey, part.partNo));
        if (!buf || createHash('sha256').update(buf).digest('hex') !== part.sha256) throw new PartCorruptError(part.partNo);
        whole.update(buf);
        for (let off = 0; off < buf.length; ) off += (await fh.write(buf, off, buf.length - off)).bytesWritten;
        size += buf.length;
      }
      await fh.sync();
      await fh.close();
      await this.commit(tmp, dest);
    } catch (err) {
      await fh.close().catch(() => undefined);
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    return { size, sha256: whole.digest('hex') };
  }

  /** Size of a stored object, or undefined when it is not there. */
  size(location: string): Promise<number | undefined> {
    return this.backend.size(location);
  }

  /** The object's bytes from `start` to `end` inclusive (whole without a range). */
  read(location: string, range?: { start: number; end: number }): Promise<Readable> {
    return this.backend.read(location, range);
  }

  /** The whole object in memory, or undefined when it is not there. */
  readAll(location: string): Promise<Buffer | undefined> {
    return this.backend.readAll(location);
  }

  write(location: string, data: Buffer): Promise<void> {
    return this.backend.write(location, data);
  }

  async remove(location: string): Promise<void> {
    await this.backend.remove(location).catch(() => undefined);
  }

  async removeUpload(tenantId: number, uploadKey: string): Promise<void> {
    if (!UPLOAD_KEY_PATTERN.test(uploadKey)) return;
    await this.backend.removePrefix(`${this.uploadPrefix(tenantId, uploadKey)}/`);
  }

  async removePart(tenantId: number, uploadKey: string, part: number): Promise<void> {
    await this.remove(this.partLocation(tenantId, uploadKey, part));
  }

  /** Removes a local temporary file. */
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
