import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok } from '../http/envelope.ts';
import { CHUNK_SIZE, MAX_TOTAL_PART, SIMPLE_UPLOAD_MAX, UPLOAD_KEY_PATTERN, checkFile, expectedPartSize, isSafeFileName, partCount, type FileTypeInfo } from './fileTypes.ts';
import { chunkStateSchema, fileInfo, fileInfoSchema, type ChunkState } from './fileInfo.ts';
import { FileStore, PartCorruptError, type Spool } from './storage.ts';
import { finishUpload, insertObject, type NewObject, openUpload, recordPart, reopenUpload, uploadParts, uploadProgress } from './uploadQueries.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Largest file body a multipart route accepts (checked while streaming). */
    uploadMaxBytes?: number;
  }
}

const fileNameField = { type: 'string', title: '文件名', minLength: 1, maxLength: 128 } as const;
// Videos may pass 2 GiB: wider than the guard's default integer range.
const fileSizeField = { type: 'integer', title: '文件大小', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;
const fileField = { type: 'object', title: '文件' } as const;

interface SimpleUploadBody {
  file: Spool;
  fileName: string;
  fileSize: number;
  [extra: string]: unknown;
}

interface ChunkUploadBody {
  file: Spool;
  currentPart: number;
  size: number;
  totalPart: number;
  fileName: string;
  fileSize: number;
  key: string;
  chunkSha256: string;
}

/** Refuses a file name or type the service does not take; answers where it goes. */
function admit(fileName: string, fileSize: number): FileTypeInfo {
  if (!isSafeFileName(fileName)) throw new ApiError('BAD_REQUEST', '文件名 fileName 不能包含路径分隔符或控制字符');
  const check = checkFile(fileName, fileSize);
  if (!check.ok) throw new ApiError(check.status === 413 ? 'FILE_TOO_LARGE' : 'FILE_TYPE_REFUSED', check.msg);
  return check.type;
}

export const uploadRoutes = (store: FileStore, secret: () => Promise<Buffer>) => async (app: FastifyInstance) => {
  /** Inserts the object row; if that fails the committed bytes are removed, so no file exists without its row. */
  async function recordObject(req: FastifyRequest, tx: Queryable, o: NewObject, dest: string) {
    try {
      return await insertObject(tx, o, req.auth!.userId);
    } catch (err) {
      await store.remove(dest);
      throw err;
    }
  }

  app.post<{ Body: SimpleUploadBody }>(
    '/file/upload',
    {
      config: { anyUser: true, uploadMaxBytes: SIMPLE_UPLOAD_MAX },
      schema: {
        tags: ['files'],
        summary: '上传文件（单次请求，20 MB 以内；更大的文件用分片上传）',
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          required: ['file', 'fileName', 'fileSize'],
          properties: { file: fileField, fileName: fileNameField, fileSize: fileSizeField },
          // Extra params travel with the file and are kept beside it.
          additionalProperties: { type: 'string', maxLength: 256 },
        },
        response: { 200: envelopeSchema(fileInfoSchema) },
      },
    },
    async (req) => {
      const { file, fileName, fileSize, ...rest } = req.body;
      const type = admit(fileName, fileSize);
      if (file.size !== fileSize) throw new ApiError('BAD_REQUEST', `文件大小 fileSize 与收到的文件不符（收到 ${file.size} 字节）`);
      const extra = Object.fromEntries(Object.entries(rest).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const tenantId = req.auth!.tenantId;
      const objectKey = FileStore.newObjectKey(type.ext);
      const dest = store.objectLocation(tenantId, type.bucket, objectKey);
      await store.commit(file.path, dest);
      const row = await req.tenantTx((tx) => recordObject(req, tx, { type, objectKey, fileName, size: file.size, sha256: file.sha256, extra }, dest));
      return ok(fileInfo(row, tenantId, await secret()), '上传成功');
    },
  );

  async function chunkState(req: FastifyRequest, key: string): Promise<ChunkState> {
    const tenantId = req.auth!.tenantId;
    const { session, parts, file } = await req.tenantTx((tx) => uploadProgress(tx, key, req.auth!.userId));
    if (!session) return { key, totalPart: 0, uploadedParts: [], complete: false, file: null };
    const done = session.status === 'done' && !!file;
    return {
      key,
      totalPart: session.total_part,
      uploadedParts: done ? Array.from({ length: session.total_part }, (_, i) => i + 1) : parts,
      complete: done,
      file: done ? fileInfo(file, tenantId, await secret()) : null,
    };
  }

  app.get<{ Params: { key: string } }>(
    '/file/chunk-upload/:key',
    { config: { anyUser: true },
      schema: {
        tags: ['files'],
        summary: '分片上传进度：服务器已有的分片（用于断点续传）',
        params: { type: 'object', required: ['key'], properties: { key: { type: 'string', title: '上传标识', pattern: UPLOAD_KEY_PATTERN.source, 'x-msg': '上传标识 key 只能是 8-64 位字母、数字、- 或 _' } } },
        response: { 200: envelopeSchema(chunkStateSchema) },
      },
    },
    async (req) => ok(await chunkState(req, req.params.key)),
  );

  app.post<{ Body: ChunkUploadBody }>(
    '/file/chunk-upload',
    {
      config: { anyUser: true, uploadMaxBytes: CHUNK_SIZE },
      schema: {
        tags: ['files'],
        summary: '分片上传：每片 5,242,880 字节（最后一片为余数），带 SHA-256 校验；收齐后合并',
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          required: ['file', 'currentPart', 'size', 'totalPart', 'fileName', 'fileSize', 'key', 'chunkSha256'],
          properties: {
            file: fileField,
            currentPart: { type: 'integer', title: '分片序号', minimum: 1, maximum: MAX_TOTAL_PART },
            size: { type: 'integer', title: '分片大小', minimum: 1, maximum: CHUNK_SIZE },
            totalPart: { type: 'integer', title: '分片总数', minimum: 1, maximum: MAX_TOTAL_PART },
            fileName: fileNameField,
            fileSize: { ...fileSizeField, minimum: 1 },
            key: { type: 'string', title: '上传标识', pattern: UPLOAD_KEY_PATTERN.source, 'x-msg': '上传标识 key 只能是 8-64 位字母、数字、- 或 _' },
            chunkSha256: { type: 'string', title: '分片校验值', pattern: '^[0-9a-fA-F]{64}$', 'x-msg': '分片校验值 chunkSha256 必须是 64 位十六进制 SHA-256' },
          },
          additionalProperties: false,
        },
        response: { 200: envelopeSchema(chunkStateSchema) },
      },
    },
    async (req) => {
      const b = req.body;
      const auth = req.auth!;
      const type = admit(b.fileName, b.fileSize);
      const parts = partCount(b.fileSize, b.size);
      if (b.totalPart !== parts) throw new ApiError('BAD_REQUEST', `分片总数 totalPart 应为 ${parts}`);
      if (b.currentPart > b.totalPart) throw new ApiError('BAD_REQUEST', '分片序号 currentPart 不能大于分片总数 totalPart');
      const expected = expectedPartSize(b.fileSize, b.size, b.totalPart, b.currentPart);
      if (b.file.size !== expected) throw new ApiError('BAD_REQUEST', `第 ${b.currentPart} 个分片应为 ${expected} 字节，实际收到 ${b.file.size} 字节`);
      if (b.file.sha256 !== b.chunkSha256.toLowerCase()) throw new ApiError('CHECKSUM_MISMATCH', `第 ${b.currentPart} 个分片校验失败，请重新上传该分片`);

      const session = await req.tenantTx((tx) => openUpload(tx, b, auth.userId));
      const same = session.user_id === auth.userId && session.file_name === b.fileName && session.file_size === b.fileSize && session.chunk_size === b.size && session.total_part === b.totalPart;
      if (!same) throw new ApiError('CONFLICT', '上传标识 key 已用于另一个文件，请重新选择文件上传');
      // A chunk re-sent after the file was joined (its answer was lost): the same answer again.
      if (session.status === 'done') {
        await FileStore.discard(b.file.path);
        return ok(await chunkState(req, b.key));
      }
      if (session.status === 'assembling' && !session.stale) throw new ApiError('CONFLICT', '文件正在合并，请稍后查询上传进度');

      await store.commit(b.file.path, store.partLocation(auth.tenantId, b.key, b.currentPart));
      const ready = await req.tenantTx((tx) => recordPart(tx, b.key, b.currentPart, b.file.size, b.file.sha256));
      if (ready) await assemble(req, b, type);
      return ok(await chunkState(req, b.key));
    },
  );

  async function assemble(req: FastifyRequest, b: ChunkUploadBody, type: FileTypeInfo): Promise<void> {
    const tenantId = req.auth!.tenantId;
    const objectKey = FileStore.newObjectKey(type.ext);
    const dest = store.objectLocation(tenantId, type.bucket, objectKey);
    try {
      const parts = await req.tenantTx((tx) => uploadParts(tx, b.key));
      const joined = await store.assemble(tenantId, b.key, parts, dest);
      if (joined.size !== b.fileSize) throw new Error(`joined ${joined.size} bytes, expected ${b.fileSize}`);
      await req.tenantTx(async (tx) => {
        const row = await recordObject(req, tx, { type, objectKey, fileName: b.fileName, size: joined.size, sha256: joined.sha256, extra: {} }, dest);
        await finishUpload(tx, b.key, row.id);
      });
      await store.removeUpload(tenantId, b.key);
    } catch (err) {
      await store.remove(dest);
      await req.tenantTx((tx) => reopenUpload(tx, b.key, err instanceof PartCorruptError ? err.partNo : null));
      if (err instanceof PartCorruptError) {
        await store.removePart(tenantId, b.key, err.partNo);
        throw new ApiError('CHECKSUM_MISMATCH', `第 ${err.partNo} 个分片已损坏，请重新上传该分片`);
      }
      throw err;
    }
  }
};
