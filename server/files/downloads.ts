import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../context.ts';
import { authenticate, authenticateToken, bearerToken, cookieOf, TOKEN_COOKIE } from '../auth/session.ts';
import { ApiError } from '../errors.ts';
import { envelopeSchema, ok } from '../http/envelope.ts';
import { STORED_FILE_SELECT, fileInfo, fileInfoSchema, type StoredFile } from './fileInfo.ts';
import { sendStoredFile } from './sendFile.ts';
import { verifySignature } from './signedUrl.ts';
import type { FileStore } from './storage.ts';

interface FileQuery {
  videoObjectKey: string;
  videoBucketName: string;
  tenantId?: number;
  expires?: number;
  sign?: string;
}

const fileQuerySchema = {
  type: 'object',
  required: ['videoObjectKey', 'videoBucketName'],
  properties: {
    videoObjectKey: { type: 'string', title: '文件标识', minLength: 1, maxLength: 256 },
    videoBucketName: { type: 'string', title: '存储桶', minLength: 1, maxLength: 32 },
    tenantId: { type: 'integer', title: '租户', minimum: 1 },
    expires: { type: 'integer', title: '有效期', minimum: 0 },
    sign: { type: 'string', title: '签名', maxLength: 64 },
  },
} as const;

export const downloadRoutes = (services: AppServices, store: FileStore, secret: () => Promise<Buffer>) => async (app: FastifyInstance) => {
  /** Finds the caller's file; another tenant's file is simply not there (RLS). */
  async function findFile(tenantId: number, q: FileQuery): Promise<{ row: StoredFile; location: string }> {
    const location = store.objectLocation(tenantId, q.videoBucketName, q.videoObjectKey);
    const row = (await services.db.tenant(tenantId, (tx) => tx.query<StoredFile>(`${STORED_FILE_SELECT} WHERE bucket = $1 AND object_key = $2`, [q.videoBucketName, q.videoObjectKey]))).rows[0];
    if (!row) throw new ApiError('NOT_FOUND', '文件不存在或已被删除');
    return { row, location };
  }

  /** Sends the file whole or the byte range asked for (206), so a <video> can seek. */
  async function send(req: FastifyRequest, reply: FastifyReply, tenantId: number, q: FileQuery, disposition: 'inline' | 'attachment') {
    const { row, location } = await findFile(tenantId, q);
    return sendStoredFile(req, reply, row, store, location, disposition);
  }

  /** The video links work with a signature (for <video>/<img>) or with the usual Bearer session. */
  async function tenantFor(req: FastifyRequest<{ Querystring: FileQuery }>): Promise<number> {
    const q = req.query;
    if (q.sign !== undefined) {
      const target = { tenantId: q.tenantId ?? 0, bucket: q.videoBucketName, objectKey: q.videoObjectKey, expires: q.expires ?? -1 };
      if (!q.tenantId || q.expires === undefined || !verifySignature(await secret(), target, q.sign)) throw new ApiError('FORBIDDEN', '文件链接已失效或签名不正确');
      // A link that never expires (an image kept in a row: avatar, product picture, print template) is a
      // reference, not a key: it opens only for a session of the link's tenant (the page's cookie or Bearer).
      if (q.expires === 0) {
        const token = bearerToken(req) ?? cookieOf(req, TOKEN_COOKIE);
        if (!token) throw new ApiError('NO_TOKEN', '请登录后查看该文件');
        req.auth = await authenticateToken(services.db, token, q.tenantId);
      }
      return q.tenantId;
    }
    req.auth = await authenticate(services.db, req);
    return req.auth.tenantId;
  }

  app.get<{ Querystring: FileQuery }>(
    '/file/download',
    { config: { anyUser: true }, schema: { tags: ['files'], summary: '下载文件（按 videoObjectKey 与 videoBucketName，支持 Range）', querystring: fileQuerySchema } },
    async (req, reply) => send(req, reply, req.auth!.tenantId, req.query, 'attachment'),
  );

  app.get<{ Querystring: FileQuery }>(
    '/file/info',
    { config: { anyUser: true }, schema: { tags: ['files'], summary: '文件信息与新的签名链接', querystring: fileQuerySchema, response: { 200: envelopeSchema(fileInfoSchema) } } },
    async (req) => {
      const tenantId = req.auth!.tenantId;
      const { row } = await findFile(tenantId, req.query);
      return ok(fileInfo(row, tenantId, await secret()));
    },
  );

  for (const [route, disposition] of [['/video/downloadFile', 'attachment'], ['/video/downSeeding', 'inline']] as const) {
    app.get<{ Querystring: FileQuery }>(
      route,
      {
        config: { public: true },
        schema: {
          tags: ['files'],
          summary: disposition === 'inline' ? '在线播放视频/显示图片（Range 请求，可拖动进度）' : '下载视频文件（Range 请求）',
          querystring: fileQuerySchema,
        },
      },
      async (req, reply) => send(req, reply, await tenantFor(req), req.query, disposition),
    );
  }
};
