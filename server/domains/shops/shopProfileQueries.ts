import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { STORED_FILE_SELECT, type StoredFile } from '../../files/fileInfo.ts';

/**
 * 门店档案's reads and writes, the SQL behind shopProfile.ts: a shop's hours and description (shop_profile), its
 * pictures and videos (shop_multimedia rows naming file-service objects), the floor plans of all shops and how
 * complete each shop's profile is. Links are signed by the routes, not here.
 */

/** A shop_multimedia row with its shop's name, as withLinks turns it into an answer. */
export interface MediaRow {
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

const MEDIA_SELECT = `SELECT m.id, m.shop_id, b.shop_name, m.media_type, m.bucket, m.object_key, m.file_name, m.remark, m.create_user_name,
  to_char(m.create_time, 'YYYY-MM-DD HH24:MI:SS') AS create_time FROM shop_multimedia m JOIN shop_base b ON b.shop_id = m.shop_id`;

async function requireShop(tx: Queryable, shopId: number): Promise<void> {
  const shop = await tx.query(`SELECT 1 FROM shop_base WHERE shop_id = $1`, [shopId]);
  if (!shop.rows[0]) throw new ApiError('BAD_REQUEST', '门店不存在');
}

/** The stored files the media rows name (one query for a page of them). */
export async function storedFilesOf(tx: Queryable, rows: MediaRow[]): Promise<StoredFile[]> {
  return (await tx.query<StoredFile>(`${STORED_FILE_SELECT} WHERE object_key = ANY($1::text[])`, [rows.map((r) => r.object_key)])).rows;
}

export interface ProfileInput {
  shopId: number;
  businessHours: string | null;
  description: string | null;
  userName: string;
}

/** A shop's hours and description: written, or updated where it has them. */
export async function saveProfile(tx: Queryable, p: ProfileInput): Promise<void> {
  await requireShop(tx, p.shopId);
  await tx.query(
    `INSERT INTO shop_profile (tenant_id, shop_id, business_hours, description, update_user_name) VALUES (app_current_tenant(), $1, $2, $3, $4)
     ON CONFLICT (tenant_id, shop_id) DO UPDATE SET business_hours = EXCLUDED.business_hours, description = EXCLUDED.description, update_user_name = EXCLUDED.update_user_name, update_time = now()`,
    [p.shopId, p.businessHours, p.description, p.userName],
  );
}

export interface MediaInput {
  shopId: number;
  mediaType: number;
  bucket: string;
  objectKey: string;
  remark: string | null;
  userName: string;
}

/** A file already uploaded to the file service becomes one of the shop's media (once per shop and file); answers its row. */
export async function addMedia(tx: Queryable, m: MediaInput): Promise<MediaRow[]> {
  await requireShop(tx, m.shopId);
  const f = (await tx.query<{ file_name: string }>(`SELECT file_name FROM file_object WHERE bucket = $1 AND object_key = $2`, [m.bucket, m.objectKey])).rows[0];
  if (!f) throw new ApiError('BAD_REQUEST', '文件不存在，请重新上传');
  const r = await tx.query<{ id: number }>(
    `INSERT INTO shop_multimedia (tenant_id, shop_id, media_type, bucket, object_key, file_name, remark, create_user_name)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tenant_id, shop_id, bucket, object_key) DO NOTHING RETURNING id`,
    [m.shopId, m.mediaType, m.bucket, m.objectKey, f.file_name, m.remark, m.userName],
  );
  if (!r.rows[0]) throw new ApiError('CONFLICT', '该文件已在门店档案中');
  return mediaById(tx, r.rows[0].id);
}

export async function mediaById(tx: Queryable, id: number): Promise<MediaRow[]> {
  return (await tx.query<MediaRow>(`${MEDIA_SELECT} WHERE m.id = $1`, [id])).rows;
}

export interface PageFilter {
  pageNum: number;
  pageSize: number;
}

/** The floor plans (media type 2) of one shop or of shops whose name contains shopName. */
export async function planarPicPage(tx: Queryable, f: PageFilter & { shopId: number | null; shopName: string | null }) {
  const where = `WHERE m.media_type = 2 AND ($1::int IS NULL OR m.shop_id = $1) AND ($2::text IS NULL OR b.shop_name LIKE '%' || $2 || '%')`;
  const p = [f.shopId, f.shopName];
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_multimedia m JOIN shop_base b ON b.shop_id = m.shop_id ${where}`, p)).rows[0].n;
  const rows = (await tx.query<MediaRow>(`${MEDIA_SELECT} ${where} ORDER BY b.shop_code, m.id LIMIT $3 OFFSET $4`, [...p, f.pageSize, (f.pageNum - 1) * f.pageSize])).rows;
  return { rows, total };
}

/** The caller's shops with their profile and how many media of each kind they have; complete = hours, a door photo and a floor plan. */
export async function profilePage(tx: Queryable, f: PageFilter & { shopName: string | null }) {
  // The caller's shops only (app_in_scope, migration 350): shop_base is master data every caller may read.
  const where = `WHERE app_in_scope(b.shop_id) AND ($1::text IS NULL OR b.shop_name LIKE '%' || $1 || '%')`;
  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM shop_base b ${where}`, [f.shopName])).rows[0].n;
  const records = (
    await tx.query(
      `SELECT b.shop_id AS "shopId", b.shop_code AS "shopCode", b.shop_name AS "shopName", p.business_hours AS "businessHours", p.description,
              count(m.id) FILTER (WHERE m.media_type = 1)::int AS "doorPhotos", count(m.id) FILTER (WHERE m.media_type = 2)::int AS "planarPics",
              count(m.id) FILTER (WHERE m.media_type = 3)::int AS "displayPhotos", count(m.id) FILTER (WHERE m.media_type = 4)::int AS videos,
              (p.business_hours IS NOT NULL AND bool_or(m.media_type = 1) IS TRUE AND bool_or(m.media_type = 2) IS TRUE) AS complete
         FROM shop_base b LEFT JOIN shop_profile p ON p.shop_id = b.shop_id LEFT JOIN shop_multimedia m ON m.shop_id = b.shop_id
         ${where} GROUP BY b.shop_id, b.shop_code, b.shop_name, p.business_hours, p.description ORDER BY b.shop_code LIMIT $2 OFFSET $3`,
      [f.shopName, f.pageSize, (f.pageNum - 1) * f.pageSize],
    )
  ).rows;
  return { records, total };
}
