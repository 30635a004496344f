import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyMp4 } from '../../server/domains/training/tinyMp4.ts';
import { dbDay, startTestServer, type TestServer } from './harness.ts';
import { callerFor, headerOf, type Caller, type Json } from './resourceCalls.ts';

/**
 * 视频培训 (wxy-system-server video_material_group, video-material, sys-video-task, sys-video-task-user-det, university
 * and course statistics): groups seen by roles, courses uploaded through the chunked upload (mp4/ogg only), tasks
 * with a deadline, progress reported by the player (never backwards, never beyond the duration), audit once.
 */
const S = 'wxy-system-server';
const F = '/api/wxy-file-server';
let s: TestServer;
let admin: Caller;
let shop: Caller;
let manager: Caller;
let other: Caller;
let tokens: Record<string, string>;
let staffId: number;
let staffShop: { shop_id: number; shop_name: string };
let roleIds: Record<string, number>;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
async function q<T = Json>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await s.db.tenant(1, (tx) => tx.query<T>(sql, params))).rows;
}

/** Uploads a file (< 5 MB) through the chunked upload as one part, as the browser's uploader does. */
async function upload(token: string, name: string, data: Buffer, tenant = 1): Promise<Json> {
  const boundary = `----wxy${randomBytes(8).toString('hex')}`;
  const fields = { currentPart: 1, size: 5_242_880, totalPart: 1, fileName: name, fileSize: data.length, key: `train${randomBytes(8).toString('hex')}`, chunkSha256: sha(data) };
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`));
  const res = await s.app.inject({
    method: 'POST', url: `${F}/file/chunk-upload`,
    headers: { authorization: `Bearer ${token}`, 'x-tenant-id': String(tenant), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.file;
}

beforeAll(async () => {
  s = await startTestServer();
  tokens = {
    admin: await s.login('admin', 'admin123'), shop: await s.login('shop01', 'shop123'), manager: await s.login('manager01', 'manager123'),
    other: await s.login('admin', 'admin123', 2),
  };
  admin = callerFor(s, tokens.admin);
  shop = callerFor(s, tokens.shop);
  manager = callerFor(s, tokens.manager);
  other = callerFor(s, tokens.other, 2);
  staffId = (await q<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'shop01'`))[0].id;
  staffShop = (await q<{ shop_id: number; shop_name: string }>(
    `SELECT s.shop_id, s.shop_name FROM sys_user_shop us JOIN shop_base s ON s.shop_id = us.shop_id WHERE us.user_id = $1 ORDER BY s.shop_id LIMIT 1`, [staffId]))[0];
  roleIds = Object.fromEntries((await q<{ id: number; code: string }>(`SELECT id, code FROM sys_role`)).map((r) => [r.code, r.id]));
}, 180_000);
afterAll(async () => s?.stop());

describe('demo data', () => {
  it('two groups, three playable courses and shop01 half way through 收银流程入门', async () => {
    const tree = await admin('GET', `${S}/video_material_group/tree`);
    expect(tree.json.data.map((g: Json) => g.groupName)).toEqual(expect.arrayContaining(['新员工入职', '门店运营']));
    const mine = (await shop('GET', `${S}/sys-video-task-user-det/my`)).json.data as Json[];
    const first = mine.find((r) => r.title === '收银流程入门')!;
    expect(first).toMatchObject({ taskName: '新员工必修课', watchedSeconds: 30, furthestPosition: 35, completed: false, shopName: staffShop.shop_name });
    const play = await shop('GET', `${S}/video-material/play/${first.materialId}`);
    expect(play.status, play.body).toBe(200);
    expect(play.json.data.progress.furthestPosition).toBe(35);
    // The generated card is a real MP4 served with ranges.
    const bytes = await s.app.inject({ method: 'GET', url: play.json.data.url, headers: { range: 'bytes=4-11' } });
    expect(bytes.statusCode).toBe(206);
    expect(bytes.rawPayload.toString('latin1')).toBe('ftypisom');
    // manager01 finished 店长必修课: it waits for its audit.
    const pending = (await admin('POST', `${S}/sys-video-task-user-det/findPage/1/50`, { completed: true, auditStatus: 0 })).json.data.records as Json[];
    expect(pending.find((r) => r.userName === '店长01')).toMatchObject({ taskName: '店长必修课', title: '店长每日运营要点', watchedPercent: 100 });
  });
});

describe('groups and materials', () => {
  let groupId: number;
  let financeGroupId: number;
  let video: Json;
  let materialId: number;

  it('a group with the roles that may see it; a duplicate name is refused', async () => {
    const r = await admin('POST', `${S}/video_material_group/save`, { groupName: '安全培训', roleIds: [roleIds.shop_manager, roleIds.shop_staff] });
    expect(r.status, r.body).toBe(200);
    groupId = r.json.data.groupId;
    const dup = await admin('POST', `${S}/video_material_group/save`, { groupName: '安全培训' });
    expect(dup.status).toBe(409);
    expect(dup.json.msg).toContain('同名分组');
    const f = await admin('POST', `${S}/video_material_group/save`, { groupName: '财务专题', roleIds: [roleIds.finance] });
    financeGroupId = f.json.data.groupId;
    const bad = await admin('POST', `${S}/video_material_group/save`, { groupName: '无效角色', roleIds: [999999] });
    expect(bad.status).toBe(400);
    expect(bad.json.msg).toContain('可见角色');
    const tree = (await admin('GET', `${S}/video_material_group/tree`)).json.data as Json[];
    expect(tree.find((g) => g.groupId === groupId)).toMatchObject({ roleNames: '门店店员、店长' });
  });

  it('a course is an uploaded mp4/ogg with its duration; anything else is refused in Chinese', async () => {
    video = await upload(tokens.admin, '消防演练.mp4', tinyMp4({ seconds: 40, colour: 'purple' }));
    expect(video.videoBucketName).toBe('video');
    const body = { groupId, title: '消防演练', description: '灭火器使用', durationSeconds: 40, videoObjectKey: video.videoObjectKey, videoBucketName: video.videoBucketName };
    const r = await admin('POST', `${S}/video-material/save`, body);
    expect(r.status, r.body).toBe(200);
    materialId = r.json.data.materialId;
    const txt = await upload(tokens.admin, '讲义.txt', Buffer.from('not a video'));
    const wrong = await admin('POST', `${S}/video-material/save`, { ...body, videoObjectKey: txt.videoObjectKey, videoBucketName: txt.videoBucketName });
    expect(wrong.status).toBe(400);
    expect(wrong.json.msg).toContain('只能是 mp4 或 ogg');
    const missing = await admin('POST', `${S}/video-material/save`, { ...body, videoObjectKey: '202611/00000000-0000-4000-8000-00000000ffff.mp4' });
    expect(missing.status).toBe(400);
    expect(missing.json.msg).toContain('videoObjectKey');
    const noDuration = await admin('POST', `${S}/video-material/save`, { ...body, durationSeconds: 0 });
    expect(noDuration.status).toBe(400);
    expect(noDuration.json.msg).toContain('视频时长');
    expect(await q(`SELECT 1 FROM video_material WHERE title = '消防演练'`)).toHaveLength(1);
    // A group with courses stays.
    const del = await admin('DELETE', `${S}/video_material_group/delete/${groupId}`);
    expect(del.status).toBe(409);
  });

  it('a person sees only the groups their roles grant (server-enforced), and cannot play the others', async () => {
    const fin = await upload(tokens.admin, '报销制度.mp4', tinyMp4({ seconds: 20 }));
    const r = await admin('POST', `${S}/video-material/save`, { groupId: financeGroupId, title: '报销制度', durationSeconds: 20, videoObjectKey: fin.videoObjectKey, videoBucketName: 'video' });
    const financeMaterial = r.json.data.materialId;
    const page = await manager('POST', `${S}/video-material/findPage/1/100`, {});
    expect(page.status, page.body).toBe(200);
    const seen = page.json.data.records.map((m: Json) => m.title);
    expect(seen).toContain('消防演练');
    expect(seen).toContain('店长每日运营要点');
    expect(seen).not.toContain('报销制度');
    expect((await manager('GET', `${S}/video-material/info/${financeMaterial}`)).status).toBe(404);
    expect((await manager('GET', `${S}/video-material/play/${financeMaterial}`)).status).toBe(403);
    expect((await manager('GET', `${S}/video_material_group/tree`)).json.data.map((g: Json) => g.groupName)).not.toContain('财务专题');
    // shop01's roles see 新员工入职 but not 门店运营 (managers only).
    const managersOnly = (await q<{ material_id: number }>(`SELECT material_id FROM video_material WHERE title = '店长每日运营要点'`))[0].material_id;
    expect((await shop('GET', `${S}/video-material/play/${managersOnly}`)).status).toBe(403);
    // Listing and editing need the menus: shop01 has neither.
    expect((await shop('POST', `${S}/video-material/findPage/1/10`, {})).status).toBe(403);
    expect((await manager('POST', `${S}/video-material/save`, { groupId, title: 'x', durationSeconds: 5, videoObjectKey: video.videoObjectKey, videoBucketName: 'video' })).status).toBe(403);
  });

  it('another tenant sees none of it', async () => {
    expect((await other('POST', `${S}/video-material/findPage/1/100`, {})).json.data.records.map((m: Json) => m.title)).not.toContain('消防演练');
    expect((await other('GET', `${S}/video-material/play/${materialId}`)).status).toBe(403);
    expect((await other('POST', `${S}/video-material/save`, { groupId, title: '越权', durationSeconds: 5, videoObjectKey: video.videoObjectKey, videoBucketName: 'video' })).status).toBe(400);
    expect((await other('DELETE', `${S}/video_material_group/delete/${groupId}`)).status).toBe(400);
  });
});

describe('tasks, progress and audit', () => {
  let materialId: number;
  let taskId: number;
  let det: Json;

  beforeAll(async () => {
    materialId = (await q<{ material_id: number }>(`SELECT material_id FROM video_material WHERE title = '消防演练'`))[0].material_id;
  });

  it('refuses a deadline before the start, naming the field, and a task that reaches nobody', async () => {
    const base = { taskName: '消防必修', startTime: '2026-01-10 09:00:00', deadline: '2026-01-09 18:00:00', materialIds: [materialId], shopIds: [staffShop.shop_id] };
    const r = await admin('POST', `${S}/sys-video-task/save`, base);
    expect(r.status).toBe(400);
    expect(r.json.msg).toContain('截止时间');
    const bad = await admin('POST', `${S}/sys-video-task/save`, { ...base, deadline: '2026-02-30 10:00' });
    expect(bad.status).toBe(400);
    const nobody = await admin('POST', `${S}/sys-video-task/save`, { ...base, deadline: '2030-01-01', shopIds: [], userIds: [] });
    expect(nobody.status).toBe(400);
    expect(nobody.json.msg).toContain('学习人员');
    expect(await q(`SELECT 1 FROM sys_video_task WHERE task_name = '消防必修'`)).toHaveLength(0);
    expect((await shop('POST', `${S}/sys-video-task/save`, { ...base, deadline: '2030-01-01' })).status).toBe(403);
  });

  it('assigns the course to every user of shop01\'s shop: one progress row each', async () => {
    const r = await admin('POST', `${S}/sys-video-task/save`, { taskName: '消防必修', startTime: '2026-01-01', deadline: '2030-12-31', materialIds: [materialId], shopIds: [staffShop.shop_id] });
    expect(r.status, r.body).toBe(200);
    taskId = r.json.data.taskId;
    const people = await q<{ user_id: number }>(`SELECT DISTINCT user_id FROM sys_user_shop us JOIN sys_user u ON u.id = us.user_id WHERE shop_id = $1 AND u.status = 1`, [staffShop.shop_id]);
    expect(r.json.data.peopleCount).toBe(people.length);
    const rows = (await admin('POST', `${S}/sys-video-task-user-det/findPage/1/100`, { taskId })).json.data;
    expect(rows.total).toBe(people.length);
    const list = (await admin('POST', `${S}/sys-video-task/findPage/1/10`, { taskName: '消防必修' })).json.data.records[0];
    expect(list).toMatchObject({ courseTitles: '消防演练', assignedCount: people.length, completedCount: 0 });
    const mine = (await shop('GET', `${S}/sys-video-task-user-det/my`)).json.data as Json[];
    det = mine.find((d) => d.taskId === taskId)!;
    expect(det).toMatchObject({ title: '消防演练', watchedSeconds: 0, completed: false, shopName: staffShop.shop_name, durationSeconds: 40 });
  });

  it('the assigned person plays it with seeking (206) and resumes at the furthest point', async () => {
    const play = (await shop('GET', `${S}/video-material/play/${materialId}`)).json.data;
    expect(play.progress.detId).toBe(det.detId);
    const part = await s.app.inject({ method: 'GET', url: play.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 100-199\/\d+$/);
    expect(part.rawPayload.length).toBe(100);
  });

  it('progress counts at most the time played, never goes back, never beyond the duration', async () => {
    const report = (body: Json, who = shop) => who('POST', `${S}/sys-video-task-user-det/progress`, { detId: det.detId, ...body });
    const first = await report({ position: 30, playedSeconds: 30 });
    expect(first.status, first.body).toBe(200);
    expect(first.json.data).toMatchObject({ watchedSeconds: 15, furthestPosition: 30, completed: false });
    const beyond = await report({ position: 45, playedSeconds: 1 });
    expect(beyond.status).toBe(400);
    expect(beyond.json.msg).toContain('视频时长');
    // Backwards: an earlier position keeps the furthest one.
    await q(`UPDATE sys_video_task_user_det SET last_report_time = now() - interval '10 seconds' WHERE det_id = $1`, [det.detId]);
    const back = await report({ position: 5, playedSeconds: 10 });
    expect(back.json.data).toMatchObject({ watchedSeconds: 25, furthestPosition: 30 });
    // Someone else's row is not there; nor is another tenant's.
    expect((await report({ position: 1, playedSeconds: 1 }, manager)).status).toBe(404);
    expect((await report({ position: 1, playedSeconds: 1 }, other)).status).toBe(404);
    // Not completed yet: the audit refuses.
    const early = await admin('PUT', `${S}/sys-video-task-user-det/audit`, { detId: det.detId, auditStatus: 1 });
    expect(early.status).toBe(400);
    expect(early.json.msg).toContain('尚未完成');
    await q(`UPDATE sys_video_task_user_det SET last_report_time = now() - interval '20 seconds' WHERE det_id = $1`, [det.detId]);
    const done = await report({ position: 40, playedSeconds: 15 });
    expect(done.json.data).toMatchObject({ watchedSeconds: 40, furthestPosition: 40, completed: true, watchedPercent: 100 });
  });

  it('a completed row is audited once, by someone with the button; a rejection needs a remark', async () => {
    const body = { detId: det.detId, auditStatus: 1, auditRemark: '认真学习' };
    expect((await shop('PUT', `${S}/sys-video-task-user-det/audit`, body)).status).toBe(403);
    const noRemark = await admin('PUT', `${S}/sys-video-task-user-det/audit`, { detId: det.detId, auditStatus: 2 });
    expect(noRemark.status).toBe(400);
    expect(noRemark.json.msg).toContain('审核备注');
    const ok = await admin('PUT', `${S}/sys-video-task-user-det/audit`, body);
    expect(ok.status, ok.body).toBe(200);
    const twice = await admin('PUT', `${S}/sys-video-task-user-det/audit`, { ...body, auditStatus: 2, auditRemark: '改判' });
    expect(twice.status).toBe(409);
    const row = (await admin('POST', `${S}/sys-video-task-user-det/findPage/1/100`, { taskId, auditStatus: 1 })).json.data.records;
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({ userName: '门店店员01', auditStatusName: '通过', auditRemark: '认真学习', auditUserName: '系统管理员' });
    expect((await other('PUT', `${S}/sys-video-task-user-det/audit`, body)).status).toBe(404);
  });

  it('a task with watched rows cannot be deleted', async () => {
    expect((await admin('DELETE', `${S}/sys-video-task/delete/${taskId}`)).status).toBe(409);
  });

  it('university and course statistics count what was assigned, started and completed, with export', async () => {
    const uni = await admin('POST', `${S}/sys-video-task/university-statistics`, { taskId, groupBy: 'shop' });
    expect(uni.status, uni.body).toBe(200);
    const people = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM sys_video_task_user_det WHERE task_id = $1`, [taskId]))[0].n;
    expect(uni.json.data).toEqual([{ name: staffShop.shop_name, peopleCount: people, assignedCount: people, completedCount: 1, completionRate: Math.round(1000 / people) / 10, overdueCount: 0 }]);
    const course = (await manager('POST', `${S}/sys-video-task/course-statistics`, { taskId })).json.data;
    expect(course).toEqual([expect.objectContaining({ title: '消防演练', assignedCount: people, startedCount: 1, completedCount: 1, avgWatchedPercent: Math.round(1000 / people) / 10 })]);
    const dept = (await admin('POST', `${S}/sys-video-task/university-statistics`, { taskId, groupBy: 'dept' })).json.data;
    expect(dept.reduce((n: number, r: Json) => n + r.assignedCount, 0)).toBe(people);
    const xlsx = await admin('POST', `${S}/sys-video-task/course-statistics/export`, { taskId });
    expect(xlsx.status).toBe(200);
    expect(await headerOf(xlsx.raw)).toEqual(['课程', '视频分组', '时长（秒）', '应学人次', '已开始', '已完成', '完成率（%）', '平均观看（%）']);
    const uniXlsx = await admin('POST', `${S}/sys-video-task/university-statistics/export`, { taskId });
    expect(await headerOf(uniXlsx.raw)).toContain('完成率（%）');
    const badDates = await admin('POST', `${S}/sys-video-task/university-statistics`, { startDate: '2026-05-01', endDate: '2026-04-01' });
    expect(badDates.status).toBe(400);
    expect(badDates.json.msg).toContain('结束日期');
    expect((await shop('POST', `${S}/sys-video-task/course-statistics`, {})).status).toBe(403);
    // Another tenant's statistics have nothing of ours.
    expect((await other('POST', `${S}/sys-video-task/course-statistics`, { taskId })).json.data).toEqual([]);
  });
});

describe('who may watch: inherited group roles and open assignments (one rule for list, play, stream and progress)', () => {
  let parentId: number;
  let childCourse: number;
  let privateCourse: number;
  let taskId: number;
  const stream = (url: string, range = 'bytes=0-15') => s.app.inject({ method: 'GET', url, headers: { range } });

  beforeAll(async () => {
    const parent = await admin('POST', `${S}/video_material_group/save`, { groupName: '继承上级组', roleIds: [roleIds.shop_manager] });
    parentId = parent.json.data.groupId;
    const child = await admin('POST', `${S}/video_material_group/save`, { groupName: '继承下级组', parentId });
    const grandchild = await admin('POST', `${S}/video_material_group/save`, { groupName: '继承孙级组', parentId: child.json.data.groupId });
    const secret = await admin('POST', `${S}/video_material_group/save`, { groupName: '仅财务可见', roleIds: [roleIds.finance] });
    const v = await upload(tokens.admin, '继承课程.mp4', tinyMp4({ seconds: 30, colour: 'green' }));
    const add = async (groupId: number, title: string) =>
      (await admin('POST', `${S}/video-material/save`, { groupId, title, durationSeconds: 30, videoObjectKey: v.videoObjectKey, videoBucketName: 'video' })).json.data.materialId as number;
    childCourse = await add(grandchild.json.data.groupId, '孙级组课程');
    privateCourse = await add(secret.json.data.groupId, '财务私密课程');
  });

  it('a role on a parent group sees its child groups and their courses, down the tree', async () => {
    const tree = JSON.stringify((await manager('GET', `${S}/video_material_group/tree`)).json.data);
    expect(tree).toContain('继承下级组');
    expect(tree).toContain('继承孙级组');
    expect(tree).not.toContain('仅财务可见');
    const seen = (await manager('POST', `${S}/video-material/findPage/1/200`, {})).json.data.records.map((m: Json) => m.title);
    expect(seen).toContain('孙级组课程');
    expect(seen).not.toContain('财务私密课程');
    const play = await manager('GET', `${S}/video-material/play/${childCourse}`);
    expect(play.status, play.body).toBe(200);
    expect((await stream(play.json.data.url)).statusCode).toBe(206);
    // shop01's role is on no group of this branch: refused.
    expect((await shop('GET', `${S}/video-material/play/${childCourse}`)).status).toBe(403);
    // Taking the role off the parent takes the children with it.
    await admin('PUT', `${S}/video_material_group/update`, { groupId: parentId, groupName: '继承上级组', roleIds: [] });
    expect((await manager('GET', `${S}/video-material/play/${childCourse}`)).status).toBe(403);
    expect((await stream(play.json.data.url)).statusCode).toBe(403);
    await admin('PUT', `${S}/video_material_group/update`, { groupId: parentId, groupName: '继承上级组', roleIds: [roleIds.shop_manager] });
  });

  it('the engine lists (视频分组, 视频资料) page, filter and export only what the caller may see', async () => {
    const groups = await manager('POST', `${S}/video_material_group/findPage/1/200`, { groupName: '继承' });
    expect(groups.status, groups.body).toBe(200);
    const rows = groups.json.data.records as Json[];
    expect(rows.map((g) => g.groupName).sort()).toEqual(['继承下级组', '继承孙级组', '继承上级组'].sort());
    expect(rows.find((g) => g.groupName === '继承孙级组')).toMatchObject({ parentName: '继承下级组', materialCount: 1 });
    expect(rows.find((g) => g.groupName === '继承上级组')).toMatchObject({ roleNames: '店长' });
    expect((await manager('POST', `${S}/video_material_group/findPage/1/200`, { groupName: '仅财务' })).json.data.total).toBe(0);
    expect((await admin('POST', `${S}/video_material_group/findPage/1/200`, { groupName: '仅财务' })).json.data.total).toBe(1);
    const page1 = (await manager('POST', `${S}/video-material/findPage/1/1`, {})).json.data;
    const all = (await manager('POST', `${S}/video-material/findPage/1/500`, {})).json.data;
    expect(page1.records).toHaveLength(1);
    expect(page1.total).toBe(all.total);
    expect(all.records.map((m: Json) => m.title)).not.toContain('财务私密课程');
    expect(all.records.find((m: Json) => m.title === '孙级组课程')).toMatchObject({ groupName: '继承孙级组', durationSeconds: 30, assignedCount: 0 });
    const csv = await manager('POST', `${S}/video-material/export`, { title: '课程' });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('孙级组课程');
    expect(csv.body).not.toContain('财务私密课程');
    expect((await shop('POST', `${S}/video_material_group/findPage/1/10`, {})).status).toBe(403);
  });

  it('not assigned and no role: refused; assigned by an open task: listed, played, streamed and recorded', async () => {
    expect((await shop('GET', `${S}/video-material/play/${privateCourse}`)).status).toBe(403);
    expect((await manager('GET', `${S}/video-material/info/${privateCourse}`)).status).toBe(404);
    const t = await admin('POST', `${S}/sys-video-task/save`, { taskName: '私密课程任务', startTime: await dbDay(s, -1), deadline: await dbDay(s, 3), materialIds: [privateCourse], userIds: [staffId] });
    expect(t.status, t.body).toBe(200);
    taskId = t.json.data.taskId;
    const play = await shop('GET', `${S}/video-material/play/${privateCourse}`);
    expect(play.status, play.body).toBe(200);
    const part = await stream(play.json.data.url, 'bytes=100-199');
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    const mine = ((await shop('GET', `${S}/sys-video-task-user-det/my`)).json.data as Json[]).find((d) => d.taskId === taskId)!;
    expect(mine).toMatchObject({ title: '财务私密课程', watchable: true });
    const report = await shop('POST', `${S}/sys-video-task-user-det/progress`, { detId: mine.detId, position: 5, playedSeconds: 5 });
    expect(report.status, report.body).toBe(200);
    // Only the assigned person: the manager still cannot, nor can a link be bent to another person.
    expect((await manager('GET', `${S}/video-material/play/${privateCourse}`)).status).toBe(403);
    const managerId = (await q<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'manager01'`))[0].id;
    expect((await stream(play.json.data.url.replace(`userId=${staffId}`, `userId=${managerId}`))).statusCode).toBe(403);
  });

  it('once the task is closed the assignment grants nothing: play, stream and progress refused, 我的课程 says so', async () => {
    const play = (await shop('GET', `${S}/video-material/play/${privateCourse}`)).json.data;
    await q(`UPDATE sys_video_task SET start_time = now() - interval '3 days', deadline = now() - interval '1 day' WHERE task_id = $1`, [taskId]);
    expect((await shop('GET', `${S}/video-material/play/${privateCourse}`)).status).toBe(403);
    expect((await stream(play.url, 'bytes=100-199')).statusCode).toBe(403);
    const mine = ((await shop('GET', `${S}/sys-video-task-user-det/my`)).json.data as Json[]).find((d) => d.taskId === taskId)!;
    expect(mine).toMatchObject({ watchable: false, overdue: true });
    await q(`UPDATE sys_video_task_user_det SET last_report_time = now() - interval '10 seconds' WHERE det_id = $1`, [mine.detId]);
    const late = await shop('POST', `${S}/sys-video-task-user-det/progress`, { detId: mine.detId, position: 10, playedSeconds: 5 });
    expect(late.status).toBe(403);
    expect(late.json.msg).toContain('已截止');
    expect((await q<{ watched_seconds: number }>(`SELECT watched_seconds FROM sys_video_task_user_det WHERE det_id = $1`, [mine.detId]))[0].watched_seconds).toBe(5);
  });
});

describe('choices for the forms', () => {
  it('task options list the courses the caller may see, active people, roles and shops; refused without the menu', async () => {
    const o = (await admin('GET', `${S}/sys-video-task/options`)).json.data;
    expect(o.materials.map((m: Json) => m.title)).toEqual(expect.arrayContaining(['收银流程入门', '报销制度']));
    expect(o.users.map((u: Json) => u.userName)).toContain('门店店员01');
    expect(o.roles.map((r: Json) => r.roleName)).toContain('店长');
    expect(o.shops.map((x: Json) => x.shopName)).toContain(staffShop.shop_name);
    expect((await shop('GET', `${S}/sys-video-task/options`)).status).toBe(403);
    const f = (await manager('GET', `${S}/sys-video-task/course-statistics/filters`)).json.data;
    expect(f.tasks.map((x: Json) => x.taskName)).toContain('新员工必修课');
    expect((await shop('GET', `${S}/sys-video-task/university-statistics/filters`)).status).toBe(403);
    expect((await other('GET', `${S}/sys-video-task/options`)).json.data.users.map((u: Json) => u.userName)).not.toContain('门店店员01');
    expect((await admin('GET', `${S}/video_material_group/roles`)).json.data.roles.map((r: Json) => r.roleName)).toContain('门店店员');
  });
});
