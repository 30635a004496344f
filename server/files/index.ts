import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { AppServices } from '../context.ts';
import { ApiError } from '../errors.ts';
import { SIMPLE_UPLOAD_MAX } from './fileTypes.ts';
import { FileStore, TooLargeError } from './storage.ts';
import { scheduleUploadSweeps } from './sweeper.ts';
import { fileServiceOf } from './service.ts';
import { uploadRoutes } from './uploads.ts';
import { downloadRoutes } from './downloads.ts';

const MB = 1024 * 1024;

/**
 * wxy-file-server: uploads (single and chunked), downloads and video serving with ranges.
 * Bytes live in the configured backend (DATA_DIR/files or an S3 bucket: FILE_STORAGE); a multipart file part is
 * streamed to a local temporary file while the request is parsed and only committed once the handler has checked it.
 */
export const fileRoutes = (services: AppServices) => async (app: FastifyInstance) => {
  const { store, secret } = fileServiceOf(services);
  const stopSweeps = scheduleUploadSweeps(services.db, store, app.log);
  app.addHook('onClose', async () => stopSweeps());

  // Temporary files a request spooled; whatever the handler did not move is removed before the answer
  // goes out (so a refused upload has left nothing by the time the client hears of it), or on abort.
  const spools = new WeakMap<FastifyRequest, string[]>();
  const dropSpools = async (req: FastifyRequest) => {
    for (const file of spools.get(req) ?? []) await FileStore.discard(file);
    spools.delete(req);
  };
  app.addHook('onSend', async (req, _reply, payload) => {
    await dropSpools(req);
    return payload;
  });
  app.addHook('onRequestAbort', async (req) => {
    // The parser may still be waiting for the rest of the body: end it, then remove what was written.
    req.raw.destroy();
    await dropSpools(req);
  });

  async function onFile(this: FastifyRequest, part: MultipartFile) {
    const max = this.routeOptions.config.uploadMaxBytes;
    if (!max || !this.auth) {
      part.file.resume();
      throw new ApiError('BAD_REQUEST', '该接口不接受文件');
    }
    try {
      const spool = await store.spool(this.auth.tenantId, part.file, max, part.filename, (tmp) => spools.set(this, [...(spools.get(this) ?? []), tmp]));
      (part as unknown as { value: unknown }).value = spool;
    } catch (err) {
      if (err instanceof TooLargeError) {
        throw new ApiError('FILE_TOO_LARGE', max === SIMPLE_UPLOAD_MAX ? `单次上传的文件不能超过 ${max / MB} MB，请使用分片上传` : `分片不能超过 ${max} 字节`);
      }
      throw err;
    }
  }

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile,
    // Backstops; the real per-route limit is checked while streaming (uploadMaxBytes).
    limits: { fileSize: SIMPLE_UPLOAD_MAX + 1, files: 1, fields: 30, parts: 31, fieldSize: 1024 },
  });

  await app.register(uploadRoutes(store, secret));
  await app.register(downloadRoutes(services, store, secret));
};
