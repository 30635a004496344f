import type { Queryable } from '../db/index.ts';
import type { FileTypeInfo } from './fileTypes.ts';
import { STORED_FILE_SELECT, type StoredFile } from './fileInfo.ts';

/**
 * The upload records (file_object, file_upload and its parts): the SQL behind uploads.ts's routes. The bytes are
 * the FileStore's; these only record them.
 */

export interface UploadSession {
  user_id: number;
  file_name: string;
  file_size: number;
  chunk_size: number;
  total_part: number;
  status: 'open' | 'assembling' | 'done';
  stale: boolean;
  object_id: number | null;
}

/** A session stuck in `assembling` this long (the process died mid-join) may be joined again. */
const STALE_ASSEMBLY = `interval '10 minutes'`;

export interface NewObject { type: FileTypeInfo; objectKey: string; fileName: string; size: number; sha256: string; extra: Record<string, string> }

/** The object row of a stored file, by whom it was uploaded. */
export async function insertObject(tx: Queryable, o: NewObject, userId: number) {
  return (
    await tx.query<StoredFile & { id: number }>(
      `INSERT INTO file_object(tenant_id, bucket, object_key, file_name, file_type, content_type, file_size, sha256, extra, created_by)
       VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9)
       RETURNING id, bucket, object_key, file_name, file_type, content_type, file_size::float8 AS file_size, sha256, extra, created_at`,
      [o.type.bucket, o.objectKey, o.fileName, o.type.ext, o.type.contentType, o.size, o.sha256, JSON.stringify(o.extra), userId],
    )
  ).rows[0];
}

/** An upload session of the user's, its parts received and its file once joined; no session when it is another's. */
export async function uploadProgress(tx: Queryable, key: string, userId: number) {
  const s = (await tx.query<{ total_part: number; status: string; object_id: number | null; user_id: number }>(`SELECT total_part, status, object_id, user_id FROM file_upload WHERE upload_key = $1`, [key])).rows[0];
  if (!s || s.user_id !== userId) return { session: undefined, parts: [], file: undefined };
  const p = (await tx.query<{ part_no: number }>(`SELECT part_no FROM file_upload_part WHERE upload_key = $1 ORDER BY part_no`, [key])).rows.map((r) => r.part_no);
  const f = s.object_id === null ? undefined : (await tx.query<StoredFile>(`${STORED_FILE_SELECT} WHERE id = $1`, [s.object_id])).rows[0];
  return { session: s, parts: p, file: f };
}

/** The session of the key, opened with this file's figures unless it exists (then as it was). */
export async function openUpload(tx: Queryable, b: { key: string; fileName: string; fileSize: number; size: number; totalPart: number }, userId: number): Promise<UploadSession> {
  await tx.query(
    `INSERT INTO file_upload(tenant_id, upload_key, user_id, file_name, file_size, chunk_size, total_part)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6) ON CONFLICT (tenant_id, upload_key) DO NOTHING`,
    [b.key, userId, b.fileName, b.fileSize, b.size, b.totalPart],
  );
  return (
    await tx.query<UploadSession>(
      `SELECT user_id, file_name, file_size::float8 AS file_size, chunk_size, total_part, status, object_id,
              updated_at < now() - ${STALE_ASSEMBLY} AS stale
         FROM file_upload WHERE upload_key = $1`,
      [b.key],
    )
  ).rows[0];
}

/** Records a part; true when it completed the set and this call claimed the join. */
export async function recordPart(tx: Queryable, key: string, partNo: number, size: number, sha256: string): Promise<boolean> {
  await tx.query(
    `INSERT INTO file_upload_part(tenant_id, upload_key, part_no, part_size, sha256) VALUES (app_current_tenant(), $1, $2, $3, $4)
     ON CONFLICT (tenant_id, upload_key, part_no) DO UPDATE SET part_size = EXCLUDED.part_size, sha256 = EXCLUDED.sha256`,
    [key, partNo, size, sha256],
  );
  // Compare-and-set: of several requests completing the set, exactly one joins the parts.
  const claim = await tx.query(
    `UPDATE file_upload u SET status = 'assembling', updated_at = now()
      WHERE upload_key = $1 AND (status = 'open' OR (status = 'assembling' AND updated_at < now() - ${STALE_ASSEMBLY}))
        AND (SELECT count(*) FROM file_upload_part p WHERE p.upload_key = u.upload_key) = u.total_part
      RETURNING upload_key`,
    [key],
  );
  if (claim.rowCount === 0) await tx.query(`UPDATE file_upload SET updated_at = now() WHERE upload_key = $1 AND status = 'open'`, [key]);
  return claim.rowCount > 0;
}

export async function uploadParts(tx: Queryable, key: string) {
  return (await tx.query<{ partNo: number; sha256: string }>(`SELECT part_no AS "partNo", sha256 FROM file_upload_part WHERE upload_key = $1 ORDER BY part_no`, [key])).rows;
}

/** The session is done with its file; its part rows go. */
export async function finishUpload(tx: Queryable, key: string, objectId: number): Promise<void> {
  await tx.query(`UPDATE file_upload SET status = 'done', object_id = $2, updated_at = now() WHERE upload_key = $1`, [key, objectId]);
  await tx.query(`DELETE FROM file_upload_part WHERE upload_key = $1`, [key]);
}

/** A join that failed: the session opens again, without the corrupt part when there is one. */
export async function reopenUpload(tx: Queryable, key: string, corruptPart: number | null): Promise<void> {
  await tx.query(`UPDATE file_upload SET status = 'open', updated_at = now() WHERE upload_key = $1 AND status = 'assembling'`, [key]);
  if (corruptPart !== null) await tx.query(`DELETE FROM file_upload_part WHERE upload_key = $1 AND part_no = $2`, [key, corruptPart]);
}
