import { ApiError } from '../../errors.ts';
import { ok } from '../../http/envelope.ts';
import type { Req } from '../../resources/access.ts';
import { registerCustomRoute } from '../../resources/customRoutes.ts';
import { asCallerError } from '../../resources/dbErrors.ts';
import { registerRowScope } from '../../resources/rowScopes.ts';
import { dateParam, idField, nameField, nullableString } from '../../http/fields.ts';
import { grantedGroupSql } from './grants.ts';
import { createTask, type TaskBody, taskOptions } from './tasks.ts';
import { addGroup, type GroupBody, groupTree, roleChoices, updateGroup } from './groups.ts';

/**
 * 视频培训's lists are schema-engine resources (schemas/resources/video-material.json, sys-video-task.json,
 * video-material-group.json): the engine pages, filters and exports them; this file gives them what is the domain's
 * own — who may see which rows (the same SQL functions grants.ts uses for play, stream and progress) and the deletes
 * with their refusals.
 */
const isAdminSql = (user: string) =>
  `EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = ${user}::int AND r.code = 'admin')`;

registerRowScope('training.watchable', (userId, params) => {
  const u = params.add(userId);
  return `${isAdminSql(u)} OR video_material_watchable(t.material_id, ${u}::int)`;
});
registerRowScope('training.groupVisible', (userId, params) => {
  const u = params.add(userId);
  return `${isAdminSql(u)} OR video_group_granted(t.group_id, ${u}::int)`;
});

const idParams = (title: string) => ({ type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647, title } } });
const idOf = (req: Req) => Number(req.params.id);

registerCustomRoute('training.groupDelete', {
  schema: { params: idParams('分组') },
  handler: async (req: Req) => req.tenantTx(async (tx) => {
    const id = idOf(req);
    const g = grantedGroupSql(req.auth!, 'g.group_id', 2);
    if (!(await tx.query(`SELECT 1 FROM video_material_group g WHERE g.group_id = $1 AND ${g.sql}`, [id, g.value])).rows.length) {
      throw new ApiError('BAD_REQUEST', '视频分组 groupId 不存在或无权查看');
    }
    const used = (await tx.query<{ m: number; c: number }>(
      `SELECT (SELECT count(*)::int FROM video_material WHERE group_id = $1) AS m, (SELECT count(*)::int FROM video_material_group WHERE parent_id = $1) AS c`,
      [id])).rows[0];
    if (used.m) throw new ApiError('CONFLICT', `该分组下还有 ${used.m} 个课程，不能删除`);
    if (used.c) throw new ApiError('CONFLICT', '该分组下还有下级分组，不能删除');
    await tx.query(`DELETE FROM video_material_group WHERE group_id = $1`, [id]);
    return ok(null, '分组已删除');
  }).catch(asCallerError),
});

registerCustomRoute('training.materialDelete', {
  schema: { params: idParams('课程') },
  handler: async (req: Req) => req.tenantTx(async (tx) => {
    const id = idOf(req);
    const g = grantedGroupSql(req.auth!, 'm.group_id', 2);
    if (!(await tx.query(`SELECT 1 FROM video_material m WHERE m.material_id = $1 AND ${g.sql}`, [id, g.value])).rows.length) {
      throw new ApiError('NOT_FOUND', '课程不存在或无权查看');
    }
    const used = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM sys_video_task_material WHERE material_id = $1`, [id])).rows[0].n;
    if (used) throw new ApiError('CONFLICT', '该课程已用于学习任务，不能删除');
    await tx.query(`DELETE FROM video_material WHERE material_id = $1`, [id]);
    return ok(null, '课程已删除');
  }).catch(asCallerError),
});

registerCustomRoute('training.taskDelete', {
  schema: { params: idParams('学习任务') },
  handler: async (req: Req) => req.tenantTx(async (tx) => {
    const id = idOf(req);
    const t = (await tx.query<{ started: number }>(
      `SELECT (SELECT count(*)::int FROM sys_video_task_user_det d WHERE d.task_id = t.task_id AND d.watched_seconds > 0) AS started
         FROM sys_video_task t WHERE t.task_id = $1 FOR UPDATE`, [id])).rows[0];
    if (!t) throw new ApiError('NOT_FOUND', '学习任务不存在');
    if (t.started) throw new ApiError('CONFLICT', `已有 ${t.started} 条学习记录，不能删除该任务`);
    await tx.query(`DELETE FROM sys_video_task WHERE task_id = $1`, [id]);
    return ok(null, '任务已删除');
  }).catch(asCallerError),
});

// ---- 新建学习任务 (sys-video-task save, the screen's form) and what it offers (options: courses, people, roles, shops)
const IDS = (title: string, max = 2000) => ({ type: ['array', 'null'], title, maxItems: max, items: idField(title) });

registerCustomRoute('training.taskSave', {
  schema: {
    body: {
      type: 'object', additionalProperties: false, required: ['taskName', 'startTime', 'deadline', 'materialIds'],
      properties: {
        taskName: nameField('任务名称'), startTime: dateParam('开始时间', 'date-time'), deadline: dateParam('截止时间', 'date-time'), remark: nullableString('备注', 200),
        materialIds: { type: 'array', title: '课程', minItems: 1, maxItems: 100, items: idField('课程') },
        userIds: IDS('学习人员'), roleIds: IDS('角色', 100), shopIds: IDS('门店', 500),
      },
    },
  },
  handler: async (req: Req) => req.tenantTx(async (tx) => {
    const task = await createTask(tx, req.auth!, req.body as unknown as TaskBody);
    return ok(task, `任务已分配给 ${task.peopleCount} 人`);
  }).catch(asCallerError),
});

registerCustomRoute('training.taskOptions', {
  schema: {},
  handler: async (req: Req) => ok(await req.tenantTx((tx) => taskOptions(tx, req.auth!))),
});

// ---- 视频分组's form (video-material-group save / update / info) and the roles it offers ----------------------------
const groupBody = (withId: boolean) => ({
  type: 'object', additionalProperties: false,
  required: withId ? ['groupId', 'groupName'] : ['groupName'],
  properties: {
    groupId: idField('分组'), parentId: { ...idField('上级分组'), type: ['integer', 'null'] }, groupName: nameField('分组名称'),
    sort: { type: ['integer', 'null'], title: '排序', minimum: 0, maximum: 9999 }, remark: nullableString('备注', 200), roleIds: IDS('可见角色', 200),
  },
});

registerCustomRoute('training.groupSave', {
  schema: { body: groupBody(false) },
  handler: async (req: Req) => req.tenantTx(async (tx) => ok({ groupId: await addGroup(tx, req.auth!, req.body as unknown as GroupBody) }, '分组已保存')).catch(asCallerError),
});

registerCustomRoute('training.groupUpdate', {
  schema: { body: groupBody(true) },
  handler: async (req: Req) => req.tenantTx(async (tx) => {
    await updateGroup(tx, req.auth!, req.body as unknown as GroupBody & { groupId: number });
    return ok(null, '分组已修改');
  }).catch(asCallerError),
});

/** One group the caller sees, with its roles' ids (what the form edits). */
registerCustomRoute('training.groupInfo', {
  schema: { params: idParams('分组') },
  handler: async (req: Req) => {
    const id = idOf(req);
    const flat = (nodes: unknown[]): { groupId: number; children: unknown[] }[] =>
      (nodes as { groupId: number; children: unknown[] }[]).flatMap((n) => [n, ...flat(n.children)]);
    const hit = flat(await req.tenantTx((tx) => groupTree(tx, req.auth!))).find((g) => g.groupId === id);
    if (!hit) throw new ApiError('NOT_FOUND', '视频分组 groupId 不存在或无权查看');
    const { children: _children, ...group } = hit;
    return ok(group);
  },
});

registerCustomRoute('training.groupRoles', {
  schema: {},
  handler: async (req: Req) => ok({ roles: await req.tenantTx(roleChoices) }),
});
