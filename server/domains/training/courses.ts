import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { STORED_FILE_SELECT, type StoredFile } from '../../files/fileInfo.ts';
import { extensionOf } from '../../files/fileTypes.ts';
import type { MediaTarget } from '../../files/signedUrl.ts';
import { grantedGroupSql, mayWatchMaterial, watchableSql } from './grants.ts';
import { groupExists } from './groups.ts';
import { myOpenAssignment } from './learning.ts';
import { ts } from './sql.ts';

/**
 * video-material: the courses, each a video the file service holds in its video bucket (and an optional cover image),
 * registered here with its duration; played through a signed stream link that asks the watching rule (grants.ts) again
 * on every range.
 */
export interface MaterialBody {
  materialId?: number; groupId: number; title: string; description?: string | null; durationSeconds: number;
  videoObjectKey: string; videoBucketName: string; coverObjectKey?: string | null; coverBucketName?: string | null;
}

const VIDEO_TYPES = ['mp4', 'ogg'];

/** What a course stream link signs: one course for one person of one tenant, until it expires. */
export const streamTarget = (tenantId: number, materialId: number, userId: number, expires: number): MediaTarget =>
  ({ tenantId, bucket: 'course-stream', objectKey: `${materialId}/${userId}`, expires });

/** The file must be one this tenant uploaded; a video must be mp4/ogg in the video bucket, a cover an image. */
async function storedFile(tx: Queryable, bucket: string, key: string): Promise<StoredFile | undefined> {
  return (await tx.query<StoredFile>(`${STORED_FILE_SELECT} WHERE bucket = $1 AND object_key = $2`, [bucket, key])).rows[0];
}

async function checkMaterialFiles(tx: Queryable, b: MaterialBody): Promise<StoredFile> {
  const video = await storedFile(tx, b.videoBucketName, b.videoObjectKey);
  if (!video) throw new ApiError('BAD_REQUEST', '视频文件 videoObjectKey 不存在，请重新上传');
  if (video.bucket !== 'video' || !VIDEO_TYPES.includes(extensionOf(video.file_name))) {
    throw new ApiError('BAD_REQUEST', `视频文件只能是 mp4 或 ogg 格式，「${video.file_name}」不是`);
  }
  if (b.coverObjectKey) {
    const cover = await storedFile(tx, b.coverBucketName ?? 'image', b.coverObjectKey);
    if (!cover || !cover.content_type.startsWith('image/')) throw new ApiError('BAD_REQUEST', '封面 coverObjectKey 必须是已上传的图片');
  }
  return video;
}

const MATERIAL_COLUMNS = `m.material_id AS "materialId", m.group_id AS "groupId", g.group_name AS "groupName", m.title, m.description,
  m.duration_seconds AS "durationSeconds", m.video_object_key AS "videoObjectKey", m.video_bucket_name AS "videoBucketName",
  m.cover_object_key AS "coverObjectKey", m.cover_bucket_name AS "coverBucketName", m.file_name AS "fileName", m.file_size::float8 AS "fileSize",
  m.create_user_name AS "createUserName", ${ts('m.create_time')} AS "createTime"`;

export async function courseInfo(tx: Queryable, auth: AuthContext, materialId: number) {
  const g = watchableSql(auth, 'm.material_id', 2);
  const row = (await tx.query(`SELECT ${MATERIAL_COLUMNS} FROM video_material m JOIN video_material_group g ON g.group_id = m.group_id WHERE m.material_id = $1 AND ${g.sql}`,
    [materialId, g.value])).rows[0];
  if (!row) throw new ApiError('NOT_FOUND', '课程不存在或无权查看');
  return row;
}

export async function addCourse(tx: Queryable, auth: AuthContext, b: MaterialBody): Promise<number> {
  await groupExists(tx, auth, b.groupId);
  const video = await checkMaterialFiles(tx, b);
  return (await tx.query<{ material_id: number }>(
    `INSERT INTO video_material (tenant_id, group_id, title, description, cover_object_key, cover_bucket_name, video_object_key, video_bucket_name,
                                 file_name, file_size, duration_seconds, create_user_name)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING material_id`,
    [b.groupId, b.title.trim(), b.description ?? null, b.coverObjectKey || null, b.coverObjectKey ? (b.coverBucketName ?? 'image') : null,
      b.videoObjectKey, b.videoBucketName, video.file_name, video.file_size, b.durationSeconds, auth.displayName ?? auth.userName],
  )).rows[0].material_id;
}

/** A course already assigned keeps its video and duration: its people's progress is measured against them. */
export async function updateCourse(tx: Queryable, auth: AuthContext, b: MaterialBody & { materialId: number }): Promise<void> {
  const g = grantedGroupSql(auth, 'm.group_id', 2);
  const cur = (await tx.query<{ video_object_key: string; duration_seconds: number; assigned: number }>(
    `SELECT m.video_object_key, m.duration_seconds, (SELECT count(*)::int FROM sys_video_task_user_det d WHERE d.material_id = m.material_id) AS assigned
       FROM video_material m WHERE m.material_id = $1 AND ${g.sql} FOR UPDATE`, [b.materialId, g.value])).rows[0];
  if (!cur) throw new ApiError('NOT_FOUND', '课程不存在或无权查看');
  await groupExists(tx, auth, b.groupId);
  const video = await checkMaterialFiles(tx, b);
  if (cur.assigned && (cur.video_object_key !== b.videoObjectKey || cur.duration_seconds !== b.durationSeconds)) {
    throw new ApiError('CONFLICT', '该课程已分配给学员，不能更换视频或修改时长');
  }
  await tx.query(
    `UPDATE video_material SET group_id = $2, title = $3, description = $4, cover_object_key = $5, cover_bucket_name = $6, video_object_key = $7,
            video_bucket_name = $8, file_name = $9, file_size = $10, duration_seconds = $11, update_time = now(),
            demo_colour = CASE WHEN video_object_key = $7 THEN demo_colour END
      WHERE material_id = $1`,
    [b.materialId, b.groupId, b.title.trim(), b.description ?? null, b.coverObjectKey || null, b.coverObjectKey ? (b.coverBucketName ?? 'image') : null,
      b.videoObjectKey, b.videoBucketName, video.file_name, video.file_size, b.durationSeconds]);
}

export interface PlayableCourse {
  m: { title: string; description: string | null; duration_seconds: number; video_object_key: string; video_bucket_name: string; demo_colour: string | null; group_name: string };
  file: StoredFile;
  det: { detId: number } | null;
}

/** What playing a course needs, for a caller who may watch it: the course, its video file and the caller's open assignment. */
export async function playableCourse(tx: Queryable, auth: AuthContext, materialId: number): Promise<PlayableCourse> {
  if (!(await mayWatchMaterial(tx, auth, materialId))) throw new ApiError('FORBIDDEN', '您无权观看该课程');
  const m = (await tx.query<PlayableCourse['m']>(
    `SELECT m.title, m.description, m.duration_seconds, m.video_object_key, m.video_bucket_name, m.demo_colour, g.group_name
       FROM video_material m JOIN video_material_group g ON g.group_id = m.group_id WHERE m.material_id = $1`, [materialId])).rows[0];
  const file = await storedFile(tx, m.video_bucket_name, m.video_object_key);
  if (!file) throw new ApiError('NOT_FOUND', '课程视频文件不存在或已被删除');
  const det = await myOpenAssignment(tx, auth.userId, materialId);
  return { m, file, det };
}

/** The video file of a course for a stream request, asking again whether this (active) person may watch it. */
export async function streamableFile(tx: Queryable, userId: number, materialId: number): Promise<StoredFile> {
  const who = (await tx.query<{ is_admin: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.code = 'admin') AS is_admin
       FROM sys_user u WHERE u.id = $1 AND u.status = 1`, [userId])).rows[0];
  if (!who || !(await mayWatchMaterial(tx, { isAdmin: who.is_admin, userId }, materialId))) throw new ApiError('FORBIDDEN', '您无权观看该课程');
  const m = (await tx.query<{ video_object_key: string; video_bucket_name: string }>(
    `SELECT video_object_key, video_bucket_name FROM video_material WHERE material_id = $1`, [materialId])).rows[0];
  const row = await storedFile(tx, m.video_bucket_name, m.video_object_key);
  if (!row) throw new ApiError('NOT_FOUND', '课程视频文件不存在或已被删除');
  return row;
}
