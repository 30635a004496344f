import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';

/**
 * Receipt photos of a petty-cash record: the object keys of images uploaded through the file service, kept
 * comma-separated (`202611/<uuid>.jpg,…`). Keys, not links: a signed link expires, a key is read again with
 * fresh links (file/info). Each must be an image this tenant uploaded. (打卡照片 of attendance are checked the same way.)
 */

export const MAX_PICTURES = 9;
const KEY = /^[0-9]{6}\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export const pictureKeys = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(',').map((k) => k.trim()).filter(Boolean) : [];

/** The pictures as they are stored (deduplicated, trimmed), or a 400 naming what is wrong. */
export async function checkPictures(tx: Queryable, value: unknown, required: boolean, title = '票据照片', max = MAX_PICTURES): Promise<string | null> {
  const keys = [...new Set(pictureKeys(value))];
  if (!keys.length) {
    if (required) throw new ApiError('BAD_REQUEST', `请上传${title}`);
    return null;
  }
  if (keys.length > max) throw new ApiError('BAD_REQUEST', `${title}最多${max}张`);
  const bad = keys.find((k) => !KEY.test(k));
  if (bad) throw new ApiError('BAD_REQUEST', `${title}“${bad.slice(0, 60)}”不是上传的图片`);
  const found = await tx.query<{ object_key: string }>(`SELECT object_key FROM file_object WHERE bucket = 'image' AND object_key = ANY($1::text[])`, [keys]);
  const have = new Set(found.rows.map((r) => r.object_key));
  const missing = keys.find((k) => !have.has(k));
  if (missing) throw new ApiError('BAD_REQUEST', `${title}“${missing}”不存在，请重新上传`);
  return keys.join(',');
}
