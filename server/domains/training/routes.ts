import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../context.ts';
import { ApiError } from '../../errors.ts';
import { ok, pageParamsSchema } from '../../http/envelope.ts';
import { dateParam, idField, nameField, nullableString } from '../../http/fields.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { sendStoredFile } from '../../files/sendFile.ts';
import { fileServiceOf } from '../../files/service.ts';
import { signedQuery, verifySignature, VIDEO_LINK_SECONDS } from '../../files/signedUrl.ts';
import { addCourse, courseInfo, type MaterialBody, playableCourse, streamableFile, streamTarget, updateCourse } from './courses.ts';
import { ensureDemoCard } from './demoCards.ts';
import { groupTree } from './groups.ts';
import { auditLearning, type AuditBody, type DetFilter, learningPage, myCourses, type ProgressReport, recordProgress } from './learning.ts';
import { sendXlsx, xlsx } from './sheets.ts';
import { courseStatistics, universityStatistics, type CourseFilter, type UniversityFilter } from './statistics.ts';
import { statisticsFilters, taskInfo } from './tasks.ts';

/**
 * 视频培训 (wxy-system-server): video_material_group (course groups and the roles that may see them), video-material
 * (the courses: a video in the file service's video bucket), sys-video-task (assigning courses to people with a start
 * and a deadline), sys-video-task-user-det (each person's progress, reported by the player, and its audit), and the
 * university / course statistics. Who may see a group's courses is decided on the server (grants.ts).
 * The handlers validate and call the area's modules: groups.ts, courses.ts, tasks.ts, learning.ts, statistics.ts.
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
const IDS = (title: string, max = 2000) => ({ type: ['array', 'null'], title, maxItems: max, items: idField(title) }) as const;
const TIME = (title: string) => dateParam(title, 'date-time');
const DATE = (title: string) => dateParam(title, 'date', { nullable: true });
const idParams = (title: string) => ({ type: 'object', required: ['id'], properties: { id: idField(title) } }) as const;

const materialBody = (withId: boolean) => ({
  type: 'object', additionalProperties: false,
  required: withId ? ['materialId', 'groupId', 'title', 'durationSeconds', 'videoObjectKey', 'videoBucketName'] : ['groupId', 'title', 'durationSeconds', 'videoObjectKey', 'videoBucketName'],
  properties: {
    materialId: idField('课程'), groupId: idField('视频分组'), title: nameField('课程标题'), description: nullableString('课程简介', 500),
    durationSeconds: { type: 'integer', title: '视频时长（秒）', minimum: 1, maximum: 86400 },
    videoObjectKey: nameField('视频文件', 128), videoBucketName: nameField('视频存储桶', 16),
    coverObjectKey: nullableString('封面', 128), coverBucketName: nullableString('封面存储桶', 16),
  },
}) as const;

const universityBody = {
  type: 'object', additionalProperties: false,
  properties: {
    groupBy: { type: ['string', 'null'], title: '统计维度', enum: ['shop', 'dept', null] },
    taskId: { ...idField('学习任务'), type: ['integer', 'null'] },
    shopId: { ...idField('门店'), type: ['integer', 'null'] },
    startDate: DATE('开始日期'), endDate: DATE('结束日期'),
  },
} as const;
const courseBody = {
  type: 'object', additionalProperties: false,
  properties: {
    taskId: { ...idField('学习任务'), type: ['integer', 'null'] },
    groupId: { ...idField('视频分组'), type: ['integer', 'null'] },
    title: nullableString('课程标题', 48),
    startDate: DATE('开始日期'), endDate: DATE('结束日期'),
  },
} as const;

export const trainingRoutes = (services: AppServices) => async (app: FastifyInstance) => {
  const { store, secret } = fileServiceOf(services);

  // ---- video_material_group --------------------------------------------------------------------------------------
  app.get('/video_material_group/tree', {
    config: { perm: TRAINING_PERMS.groupList },
    schema: { tags, summary: '视频分组（树）：每组的可见角色与课程数；非管理员只看到其角色可见的分组' },
  }, async (req) => ok(await req.tenantTx((tx) => groupTree(tx, req.auth!))));

  // ---- video-material --------------------------------------------------------------------------------------------
  app.get<{ Params: { id: number } }>('/video-material/info/:id', {
    config: { perm: TRAINING_PERMS.materialList },
    schema: { tags, summary: '课程详情', params: idParams('课程') },
  }, async (req) => ok(await req.tenantTx((tx) => courseInfo(tx, req.auth!, req.params.id))));

  app.post<{ Body: MaterialBody }>('/video-material/save', {
    config: { perm: TRAINING_PERMS.materialEdit },
    schema: { tags, summary: '新增课程：视频须先经分片上传（mp4/ogg，最大 2 GB），此处登记文件与时长', body: materialBody(false) },
  }, async (req) => req.tenantTx(async (tx) => ok({ materialId: await addCourse(tx, req.auth!, req.body) }, '课程已保存')).catch(asCallerError));

  app.put<{ Body: MaterialBody & { materialId: number } }>('/video-material/update', {
    config: { perm: TRAINING_PERMS.materialEdit },
    schema: { tags, summary: '修改课程（已分配的课程不能换视频或时长）', body: materialBody(true) },
  }, async (req) => req.tenantTx(async (tx) => {
    await updateCourse(tx, req.auth!, req.body);
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
    const answer = await req.tenantTx((tx) => playableCourse(tx, auth, req.params.id));
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
        properties: { tenantId: idField('租户'), userId: idField('人员'), expires: { type: 'integer', title: '有效期', minimum: 1 }, sign: { type: 'string', title: '签名', maxLength: 64 } },
      },
    },
  }, async (req, reply) => {
    const { tenantId, userId, expires, sign } = req.query;
    const target = streamTarget(tenantId, req.params.id, userId, expires);
    if (!verifySignature(await secret(), target, sign)) throw new ApiError('FORBIDDEN', '课程视频链接已失效或签名不正确，请重新打开课程');
    const file = await services.db.tenant(tenantId, (tx) => streamableFile(tx, userId, req.params.id));
    return sendStoredFile(req, reply, file, store, store.objectLocation(tenantId, file.bucket, file.object_key), 'inline', 'private, no-cache');
  });

  // ---- sys-video-task --------------------------------------------------------------------------------------------
  app.get<{ Params: { id: number } }>('/sys-video-task/info/:id', {
    config: { perm: TRAINING_PERMS.taskList },
    schema: { tags, summary: '学习任务详情（课程与人员）', params: idParams('学习任务') },
  }, async (req) => ok(await req.tenantTx((tx) => taskInfo(tx, req.params.id))));

  // ---- sys-video-task-user-det -----------------------------------------------------------------------------------
  app.post<{ Params: { pageNum: number; pageSize: number }; Body: DetFilter | null }>('/sys-video-task-user-det/findPage/:pageNum/:pageSize', {
    config: { perm: TRAINING_PERMS.taskList },
    schema: {
      tags, summary: '学习进度明细（每人每课一行）', params: pageParamsSchema,
      body: {
        type: ['object', 'null'], additionalProperties: false,
        properties: {
          taskId: { ...idField('学习任务'), type: ['integer', 'null'] }, materialId: { ...idField('课程'), type: ['integer', 'null'] },
          shopId: { ...idField('门店'), type: ['integer', 'null'] }, userName: nullableString('人员', 48),
          completed: { type: ['boolean', 'null'], title: '是否完成' }, auditStatus: { type: ['integer', 'null'], title: '审核状态', enum: [0, 1, 2, null] },
        },
      },
    },
  }, async (req) => ok(await req.tenantTx((tx) => learningPage(tx, req.body ?? {}, req.params.pageNum, req.params.pageSize))));

  app.put<{ Body: AuditBody }>('/sys-video-task-user-det/audit', {
    config: { perm: TRAINING_PERMS.audit },
    schema: {
      tags, summary: '审核一条已完成的学习记录：通过(1)/驳回(2)，附备注；每条只审核一次',
      body: {
        type: 'object', additionalProperties: false, required: ['detId', 'auditStatus'],
        properties: { detId: idField('学习记录'), auditStatus: { type: 'integer', title: '审核结果', enum: [1, 2], 'x-msg': '审核结果 auditStatus 只能是 1（通过）或 2（驳回）' }, auditRemark: nullableString('审核备注', 200) },
      },
    },
  }, async (req) => req.tenantTx(async (tx) => {
    await auditLearning(tx, req.auth!, req.body);
    return ok(null, req.body.auditStatus === 1 ? '已通过' : '已驳回');
  }).catch(asCallerError));

  app.get('/sys-video-task-user-det/my', {
    config: { anyUser: true },
    schema: { tags, summary: '我的课程：分配给本人的课程、进度、截止时间与续播位置（已开始的任务）；watchable：现在能否观看（任务进行中，或角色可见其分组）' },
  }, async (req) => ok(await req.tenantTx((tx) => myCourses(tx, req.auth!))));

  app.post<{ Body: ProgressReport }>('/sys-video-task-user-det/progress', {
    config: { anyUser: true },
    schema: {
      tags, summary: '播放器上报学习进度（约每 10 秒）：本次播放秒数与当前位置；不会倒退，不超过时长，≥95% 为完成',
      body: {
        type: 'object', additionalProperties: false, required: ['detId', 'position', 'playedSeconds'],
        properties: {
          detId: idField('学习记录'), position: { type: 'number', title: '播放位置（秒）', minimum: 0, maximum: 86401 },
          playedSeconds: { type: 'number', title: '本次播放秒数', minimum: 0, maximum: 600 },
        },
      },
    },
  }, async (req) => req.tenantTx(async (tx) => ok(await recordProgress(tx, req.auth!, req.body))).catch(asCallerError));

  // ---- choices for the forms and filters ---------------------------------------------------------------------------
  app.get('/sys-video-task/university-statistics/filters', {
    config: { perm: TRAINING_PERMS.university },
    schema: { tags, summary: '大学统计的筛选项：学习任务、门店' },
  }, async (req) => ok(await req.tenantTx(statisticsFilters)));
  app.get('/sys-video-task/course-statistics/filters', {
    config: { perm: TRAINING_PERMS.course },
    schema: { tags, summary: '课程统计的筛选项：学习任务、视频分组' },
  }, async (req) => ok(await req.tenantTx(statisticsFilters)));

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
