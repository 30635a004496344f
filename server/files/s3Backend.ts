import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import type { ObjectBackend } from './backend.ts';

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, OSS/COS in S3 mode), so every server of a fleet sees the same
 * objects and chunks. The bytes still go through this server (GetObject with Range), so the links stay ours:
 * signed, checked per tenant, and the same on both backends.
 */
export class S3Backend implements ObjectBackend {
  readonly client: S3Client;
  constructor(private readonly s3: S3Settings) {
    this.client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // Checksums only where the API demands them: many S3-compatible servers do not take the SDK's default
      // aws-chunked trailing checksums (the file service checks its own SHA-256s anyway).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(name: string): string {
    return this.s3.prefix + name;
  }

  async put(name: string, tmp: string): Promise<void> {
    const { size } = await stat(tmp);
    await this.client.send(new PutObjectCommand({ Bucket: this.s3.bucket, Key: this.key(name), Body: createReadStream(tmp), ContentLength: size }));
    await unlink(tmp).catch(() => undefined);
  }

  async write(name: string, data: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.s3.bucket, Key: this.key(name), Body: data, ContentLength: data.length }));
  }

  async size(name: string): Promise<number | undefined> {
    try {
      return (await this.client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: this.key(name) }))).ContentLength;
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async read(name: string, range?: { start: number; end: number }): Promise<Readable> {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.s3.bucket, Key: this.key(name), Range: range && `bytes=${range.start}-${range.end}` }));
    return out.Body instanceof Readable ? out.Body : Readable.from([]);
  }

  async readAll(name: string): Promise<Buffer | undefined> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.s3.bucket, Key: this.key(name) }));
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async remove(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: this.key(name) }));
  }

  async removePrefix(prefix: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.s3.bucket, Prefix: this.key(prefix), ContinuationToken: token }));
      // One DELETE per object: a chunked upload has at most a few hundred parts, and not every S3-compatible server takes DeleteObjects.
      for (const o of page.Contents ?? []) if (o.Key) await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: o.Key }));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
