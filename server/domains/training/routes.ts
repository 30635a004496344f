import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppServices, AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { offsetOf, ok, pageParamsSchema } from '../../http/envelope.ts';
import { asCallerError, uniqueViolation } from '../../resources/dbErrors.ts';
import { loadExcel } from '../../resources/excel.ts';
import { attachment } from '../../resources/exporter.ts';
import { STORED_FILE_SELECT, type StoredFile } from '../../files/fileInfo.ts';
import { extensionOf } from '../../files/fileTypes.ts';
import { sendStoredFile } from '../../files/sendFile.ts';
import { fileServiceOf } from '../../files/service.ts';
import { signedQuery, verifySignature, VIDEO_LINK_SECONDS, type MediaTarget } from '../../files/signedUrl.ts';
import { ensureDemoCard } from './demoCards.ts';
import { grantedGroupSql, mayWatchMaterial, watchableSql } from './grants.ts';
import { applyReport, ProgressRefusal, secondsToComplete } from './progress.ts';
import { courseStatistics, universityStatistics, type CourseFilter, type UniversityFilter } from './statistics.ts';
import { dateParam } from '../../http/fields.ts';

/**
 * 视频培训 (wxy-system-server): video_material_group (course groups and the roles that may see them), video-material
 * (the courses: a video in the file service's video bucket), sys-video-task (assigning courses to people with a start
 * and a deadline), sys-video-task-user-det (each person's progress, reported by the player, and its audit), and the
 * university / course statistics. Who may see a group's courses is decided here, on the server (grants.ts).
 */
export const TRAINING_PERMS = {
  groupList: 'training:group:list',
  groupEdit: 'training:group:edit',
  materialList: 'training:material:list',
  materialEdit: 'training:material:edit',
  taskList: 'training:task:list',
  taskAdd: 'training:task:add',
  taskDelete: 'training:task:delete',
  audit: 'training:det:audit',
  university: 'training:stats:university',
  course: 'training:stats:course',
} as const;

const tags = ['wxy-system-server'];
const ID = (title: string) => ({ type: 'integer', minimum: 1, maximum: 2147483647, title }) as const;
const IDS = (title: string, max = 2000) => ({ type: ['array', 'null'], title, maxItems: max, items: ID(title) }) as const;
const TEXT = (title: string, maxLength: number) => ({ type: ['string', 'null'], title, maxLength }) as const;
const NAME = (title: string, maxLength = 48) => ({ type: 'string', title, minLength: 1, maxLength }) as const;
const TIME = (title: string) => dateParam(title, 'date-time');
const DATE = (title: string) => dateParam(title, 'date', { nullable: true });
const idParams = (title: string) => ({ type: 'object', required: ['id'], properties: { id: ID(title) } }) as const;
const ts = (col: string) => `to_char(${col}, 'YYYY-MM-DD HH24:MI:SS')`;

const VIDEO_TYPES = ['mp4', 'ogg'];

/** What a course stream link signs: one course for one person of one tenant, until it expires. */
const streamTarget = (tenantId: number, materialId: number, userId: number, expires: number): MediaTarget =>
  ({ tenantId, bucket: 'course-stream', objectKey: `${materialId}/${userId}`, expires });

interface GroupBody { groupId?: number; parentId?: number | null; groupName: string; sort?: number | null; remark?: string | null; roleIds?: number[] | null }
interface MaterialBody {
  materialId?: number; groupId: number; title: string; description?: string | null; durationSeconds: number;
  videoObjectKey: string; videoBucketName: string; coverObjectKey?: string | null; coverBucketName?: string | null;
}
interface TaskBody { taskName: string; startTime: string; deadline: string; remark?: string | null; materialIds: number[]; userIds?: number[] | null; roleIds?: number[] | null; shopIds?: number[] | null }

const groupBody = (withId: boolean) => ({
  type: 'object', additionalProperties: false,
  required: withId ? ['groupId', 'groupName'] : ['groupName'],
  properties: {
    groupId: ID('分组'), parentId: { ...ID('上级分组'), type: ['integer', 'null'] }, groupName: NAME('分组名称'),
    sort: { type: ['integer', 'null'], title: '排序', minimum: 0, maximum: 9999 }, remark: TEXT('备注', 200), roleIds: IDS('可见角色', 200),
  },
}) as const;

const materialBody = (withId: boolean) => ({
  type: 'object', additionalProperties: false,
  required: withId ? ['materialId', 'groupId', 'title', 'durationSeconds', 'videoObjectKey', 'videoBucketName'] : ['groupId', 'title', 'durationSeconds', 'videoObjectKey', 'videoBucketName'],
  properties: {
    materialId: ID('课程'), groupId: ID('视频分组'), title: NAME('课程标题'), description: TEXT('课程简介', 500),
    durationSeconds: { type: 'integer', title: '视频时长（秒）', minimum: 1, maximum: 86400 },
    videoObjectKey: NAME('视频文件', 128), videoBucketName: NAME('视频存储桶', 16),
    coverObjectKey: TEXT('封面', 128), coverBucketName: TEXT('封面存储桶', 16),
  },
}) as const;

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

async function groupExists(tx: Queryable, auth: AuthContext, groupId: number): Promise<void> {
  const g = grantedGroupSql(auth, 'g.group_id', 2);
  const r = await tx.query(`SELECT 1 FROM video_material_group g WHERE g.group_id = $1 AND ${g.sql}`, [groupId, g.value]);
  if (!r.rows.length) throw new ApiError('BAD_REQUEST', '视频分组 groupId 不存在或无权查看');
}

async function setGroupRoles(tx: Queryable, groupId: number, roleIds: number[] | null | undefined): Promise<void> {
  const ids = [...new Set(roleIds ?? [])];
  if (ids.length) {
    const found = (await tx.query<{ id: number }>(`SELECT id FROM sys_role WHERE id = ANY($1::int[])`, [ids])).rows.length;
    if (found !== ids.length) throw new ApiError('BAD_REQUEST', '可见角色 roleIds 中有不存在的角色');
  }
  await tx.query(`DELETE FROM video_material_group_role WHERE group_id = $1`, [groupId]);
  if (ids.length) {
    await tx.query(`INSERT INTO video_material_group_role (tenant_id, group_id, role_id) SELECT app_current_tenant(), $1, unnest($2::int[])`, [groupId, ids]);
  }
}

const groupUnique = (err: unknown): never => uniqueViolation(err, (c) => (c === 'video_material_group_name' ? '同一上级下已有同名分组' : undefined));

/** A deadline given as a day ends at that day's last second; a start given as a day begins at midnight. */
const asStart = (v: string) => (v.length === 10 ? `${v} 00:00:00` : v.replace('T', ' '));
const asDeadline = (v: string) => (v.length === 10 ? `${v} 23:59:59` : v.replace('T', ' '));

/** The people a task reaches: chosen users, every active user of the chosen roles and of the chosen shops. */
async function taskPeople(tx: Queryable, b: TaskBody) {
  return (await tx.query<{ user_id: number; user_name: string; shop_id: number | null; shop_name: string | null; dept_name: string | null }>(
    `WITH chosen AS (
       SELECT id AS user_id, NULL::int AS via_shop FROM sys_user WHERE id = ANY($1::int[])
       UNION SELECT ur.user_id, NULL FROM sys_user_role ur WHERE ur.role_id = ANY($2::int[])
       UNION SELECT us.user_id, us.shop_id FROM sys_user_shop us WHERE us.shop_id = ANY($3::int[])
     ), one AS (
       SELECT user_id, min(via_shop) AS via_shop FROM chosen GROUP BY user_id
     )
     SELECT u.id AS user_id, u.name AS user_name, s.shop_id, s.shop_name, d.dept_name
       FROM one JOIN sys_user u ON u.id = one.user_id AND u.status = 1
       LEFT JOIN LATERAL (SELECT sb.shop_id, sb.shop_name FROM sys_user_shop us JOIN shop_base sb ON sb.shop_id = us.shop_id
                           WHERE us.user_id = u.id ORDER BY (us.shop_id = one.via_shop) DESC, us.shop_id LIMIT 1) s ON true
       LEFT JOIN sys_department d ON d.dept_id = u.dept_id
      ORDER BY u.id`,
    [b.userIds ?? [], b.roleIds ?? [], b.shopIds ?? []],
  )).rows;
}

async function mustExist(tx: Queryable, table: string, col: string, ids: number[] | null | undefined, label: string): Promise<void> {
  const uniq = [...new Set(ids ?? [])];
  if (!uniq.length) return;
  const n = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${col} = ANY($1::int[])`, [uniq])).rows[0].n;
  if (n !== uniq.length) throw new ApiError('BAD_REQUEST', `${label}中有不存在的记录`);
}

const DET_COLUMNS = `d.det_id AS "detId", d.task_id AS "taskId", t.task_name AS "taskName", d.material_id AS "materialId", m.title,
  g.group_name AS "groupName", d.user_id AS "userId", d.user_name AS "userName", d.shop_id AS "shopId", d.shop_name AS "shopName",
  d.dept_name AS "deptName", d.duration_seconds AS "durationSeconds", d.watched_seconds AS "watchedSeconds",
  d.furthest_position AS "furthestPosition", round(d.watched_seconds * 100.0 / d.duration_seconds)::int AS "watchedPercent",
  d.completed, ${ts('d.completed_time')} AS "completedTime", ${ts('d.last_report_time')} AS "lastWatchTime",
  ${ts('t.start_time')} AS "startTime", ${ts('t.deadline')} AS "deadline",
  (NOT d.completed AND t.deadline < now()) AS overdue,
  d.audit_status AS "auditStatus", CASE d.audit_status WHEN 1 THEN '通过' WHEN 2 THEN '驳回' ELSE '待审核' END AS "auditStatusName",
  d.audit_remark AS "auditRemark", d.audit_user_name AS "auditUserName", ${ts('d.audit_time')} AS "auditTime"`;
const DET_FROM = `sys_video_task_user_det d JOIN sys_video_task t ON t.task_id = d.task_id JOIN video_material m ON m.material_id = d.material_id
  JOIN video_material_group g ON g.group_id = m.group_id`;

export function sendXlsx(reply: FastifyReply, name: string, buf: Buffer) {
  reply.header('content-disposition', attachment(name));
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return reply.send(buf);
}

export async function xlsx(sheet: string, head: string[], rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow(head);
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c) => { c.width = 16; });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const universityBody = {
  type: 'object', additionalProperties: false,
  properties: {
    groupBy: { type: ['string', 'null'], title: '统计维度', enum: ['shop', 'dept', null] },
    taskId: { ...ID('学习任务'), type: ['integer', 'null'] },
    shopId: { ...ID('门店'), type: ['integer', 'null'] },
    startDate: DATE('开始日期'), endDate: DATE('结束日期'),
  },
} as const;
const courseBody = {
  type: 'object', additionalProperties: false,
  properties: {
    taskId: { ...ID('学习任务'), type: ['integer', 'null'] },
    groupId: { ...ID('视频分组'), type: ['integer', 'null'] },
    title: TEXT('课程标题', 48),
    startDate: DATE('开始日期'), endDate: DATE('结束日期'),
  },
} as const;

export const trainingRoutes = (services: AppServices) => async (app: FastifyInstance) => {
  const { store, secret } = fileServiceOf(services);

  // ---- video_material_group --------------------------------------------------------------------------------------
  app.get('/video_material_group/tree', {
    config: { perm: TRAINING_PERMS.groupList },
    schema: { tags, summary: '视频分组（树）：每组的可见角色与课程数；非管理员只看到其角色可见的分组' },
  }, async (req) => req.tenantTx(async (tx) => {
    const g = grantedGroupSql(req.auth!, 'g.group_id', 1);
    const rows = (await tx.query<{ groupId: number; parentId: number | null; children?: unknown[] }>(
      `SELECT g.group_id AS "groupId", g.parent_id AS "parentId", g.group_name AS "groupName", g.sort, g.remark,
              coalesce(array_agg(r.id ORDER BY r.id) FILTER (WHERE r.id IS NOT NULL), '{}') AS "roleIds",
              coalesce(string_agg(r.name, '、' ORDER BY r.id), '') AS "roleNames",
              (SELECT count(*)::int FROM video_material m WHERE m.group_id = g.group_id) AS "materialCount",
              ${ts('g.create_time')} AS "createTime"
         FROM video_material_group g
         LEFT JOIN video_material_group_role gr ON gr.group_id = g.group_id LEFT JOIN sys_role r ON r.id = gr.role_id
        WHERE ${g.sql}
        GROUP BY g.group_id ORDER BY g.sort, g.group_id`,
      [g.value],
    )).rows;
    const byId = new Map(rows.map((r) => [r.groupId, { ...r, children: [] as unknown[] }]));
    const roots: unknown[] = [];
    for (const r of byId.values()) {
      const parent = r.parentId ? byId.get(r.parentId) : undefined;
      (parent ? parent.children : roots).push(r);
    }
    return ok(roots);
  }));

  app.post<{ Body: GroupBody }>('/video_material_group/save', {
    config: { perm: TRAINING_PERMS.groupEdit },
    schema: { tags, summary: '新增视频分组（可见角色 roleIds）', body: groupBody(false) },
  }, async (req) => req.tenantTx(async (tx) => {
    const b = req.body;
    if (b.parentId) await groupExists(tx, req.auth!, b.parentId);
    const id = (await tx.query<{ group_id: number }>(
      `INSERT INTO video_material_group (tenant_id, parent_id, group_name, sort, remark, create_user_name)
       VALUES (app_current_tenant(), $1, $2, $3, $4, $5) RETURNING group_id`,
      [b.parentId ?? null, b.groupName.trim(), b.sort ?? 0, b.remark ?? null, req.auth!.displayName ?? req.auth!.userName],
    ).catch(groupUnique)).rows[0].group_id;
    await setGroupRoles(tx, id, b.roleIds);
    return ok({ groupId: id }, '分组已保存');
  }).catch(asCallerError));

  app.put<{ Body: GroupBody & { groupId: number } }>('/video_material_group/update', {
    config: { perm: TRAINING_PERMS.groupEdit },
    schema: { tags, summary: '修改视频分组与可见角色', body: groupBody(true) },
  }, async (req) => req.tenantTx(async (tx) => {
    const b = req.body;
    await groupExists(tx, req.auth!, b.groupId);
    if (b.parentId) {
      await groupExists(tx, req.auth!, b.parentId);
      // Not under itself or one of its own descendants.
      const loop = (await tx.query(
        `WITH RECURSIVE up AS (SELECT group_id, parent_id FROM video_material_group WHERE group_id = $1
           UNION ALL SELECT g.group_id, g.parent_id FROM video_material_group g JOIN up ON g.group_id = up.parent_id)
         SELECT 1 FROM up WHERE group_id = $2`, [b.parentId, b.groupId])).rows.length;
      if (loop) throw new ApiError('BAD_REQUEST', '上级分组 parentId 不能是本分组或其下级');
    }
    await tx.query(`UPDATE video_material_group SET parent_id = $2, group_name = $3, sort = $4, remark = $5 WHERE group_id = $1`,
      [b.groupId, b.parentId ?? null, b.groupName.trim(), b.sort ?? 0, b.remark ?? null]).catch(groupUnique);
    await setGroupRoles(tx, b.groupId, b.roleIds);
    return ok(null, '分组已修改');
  }).catch(asCallerError));

  // ---- video-material --------------------------------------------------------------------------------------------
  const MATERIAL_COLUMNS = `m.material_id AS "materialId", m.group_id AS "groupId", g.group_name AS "groupName", m.title, m.description,
    m.duration_seconds AS "durationSeconds", m.video_object_key AS "videoObjectKey", m.video_bucket_name AS "videoBucketName",
    m.cover_object_key AS "coverObjectKey", m.cover_bucket_name AS "coverBucketName", m.file_name AS "fileName", m.file_size::float8 AS "fileSize",
    m.create_user_name AS "createUserName", ${ts('m.create_time')} AS "createTime"`;

  app.get<{ Params: { id: number } }>('/video-material/info/:id', {
    config: { perm: TRAINING_PERMS.materialList },
    schema: { tags, summary: '课程详情', params: idParams('课程') },
  }, async (req) => req.tenantTx(async (tx) => {
    const g = watchableSql(req.auth!, 'm.material_id', 2);
    const row = (await tx.query(`SELECT ${MATERIAL_COLUMNS} FROM video_material m JOIN video_material_group g ON g.group_id = m.group_id WHERE m.material_id = $1 AND ${g.sql}`,
      [req.params.id, g.value])).rows[0];
    if (!row) throw new ApiError('NOT_FOUND', '课程不存在或无权查看');
    return ok(row);
  }));

  app.post<{ Body: MaterialBody }>('/video-material/save', {
    config: { perm: TRAINING_PERMS.materialEdit },
    schema: { tags, summary: '新增课程：视频须先经分片上传（mp4/ogg，最大 2 GB），此处登记文件与时长', body: materialBody(false) },
  }, async (req) => req.tenantTx(async (tx) => {
    const b = req.body;
    await groupExists(tx, req.auth!, b.groupId);
    const video = await checkMaterialFiles(tx, b);
    const id = (await tx.query<{ material_id: number }>(
      `INSERT INTO video_material (tenant_id, group_id, title, description, cover_object_key, cover_bucket_name, video_object_key, video_bucket_name,
                                   file_name, file_size, duration_seconds, create_user_name)
       VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING material_id`,
      [b.groupId, b.title.trim(), b.description ?? null, b.coverObjectKey || null, b.coverObjectKey ? (b.coverBucketName ?? 'image') : null,
        b.videoObjectKey, b.videoBucketName, video.file_name, video.file_size, b.durationSeconds, req.auth!.displayName ?? req.auth!.userName],
    )).rows[0].material_id;
    return ok({ materialId: id }, '课程已保存');
  }).catch(asCallerError));

  app.put<{ Body: MaterialBody & { materialId: number } }>('/video-material/update', {
    config: { perm: TRAINING_PERMS.materialEdit },
    schema: { tags, summary: '修改课程（已分配的课程不能换视频或时长）', body: materialBody(true) },
  }, async (req) => req.tenantTx(async (tx) => {
    const b = req.body;
    const g = grantedGroupSql(req.auth!, 'm.group_id', 2);
    const cur = (await tx.query<{ video_object_key: string; duration_seconds: number; assigned: number }>(
      `SELECT m.video_object_key, m.duration_seconds, (SELECT count(*)::int FROM sys_video_task_user_det d WHERE d.material_id = m.material_id) AS assigned
         FROM video_material m WHERE m.material_id = $1 AND ${g.sql} FOR UPDATE`, [b.materialId, g.value])).rows[0];
    if (!cur) throw new ApiError('NOT_FOUND', '课程不存在或无权查看');
    await groupExists(tx, req.auth!, b.groupId);
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
    return ok(null, '课程已修改');
  }).catch(asCallerError));

  /**
   * What a player needs: a link to the course's stream (Range requests, seeking; every request checks the caller may
   * still watch it), its duration, and, when the course is assigned to the caller, their progress row and where to
   * resume. Open to anyone logged in who may watch the course (grants.ts: the group seen, or an open assignment); the
   * h5 course sharing page and 我的课程 use it.
   */
  app.get<{ Params: { id: number } }>('/video-material/play/:id', {
    config: { anyUser: true },
    schema: { tags, summary: '播放课程：签名视频链接（支持拖动进度）、时长、本人的学习进度与续播位置', params: idParams('课程') },
  }, async (req) => {
    const auth = req.auth!;
    const answer = await req.tenantTx(async (tx) => {
      if (!(await mayWatchMaterial(tx, auth, req.params.id))) throw new ApiError('FORBIDDEN', '您无权观看该课程');
      const m = (await tx.query<{ title: string; description: string | null; duration_seconds: number; video_object_key: string; video_bucket_name: string; demo_colour: string | null; group_name: string }>(
        `SELECT m.title, m.description, m.duration_seconds, m.video_object_key, m.video_bucket_name, m.demo_colour, g.group_name
           FROM video_material m JOIN video_material_group g ON g.group_id = m.group_id WHERE m.material_id = $1`, [req.params.id])).rows[0];
      const file = await storedFile(tx, m.video_bucket_name, m.video_object_key);
      if (!file) throw new ApiError('NOT_FOUND', '课程视频文件不存在或已被删除');
      // The caller's open assignment of this course: the one with the nearest deadline that is not completed first.
      const det = (await tx.query<{ detId: number }>(
        `SELECT ${DET_COLUMNS} FROM ${DET_FROM} WHERE d.material_id = $1 AND d.user_id = $2 AND t.start_time <= now()
          ORDER BY d.completed, t.deadline LIMIT 1`, [req.params.id, auth.userId])).rows[0] ?? null;
      return { m, file, det };
    });
    await ensureDemoCard(store, auth.tenantId, answer.m.video_bucket_name, answer.m.video_object_key, answer.m.demo_colour, answer.m.duration_seconds);
    const expires = Math.floor(Date.now() / 1000) + VIDEO_LINK_SECONDS;
    const query = signedQuery(await secret(), streamTarget(auth.tenantId, req.params.id, auth.userId, expires));
    return ok({
      materialId: req.params.id, title: answer.m.title, description: answer.m.description, groupName: answer.m.group_name,
      durationSeconds: answer.m.duration_seconds, url: `/api/wxy-system-server/video-material/stream/${req.params.id}?${query}&userId=${auth.userId}`,
      contentType: answer.file.content_type, progress: answer.det,
    });
  });

  /**
   * A course's video for one person, byte range by byte range (a <video> cannot send the Bearer header, so the link
   * carries an HMAC of tenant, course, person and expiry). Each request asks the one rule again (grants.ts): once
   * the person may no longer watch the course (task closed, role taken away, user disabled) the next range is 403.
   */
  app.get<{ Params: { id: number }; Querystring: { tenantId: number; userId: number; expires: number; sign: string } }>('/video-material/stream/:id', {
    config: { public: true },
    schema: {
      tags, summary: '课程视频流（Range 请求，可拖动进度）：签名链接由 play 接口给出，每次请求都检查本人是否仍可观看', params: idParams('课程'),
      querystring: {
        type: 'object', required: ['tenantId', 'userId', 'expires', 'sign'],
        properties: { tenantId: ID('租户'), userId: ID('人员'), expires: { type: 'integer', title: '有效期', minimum: 1 }, sign: { type: 'string', title: '签名', maxLength: 64 } },
      },
    },
  }, async (req, reply) => {
    const { tenantId, userId, expires, sign } = req.query;
    const target = streamTarget(tenantId, req.params.id, userId, expires);
    if (!verifySignature(await secret(), target, sign)) throw new ApiError('FORBIDDEN', '课程视频链接已失效或签名不正确，请重新打开课程');
    const file = await services.db.tenant(tenantId, async (tx) => {
      const who = (await tx.query<{ is_admin: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.code = 'admin') AS is_admin
           FROM sys_user u WHERE u.id = $1 AND u.status = 1`, [userId])).rows[0];
      if (!who || !(await mayWatchMaterial(tx, { isAdmin: who.is_admin, userId }, req.params.id))) throw new ApiError('FORBIDDEN', '您无权观看该课程');
      const m = (await tx.query<{ video_object_key: string; video_bucket_name: string }>(
        `SELECT video_object_key, video_bucket_name FROM video_material WHERE material_id = $1`, [req.params.id])).rows[0];
      const row = await storedFile(tx, m.video_bucket_name, m.video_object_key);
      if (!row) throw new ApiError('NOT_FOUND', '课程视频文件不存在或已被删除');
      return row;
    });
    return sendStoredFile(req, reply, file, store.objectPath(tenantId, file.bucket, file.object_key), 'inline', 'private, no-cache');
  });

  // ---- sys-video-task --------------------------------------------------------------------------------------------
  app.post<{ Body: TaskBody }>('/sys-video-task/save', {
    config: { perm: TRAINING_PERMS.taskAdd },
    schema: {
      tags, summary: '新建学习任务：课程分配给人员（指定用户，或某角色/门店的全部用户），每人每课一条进度',
      body: {
        type: 'object', additionalProperties: false, required: ['taskName', 'startTime', 'deadline', 'materialIds'],
        properties: {
          taskName: NAME('任务名称'), startTime: TIME('开始时间'), deadline: TIME('截止时间'), remark: TEXT('备注', 200),
          materialIds: { type: 'array', title: '课程', minItems: 1, maxItems: 100, items: ID('课程') },
          userIds: IDS('学习人员'), roleIds: IDS('角色', 100), shopIds: IDS('门店', 500),
        },
      },
    },
  }, async (req) => req.tenantTx(async (tx) => {
    const b = req.body;
    const start = asStart(b.startTime);
    const deadline = asDeadline(b.deadline);
    const bad = (await tx.query<{ reversed: boolean }>(
      `SELECT $2::text::timestamp <= $1::text::timestamp AS reversed`, [start, deadline])
      .catch(() => { throw new ApiError('BAD_REQUEST', '开始时间 startTime 或截止时间 deadline 不是有效的时间'); })).rows[0];
    if (bad.reversed) throw new ApiError('BAD_REQUEST', '截止时间 deadline 必须晚于开始时间 startTime');
    const materialIds = [...new Set(b.materialIds)];
    const g = grantedGroupSql(req.auth!, 'm.group_id', 2);
    const courses = (await tx.query<{ material_id: number; duration_seconds: number }>(
      `SELECT m.material_id, m.duration_seconds FROM video_material m WHERE m.material_id = ANY($1::int[]) AND ${g.sql}`, [materialIds, g.value])).rows;
    if (courses.length !== materialIds.length) throw new ApiError('BAD_REQUEST', '课程 materialIds 中有不存在或无权查看的课程');
    await mustExist(tx, 'sys_user', 'id', b.userIds, '学习人员 userIds ');
    await mustExist(tx, 'sys_role', 'id', b.roleIds, '角色 roleIds ');
    await mustExist(tx, 'shop_base', 'shop_id', b.shopIds, '门店 shopIds ');
    const people = await taskPeople(tx, b);
    if (!people.length) throw new ApiError('BAD_REQUEST', '学习人员为空：请选择人员，或选择有在职人员的角色/门店');
    const taskId = (await tx.query<{ task_id: number }>(
      `INSERT INTO sys_video_task (tenant_id, task_name, start_time, deadline, remark, create_user_name)
       VALUES (app_current_tenant(), $1, $2::text::timestamp, $3::text::timestamp, $4, $5) RETURNING task_id`,
      [b.taskName.trim(), start, deadline, b.remark ?? null, req.auth!.displayName ?? req.auth!.userName])).rows[0].task_id;
    await tx.query(`INSERT INTO sys_video_task_material (tenant_id, task_id, material_id, sort) SELECT app_current_tenant(), $1, id, ord FROM unnest($2::int[]) WITH ORDINALITY AS x(id, ord)`,
      [taskId, materialIds]);
    await tx.query(
      `INSERT INTO sys_video_task_user_det (tenant_id, task_id, material_id, user_id, user_name, shop_id, shop_name, dept_name, duration_seconds)
       SELECT app_current_tenant(), $1, m.material_id, p.user_id, p.user_name, p.shop_id, p.shop_name, p.dept_name, m.duration_seconds
         FROM jsonb_to_recordset($2::jsonb) AS p(user_id int, user_name text, shop_id int, shop_name text, dept_name text)
         CROSS JOIN video_material m WHERE m.material_id = ANY($3::int[])`,
      [taskId, JSON.stringify(people), materialIds]);
    return ok({ taskId, peopleCount: people.length, assignedCount: people.length * materialIds.length }, `任务已分配给 ${people.length} 人`);
  }).catch(asCallerError));

  app.get<{ Params: { id: number } }>('/sys-video-task/info/:id', {
    config: { perm: TRAINING_PERMS.taskList },
    schema: { tags, summary: '学习任务详情（课程与人员）', params: idParams('学习任务') },
  }, async (req) => req.tenantTx(async (tx) => {
    const task = (await tx.query(
      `SELECT t.task_id AS "taskId", t.task_name AS "taskName", ${ts('t.start_time')} AS "startTime", ${ts('t.deadline')} AS deadline, t.remark,
              t.create_user_name AS "createUserName", ${ts('t.create_time')} AS "createTime"
         FROM sys_video_task t WHERE t.task_id = $1`, [req.params.id])).rows[0];
    if (!task) throw new ApiError('NOT_FOUND', '学习任务不存在');
    const courses = (await tx.query(
      `SELECT m.material_id AS "materialId", m.title, m.duration_seconds AS "durationSeconds" FROM sys_video_task_material tm
         JOIN video_material m ON m.material_id = tm.material_id WHERE tm.task_id = $1 ORDER BY tm.sort`, [req.params.id])).rows;
    const people = (await tx.query(
      `SELECT DISTINCT d.user_id AS "userId", d.user_name AS "userName", d.shop_name AS "shopName" FROM sys_video_task_user_det d WHERE d.task_id = $1 ORDER BY d.user_id`,
      [req.params.id])).rows;
    return ok({ ...task, courses, people });
  }));

  // ---- sys-video-task-user-det -----------------------------------------------------------------------------------
  interface DetFilter { taskId?: number | null; userName?: string | null; shopId?: number | null; materialId?: number | null; completed?: boolean | null; auditStatus?: number | null }
  app.post<{ Params: { pageNum: number; pageSize: number }; Body: DetFilter | null }>('/sys-video-task-user-det/findPage/:pageNum/:pageSize', {
    config: { perm: TRAINING_PERMS.taskList },
    schema: {
      tags, summary: '学习进度明细（每人每课一行）', params: pageParamsSchema,
      body: {
        type: ['object', 'null'], additionalProperties: false,
        properties: {
          taskId: { ...ID('学习任务'), type: ['integer', 'null'] }, materialId: { ...ID('课程'), type: ['integer', 'null'] },
          shopId: { ...ID('门店'), type: ['integer', 'null'] }, userName: TEXT('人员', 48),
          completed: { type: ['boolean', 'null'], title: '是否完成' }, auditStatus: { type: ['integer', 'null'], title: '审核状态', enum: [0, 1, 2, null] },
        },
      },
    },
  }, async (req) => req.tenantTx(async (tx) => {
    const b = req.body ?? {};
    const where = `($1::int IS NULL OR d.task_id = $1) AND ($2::int IS NULL OR d.material_id = $2) AND ($3::int IS NULL OR d.shop_id = $3)
      AND ($4::text IS NULL OR d.user_name ILIKE '%' || $4 || '%') AND ($5::boolean IS NULL OR d.completed = $5) AND ($6::int IS NULL OR d.audit_status = $6)`;
    const params = [b.taskId ?? null, b.materialId ?? null, b.shopId ?? null, b.userName?.trim() || null, b.completed ?? null, b.auditStatus ?? null];
    const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_video_task_user_det d WHERE ${where}`, params)).rows[0].n;
    const records = (await tx.query(`SELECT ${DET_COLUMNS} FROM ${DET_FROM} WHERE ${where} ORDER BY d.task_id DESC, d.det_id LIMIT $7 OFFSET $8`,
      [...params, req.params.pageSize, offsetOf(req.params.pageNum, req.params.pageSize)])).rows;
    return ok({ records, total });
  }));

  app.put<{ Body: { detId: number; auditStatus: 1 | 2; auditRemark?: string | null } }>('/sys-video-task-user-det/audit', {
    config: { perm: TRAINING_PERMS.audit },
    schema: {
      tags, summary: '审核一条已完成的学习记录：通过(1)/驳回(2)，附备注；每条只审核一次',
      body: {
        type: 'object', additionalProperties: false, required: ['detId', 'auditStatus'],
        properties: { detId: ID('学习记录'), auditStatus: { type: 'integer', title: '审核结果', enum: [1, 2], 'x-msg': '审核结果 auditStatus 只能是 1（通过）或 2（驳回）' }, auditRemark: TEXT('审核备注', 200) },
      },
    },
  }, async (req) => req.tenantTx(async (tx) => {
    const b = req.body;
    if (b.auditStatus === 2 && !b.auditRemark?.trim()) throw new ApiError('BAD_REQUEST', '驳回时请填写审核备注 auditRemark');
    const cur = (await tx.query<{ completed: boolean; audit_status: number }>(`SELECT completed, audit_status FROM sys_video_task_user_det WHERE det_id = $1 FOR UPDATE`, [b.detId])).rows[0];
    if (!cur) throw new ApiError('NOT_FOUND', '学习记录不存在');
    if (!cur.completed) throw new ApiError('BAD_REQUEST', '该学员尚未完成学习，不能审核');
    const done = await tx.query(
      `UPDATE sys_video_task_user_det SET audit_status = $2, audit_remark = $3, audit_user_name = $4, audit_time = now() WHERE det_id = $1 AND audit_status = 0`,
      [b.detId, b.auditStatus, b.auditRemark?.trim() || null, req.auth!.displayName ?? req.auth!.userName]);
    if (!done.rowCount) throw new ApiError('CONFLICT', '该学习记录已审核，不能重复审核');
    return ok(null, b.auditStatus === 1 ? '已通过' : '已驳回');
  }).catch(asCallerError));

  app.get('/sys-video-task-user-det/my', {
    config: { anyUser: true },
    schema: { tags, summary: '我的课程：分配给本人的课程、进度、截止时间与续播位置（已开始的任务）；watchable：现在能否观看（任务进行中，或角色可见其分组）' },
  }, async (req) => ok(await req.tenantTx(async (tx) => {
    const w = watchableSql(req.auth!, 'd.material_id', 2);
    return (await tx.query(
      `SELECT ${DET_COLUMNS}, (${w.sql}) AS watchable FROM ${DET_FROM} WHERE d.user_id = $1 AND t.start_time <= now() ORDER BY d.completed, t.deadline, d.det_id`,
      [req.auth!.userId, w.value])).rows;
  })));

  app.post<{ Body: { detId: number; position: number; playedSeconds: number } }>('/sys-video-task-user-det/progress', {
    config: { anyUser: true },
    schema: {
      tags, summary: '播放器上报学习进度（约每 10 秒）：本次播放秒数与当前位置；不会倒退，不超过时长，≥95% 为完成',
      body: {
        type: 'object', additionalProperties: false, required: ['detId', 'position', 'playedSeconds'],
        properties: {
          detId: ID('学习记录'), position: { type: 'number', title: '播放位置（秒）', minimum: 0, maximum: 86401 },
          playedSeconds: { type: 'number', title: '本次播放秒数', minimum: 0, maximum: 600 },
        },
      },
    },
  }, async (req) => req.tenantTx(async (tx) => {
    const b = req.body;
    const cur = (await tx.query<{ user_id: number; material_id: number; duration_seconds: number; watched_seconds: number; furthest_position: number; completed: boolean; since: number | null; started: boolean }>(
      `SELECT d.user_id, d.material_id, d.duration_seconds, d.watched_seconds, d.furthest_position, d.completed,
              extract(epoch FROM now() - d.last_report_time)::float8 AS since, t.start_time <= now() AS started
         FROM sys_video_task_user_det d JOIN sys_video_task t ON t.task_id = d.task_id WHERE d.det_id = $1 FOR UPDATE OF d`, [b.detId])).rows[0];
    // Someone else's row is as absent as a missing one.
    if (!cur || cur.user_id !== req.auth!.userId) throw new ApiError('NOT_FOUND', '学习记录不存在');
    if (!cur.started) throw new ApiError('BAD_REQUEST', '学习任务尚未开始');
    if (!(await mayWatchMaterial(tx, req.auth!, cur.material_id))) throw new ApiError('FORBIDDEN', '学习任务已截止，且您的角色不可见该课程，不能再记录进度');
    let next;
    try {
      next = applyReport({ durationSeconds: cur.duration_seconds, watchedSeconds: cur.watched_seconds, furthestPosition: cur.furthest_position, completed: cur.completed },
        b, cur.since);
    } catch (err) {
      if (err instanceof ProgressRefusal) throw new ApiError('BAD_REQUEST', err.message);
      throw err;
    }
    await tx.query(
      `UPDATE sys_video_task_user_det SET watched_seconds = $2, furthest_position = $3, completed = $4,
              completed_time = CASE WHEN $4 AND completed_time IS NULL THEN now() ELSE completed_time END, last_report_time = now()
        WHERE det_id = $1`, [b.detId, next.watchedSeconds, next.furthestPosition, next.completed]);
    return ok({ ...next, watchedPercent: Math.round((next.watchedSeconds * 100) / next.durationSeconds), secondsToComplete: secondsToComplete(next.durationSeconds) });
  }).catch(asCallerError));

  // ---- choices for the forms and filters ---------------------------------------------------------------------------
  app.get('/video_material_group/roles', {
    config: { perm: TRAINING_PERMS.groupList },
    schema: { tags, summary: '可选的可见角色' },
  }, async (req) => ok(await req.tenantTx(async (tx) => (await tx.query(`SELECT id AS "roleId", name AS "roleName" FROM sys_role ORDER BY id`)).rows)));

  app.get('/sys-video-task/options', {
    config: { perm: TRAINING_PERMS.taskList },
    schema: { tags, summary: '分配学习任务的可选项：课程（本人可见的）、在职人员、角色、门店' },
  }, async (req) => ok(await req.tenantTx(async (tx) => {
    const g = grantedGroupSql(req.auth!, 'm.group_id', 1);
    const [materials, users, roles, shops] = await Promise.all([
      tx.query(`SELECT m.material_id AS "materialId", m.title, g.group_name AS "groupName", m.duration_seconds AS "durationSeconds"
                  FROM video_material m JOIN video_material_group g ON g.group_id = m.group_id WHERE ${g.sql} ORDER BY g.sort, m.material_id`, [g.value]),
      tx.query(`SELECT id AS "userId", name AS "userName", user_name AS "loginName" FROM sys_user WHERE status = 1 ORDER BY id`),
      tx.query(`SELECT id AS "roleId", name AS "roleName" FROM sys_role ORDER BY id`),
      tx.query(`SELECT shop_id AS "shopId", shop_name AS "shopName" FROM shop_base WHERE status = 1 AND app_in_scope(shop_id) ORDER BY shop_id`),
    ].map((p) => p.then((r) => r.rows)));
    return { materials, users, roles, shops };
  })));

  const statFilters = (tx: Queryable) => Promise.all([
    tx.query(`SELECT task_id AS "taskId", task_name AS "taskName" FROM sys_video_task ORDER BY task_id DESC LIMIT 500`),
    // The caller's shops (app_in_scope): a 店长 filters by his own.
    tx.query(`SELECT shop_id AS "shopId", shop_name AS "shopName" FROM shop_base WHERE status = 1 AND app_in_scope(shop_id) ORDER BY shop_id`),
    tx.query(`SELECT group_id AS "groupId", group_name AS "groupName" FROM video_material_group ORDER BY sort, group_id`),
  ].map((p) => p.then((r) => r.rows))).then(([tasks, shops, groups]) => ({ tasks, shops, groups }));
  app.get('/sys-video-task/university-statistics/filters', {
    config: { perm: TRAINING_PERMS.university },
    schema: { tags, summary: '大学统计的筛选项：学习任务、门店' },
  }, async (req) => ok(await req.tenantTx(statFilters)));
  app.get('/sys-video-task/course-statistics/filters', {
    config: { perm: TRAINING_PERMS.course },
    schema: { tags, summary: '课程统计的筛选项：学习任务、视频分组' },
  }, async (req) => ok(await req.tenantTx(statFilters)));

  // ---- statistics ------------------------------------------------------------------------------------------------
  app.post<{ Body: UniversityFilter | null }>('/sys-video-task/university-statistics', {
    config: { perm: TRAINING_PERMS.university },
    schema: { tags, summary: '大学统计：按门店或部门的应学、已完成、完成率、逾期', body: { ...universityBody, type: ['object', 'null'] } },
  }, async (req) => ok(await req.tenantTx((tx) => universityStatistics(tx, req.body ?? {})).catch(asCallerError)));

  app.post<{ Body: UniversityFilter | null }>('/sys-video-task/university-statistics/export', {
    config: { perm: TRAINING_PERMS.university },
    schema: { tags, summary: '导出大学统计（xlsx）', body: { ...universityBody, type: ['object', 'null'] } },
  }, async (req, reply) => {
    const rows = await req.tenantTx((tx) => universityStatistics(tx, req.body ?? {})).catch(asCallerError);
    if (!rows.length) throw new ApiError('BAD_REQUEST', '暂无数据');
    const dim = req.body?.groupBy === 'dept' ? '部门' : '门店';
    return sendXlsx(reply, `大学统计_${dim}.xlsx`, await xlsx('大学统计', [dim, '学习人数', '应学课程', '已完成', '完成率（%）', '逾期未完成'],
      rows.map((r) => [r.name, r.peopleCount, r.assignedCount, r.completedCount, r.completionRate, r.overdueCount])));
  });

  app.post<{ Body: CourseFilter | null }>('/sys-video-task/course-statistics', {
    config: { perm: TRAINING_PERMS.course },
    schema: { tags, summary: '课程统计：每门课程的应学、已开始、已完成、平均观看比例', body: { ...courseBody, type: ['object', 'null'] } },
  }, async (req) => ok(await req.tenantTx((tx) => courseStatistics(tx, req.body ?? {})).catch(asCallerError)));

  app.post<{ Body: CourseFilter | null }>('/sys-video-task/course-statistics/export', {
    config: { perm: TRAINING_PERMS.course },
    schema: { tags, summary: '导出课程统计（xlsx）', body: { ...courseBody, type: ['object', 'null'] } },
  }, async (req, reply) => {
    const rows = await req.tenantTx((tx) => courseStatistics(tx, req.body ?? {})).catch(asCallerError);
    if (!rows.length) throw new ApiError('BAD_REQUEST', '暂无数据');
    return sendXlsx(reply, '课程统计.xlsx', await xlsx('课程统计', ['课程', '视频分组', '时长（秒）', '应学人次', '已开始', '已完成', '完成率（%）', '平均观看（%）'],
      rows.map((r) => [r.title, r.groupName, r.durationSeconds, r.assignedCount, r.startedCount, r.completedCount, r.completionRate, r.avgWatchedPercent])));
  });
};
