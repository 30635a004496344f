import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { fileInfo } from '../../files/fileInfo.ts';
import { fileServiceOf } from '../../files/service.ts';
import { ok } from '../../http/envelope.ts';
import { idField } from '../../http/fields.ts';
import { addMedia, mediaById, type MediaRow, planarPicPage, profilePage, saveProfile, storedFilesOf } from './shopProfileQueries.ts';

/**
 * 门店档案: a shop's hours and description (shop-profile/add), its pictures and videos linked from the file service
 * (shop-multimedia/upload after the file itself was uploaded; download/{id} answers fresh signed links), the
 * floor plans of all shops (shop-rel-planar-pic-multimedia/page/ding) and the shops with how complete their
 * profile is (shop-base/page/profile). The handlers validate, call shopProfileQueries.ts and sign the links.
 */

const tags = ['wxy-shop-server'];
const LIST = 'shop:base:list';
const EDIT = 'shop:base:edit';
export const MEDIA_TYPES: Record<number, string> = { 1: '门头照', 2: '平面图', 3: '陈列照', 4: '视频' };
const paging = {
  pageNum: { type: ['integer', 'null'], minimum: 1, maximum: 100000, title: '页码' },
  pageSize: { type: ['integer', 'null'], minimum: 1, maximum: 500, title: '每页条数' },
};

/** Media rows with fresh links from the file service (a file removed meanwhile answers no links). */
async function withLinks(services: AppServices, tenantId: number, tx: Queryable, rows: MediaRow[]) {
  if (!rows.length) return [];
  const secret = await fileServiceOf(services).secret();
  const files = await storedFilesOf(tx, rows);
  const byKey = new Map(files.map((f) => [`${f.bucket}/${f.object_key}`, f]));
  return rows.map((r) => {
    const f = byKey.get(`${r.bucket}/${r.object_key}`);
    const info = f ? fileInfo(f, tenantId, secret) : null;
    return {
      id: r.id, shopId: r.shop_id, shopName: r.shop_name, mediaType: r.media_type, mediaTypeName: MEDIA_TYPES[r.media_type], fileName: r.file_name, remark: r.remark,
      createUserName: r.create_user_name, createTime: r.create_time, url: info?.url ?? null, downloadUrl: info?.downloadUrl ?? null,
    };
  });
}

export const shopProfileRoutes = (services: AppServices) => async (app: FastifyInstance) => {
  app.post<{ Body: { shopId: number; businessHours?: string | null; description?: string | null } }>(
    '/shop-profile/add',
    {
      config: { perm: EDIT },
      schema: {
        tags,
        summary: '保存门店档案：营业时间、门店介绍（已有则更新）',
        body: {
          type: 'object', additionalProperties: false, required: ['shopId'],
          properties: { shopId: idField('门店'), businessHours: { type: ['string', 'null'], maxLength: 48, title: '营业时间' }, description: { type: ['string', 'null'], maxLength: 500, title: '门店介绍' } },
        },
      },
    },
    async (req) => {
      const b = req.body;
      const auth = req.auth!;
      await req.tenantTx((tx) =>
        saveProfile(tx, { shopId: b.shopId, businessHours: b.businessHours?.trim() || null, description: b.description?.trim() || null, userName: auth.displayName ?? auth.userName }),
      );
      return ok(null, '门店档案已保存');
    },
  );

  app.post<{ Body: { shopId: number; mediaType: number; videoObjectKey: string; videoBucketName: string; remark?: string | null } }>(
    '/shop-multimedia/upload',
    {
      config: { perm: EDIT },
      schema: {
        tags,
        summary: '把已上传到文件服务的图片或视频登记到门店档案（门头照、平面图、陈列照、视频）',
        body: {
          type: 'object', additionalProperties: false, required: ['shopId', 'mediaType', 'videoObjectKey', 'videoBucketName'],
          properties: {
            shopId: idField('门店'),
            mediaType: { type: 'integer', enum: [1, 2, 3, 4], title: '类型' },
            videoObjectKey: { type: 'string', minLength: 1, maxLength: 128, title: '文件键' },
            videoBucketName: { type: 'string', enum: ['image', 'video'], title: '文件桶' },
            remark: { type: ['string', 'null'], maxLength: 200, title: '备注' },
          },
        },
      },
    },
    async (req) => {
      const b = req.body;
      const auth = req.auth!;
      if ((b.mediaType === 4) !== (b.videoBucketName === 'video')) throw new ApiError('BAD_REQUEST', b.mediaType === 4 ? '视频请上传 mp4 或 ogg 文件' : '门头照、平面图、陈列照请上传图片');
      const rows = await req.tenantTx((tx) =>
        addMedia(tx, { shopId: b.shopId, mediaType: b.mediaType, bucket: b.videoBucketName, objectKey: b.videoObjectKey, remark: b.remark?.trim() || null, userName: auth.displayName ?? auth.userName }),
      );
      return ok((await req.tenantTx((tx) => withLinks(services, auth.tenantId, tx, rows)))[0], '已添加到门店档案');
    },
  );

  app.get<{ Params: { id: number } }>(
    '/shop-multimedia/download/:id',
    { config: { perm: LIST }, schema: { tags, summary: '门店档案文件：新签发的查看与下载链接', params: { type: 'object', required: ['id'], properties: { id: idField('文件') } } } },
    async (req) => {
      const auth = req.auth!;
      const one = await req.tenantTx(async (tx) => withLinks(services, auth.tenantId, tx, await mediaById(tx, req.params.id)));
      if (!one[0]) throw new ApiError('NOT_FOUND', '文件不存在');
      if (!one[0].downloadUrl) throw new ApiError('NOT_FOUND', '文件已被删除');
      return ok(one[0]);
    },
  );

  app.post<{ Body: { pageNum?: number | null; pageSize?: number | null; shopId?: number | null; shopName?: string | null } | null }>(
    '/shop-rel-planar-pic-multimedia/page/ding',
    {
      config: { perm: LIST },
      schema: { tags, summary: '门店平面图分页（带查看链接）', body: { type: ['object', 'null'], additionalProperties: false, properties: { ...paging, shopId: { ...idField('门店'), type: ['integer', 'null'] }, shopName: { type: ['string', 'null'], maxLength: 24, title: '门店名称' } } } },
    },
    async (req) => {
      const f = req.body ?? {};
      const size = f.pageSize ?? 20;
      const auth = req.auth!;
      const data = await req.tenantTx(async (tx) => {
        const { rows, total } = await planarPicPage(tx, { pageNum: f.pageNum ?? 1, pageSize: size, shopId: f.shopId ?? null, shopName: f.shopName?.trim() || null });
        return { records: await withLinks(services, auth.tenantId, tx, rows), total };
      });
      return ok(data);
    },
  );

  app.post<{ Body: { pageNum?: number | null; pageSize?: number | null; shopName?: string | null } | null }>(
    '/shop-base/page/profile',
    {
      config: { perm: LIST },
      schema: { tags, summary: '门店档案分页：营业时间、介绍，门头照、平面图、陈列照、视频各有几份，档案是否齐全', body: { type: ['object', 'null'], additionalProperties: false, properties: { ...paging, shopName: { type: ['string', 'null'], maxLength: 24, title: '门店名称' } } } },
    },
    async (req) => {
      const f = req.body ?? {};
      const size = f.pageSize ?? 20;
      const data = await req.tenantTx((tx) => profilePage(tx, { pageNum: f.pageNum ?? 1, pageSize: size, shopName: f.shopName?.trim() || null }));
      return ok(data);
    },
  );
};
