import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { fileInfo, STORED_FILE_SELECT, type StoredFile } from '../../files/fileInfo.ts';
import { fileServiceOf } from '../../files/service.ts';
import { ok } from '../../http/envelope.ts';
import { idField } from '../../http/fields.ts';

/**
 * 门店档案: a shop's hours and description (shop-profile/add), its pictures and videos linked from the file service
 * (shop-multimedia/upload after the file itself was uploaded; download/{id} answers fresh signed links), the
 * floor plans of all shops (shop-rel-planar-pic-multimedia/page/ding) and the shops with how complete their
 * profile is (shop-base/page/profile).
 */

const tags = ['wxy-shop-server'];
const LIST = 'shop:base:list';
const EDIT = 'shop:base:edit';
export const MEDIA_TYPES: Record<number, string> = { 1: '门头照', 2: '平面图', 3: '陈列照', 4: '视频' };
const paging = {
  pageNum: { type: ['integer', 'null'], minimum: 1, maximum: 100000, title: '页码' },
  pageSize: { type: ['integer', 'null'], minimum: 1, maximum: 500, title: '每页条数' },
};

interface MediaRow {
  id: number;
  shop_id: number;
  shop_name: string;
  media_type: number;
  bucket: string;
  object_key: string;
  file_name: string;
  remark: string | null;
  create_user_name: string | null;
  create_time: string;
}

/** Media rows with fresh links from the file service (a file removed meanwhile answers no links). */
async function withLinks(services: AppServices, tenantId: number, tx: Queryable, rows: MediaRow[]) {
  if (!rows.length) return [];
  const secret = await fileServiceOf(services).secret();
  const files = await tx.query<StoredFile>(`${STORED_FILE_SELECT} WHERE object_key = ANY($1::text[])`, [rows.map((r) => r.object_key)]);
  const byKey = new Map(files.rows.map((f) => [`${f.bucket}/${f.object_key}`, f]));
  return rows.map((r) => {
    const f = byKey.get(`${r.bucket}/${r.object_key}`);
    const info = f ? fileInfo(f, tenantId, secret) : null;
    return {
      id: r.id, shopId: r.shop_id, shopName: r.shop_name, mediaType: r.media_type, mediaTypeName: MEDIA_TYPES[r.media_type], fileName: r.file_name, remark: r.remark,
      createUserName: r.create_user_name, createTime: r.create_time, url: info?.url ?? null, downloadUrl: info?.downloadUrl ?? null,
    };
  });
}

const MEDIA_SELECT = `SELECT m.id, m.shop_id, b.shop_name, m.media_type, m.bucket, m.object_key, m.file_name, m.remark, m.create_user_name,
  to_char(m.create_time, 'YYYY-MM-DD HH24:MI:SS') AS create_time FROM shop_multimedia m JOIN shop_base b ON b.shop_id = m.shop_id`;

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
      await req.tenantTx(async (tx) => {
        const shop = await tx.query(`SELECT 1 FROM shop_base WHERE shop_id = $1`, [b.shopId]);
        if (!shop.rows[0]) throw new ApiError('BAD_REQUEST', '门店不存在');
        await tx.query(
          `INSERT INTO shop_profile (tenant_id, shop_id, business_hours, description, update_user_name) VALUES (app_current_tenant(), $1, $2, $3, $4)
           ON CONFLICT (tenant_id, shop_id) DO UPDATE SET business_hours = EXCLUDED.business_hours, description = EXCLUDED.description, update_user_name = EXCLUDED.update_user_name, update_time = now()`,
          [b.shopId, b.businessHours?.trim() || null, b.description?.trim() || null, auth.displayName ?? auth.userName],
        );
      });
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
      const rows = await req.tenantTx(async (tx) => {
        const shop = await tx.query(`SELECT 1 FROM shop_base WHERE shop_id = $1`, [b.shopId]);
        if (!shop.rows[0]) throw new ApiError('BAD_REQUEST', '门店不存在');
        const f = (await tx.query<{ file_name: string }>(`SELECT file_name FROM file_object WHERE bucket = $1 AND object_key = $2`, [b.videoBucketName, b.videoObjectKey])).rows[0];
        if (!f) throw new ApiError('BAD_REQUEST', '文件不存在，请重新上传');
        const r = await tx.query<{ id: number }>(
          `INSERT INTO shop_multimedia (tenant_id, shop_id, media_type, bucket, object_key, file_name, remark, create_user_name)
           VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tenant_id, shop_id, bucket, object_key) DO NOTHING RETURNING id`,
          [b.shopId, b.mediaType, b.videoBucketName, b.videoObjectKey, f.file_name, b.remark?.trim() || null, auth.displayName ?? auth.userName],
        );
        if (!r.rows[0]) throw new ApiError('CONFLICT', '该文件已在门店档案中');
        return (await tx.query<MediaRow>(`${MEDIA_SELECT} WHERE m.id = $1`, [r.rows[0].id])).rows;
      });
      return ok((await req.tenantTx((tx) => withLinks(services, auth.tenantId, tx, rows)))[0], '已添加到门店档案');
    },
  );

  app.get<{ Params: { id: number } }>(
    '/shop-multimedia/download/:id',
    { config: { perm: LIST }, schema: { tags, summary: '门店档案文件：新签发的查看与下载链接', params: { type: 'object', required: ['id'], properties: { id: idField('文件') } } } },
    async (req) => {
      const auth = req.auth!;
      const one = await req.tenantTx(async (tx) => withLinks(services, auth.tenantId, tx, (await tx.query<MediaRow>(`${MEDIA_SELECT} WHERE m.id = $1`, [req.params.id])).rows));
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
        const where = `WHERE m.media_type = 2 AND ($1::int IS NULL OR m.shop_id = $1) AND ($2::text IS NULL OR b.shop_name LIKE '%' || $2 || '%')`;
        const p = [f.shopId ?? null, f.shopName?.trim() || null];
        const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_multimedia m JOIN shop_base b ON b.shop_id = m.shop_id ${where}`, p)).rows[0].n;
        const rows = (await tx.query<MediaRow>(`${MEDIA_SELECT} ${where} ORDER BY b.shop_code, m.id LIMIT $3 OFFSET $4`, [...p, size, ((f.pageNum ?? 1) - 1) * size])).rows;
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
      const data = await req.tenantTx(async (tx) => {
        // The caller's shops only (app_in_scope, migration 350): shop_base is master data every caller may read.
        const where = `WHERE app_in_scope(b.shop_id) AND ($1::text IS NULL OR b.shop_name LIKE '%' || $1 || '%')`;
        const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_base b ${where}`, [f.shopName?.trim() || null])).rows[0].n;
        const records = (await tx.query(
          `SELECT b.shop_id AS "shopId", b.shop_code AS "shopCode", b.shop_name AS "shopName", p.business_hours AS "businessHours", p.description,
                  count(m.id) FILTER (WHERE m.media_type = 1)::int AS "doorPhotos", count(m.id) FILTER (WHERE m.media_type = 2)::int AS "planarPics",
                  count(m.id) FILTER (WHERE m.media_type = 3)::int AS "displayPhotos", count(m.id) FILTER (WHERE m.media_type = 4)::int AS videos,
                  (p.business_hours IS NOT NULL AND bool_or(m.media_type = 1) IS TRUE AND bool_or(m.media_type = 2) IS TRUE) AS complete
             FROM shop_base b LEFT JOIN shop_profile p ON p.shop_id = b.shop_id LEFT JOIN shop_multimedia m ON m.shop_id = b.shop_id
             ${where} GROUP BY b.shop_id, b.shop_code, b.shop_name, p.business_hours, p.description ORDER BY b.shop_code LIMIT $2 OFFSET $3`,
          [f.shopName?.trim() || null, size, ((f.pageNum ?? 1) - 1) * size],
        )).rows;
        return { records, total };
      });
      return ok(data);
    },
  );
};
