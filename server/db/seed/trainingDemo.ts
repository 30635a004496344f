import { createHash } from 'node:crypto';
import type { Database } from '../index.ts';
import { tinyMp4 } from '../../domains/training/index.ts';

/**
 * 培训 demo: two course groups (新员工入职 for shop staff and managers, 门店运营 for managers only), three short
 * courses whose videos are generated colour cards (server/domains/training/tinyMp4.ts; the bytes are written on first
 * play, see demoCards.ts), the task 新员工必修课 assigned to shop01 with the first course half watched, and 店长必修课
 * that manager01 completed, waiting for its audit (so the statistics and the audit have something real).
 */
const COURSES = [
  { key: '202611/7a1e0000-0000-4000-8000-000000000001.mp4', group: 0, title: '收银流程入门', colour: 'blue', seconds: 60, description: '开班、收款、找零与交班的标准动作。' },
  { key: '202611/7a1e0000-0000-4000-8000-000000000002.mp4', group: 0, title: '商品陈列规范', colour: 'green', seconds: 45, description: '货架分区、价签与端架陈列要点。' },
  { key: '202611/7a1e0000-0000-4000-8000-000000000003.mp4', group: 1, title: '店长每日运营要点', colour: 'orange', seconds: 90, description: '早会、巡店、盘点与日报。' },
] as const;

export async function seedTrainingDemo(db: Database, tenantId: number): Promise<void> {
  await seedCourses(db, tenantId);
  await seedManagerTask(db, tenantId);
}

async function seedCourses(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    if ((await tx.query(`SELECT 1 FROM video_material_group LIMIT 1`)).rows.length) return;
    const users = new Map((await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user`)).rows.map((u) => [u.user_name, u]));
    const admin = users.get('admin');
    if (!admin) return;
    const roles = new Map((await tx.query<{ id: number; code: string }>(`SELECT id, code FROM sys_role`)).rows.map((r) => [r.code, r.id]));
    const groupIds: number[] = [];
    for (const [i, g] of [{ name: '新员工入职', roles: ['shop_staff', 'shop_manager'] }, { name: '门店运营', roles: ['shop_manager'] }].entries()) {
      const id = (await tx.query<{ group_id: number }>(
        `INSERT INTO video_material_group (tenant_id, group_name, sort, create_user_name) VALUES (app_current_tenant(), $1, $2, $3) RETURNING group_id`,
        [g.name, i + 1, admin.name])).rows[0].group_id;
      for (const code of g.roles) {
        if (roles.has(code)) await tx.query(`INSERT INTO video_material_group_role (tenant_id, group_id, role_id) VALUES (app_current_tenant(), $1, $2)`, [id, roles.get(code)]);
      }
      groupIds.push(id);
    }
    const materialIds: number[] = [];
    for (const c of COURSES) {
      const bytes = tinyMp4({ seconds: c.seconds, colour: c.colour });
      await tx.query(
        `INSERT INTO file_object (tenant_id, bucket, object_key, file_name, file_type, content_type, file_size, sha256, created_by)
         VALUES (app_current_tenant(), 'video', $1, $2, 'mp4', 'video/mp4', $3, $4, $5) ON CONFLICT (tenant_id, bucket, object_key) DO NOTHING`,
        [c.key, `${c.title}.mp4`, bytes.length, createHash('sha256').update(bytes).digest('hex'), admin.id]);
      materialIds.push((await tx.query<{ material_id: number }>(
        `INSERT INTO video_material (tenant_id, group_id, title, description, video_object_key, video_bucket_name, file_name, file_size, duration_seconds, demo_colour, create_user_name)
         VALUES (app_current_tenant(), $1, $2, $3, $4, 'video', $5, $6, $7, $8, $9) RETURNING material_id`,
        [groupIds[c.group], c.title, c.description, c.key, `${c.title}.mp4`, bytes.length, c.seconds, c.colour, admin.name])).rows[0].material_id);
    }
    const staff = users.get('shop01');
    if (!staff) return;
    const taskId = (await tx.query<{ task_id: number }>(
      `INSERT INTO sys_video_task (tenant_id, task_name, start_time, deadline, remark, create_user_name)
       VALUES (app_current_tenant(), '新员工必修课', date_trunc('day', now()) - interval '3 days', date_trunc('day', now()) + interval '14 days 23:59:59', '两周内学完', $1)
       RETURNING task_id`, [admin.name])).rows[0].task_id;
    const shop = (await tx.query<{ shop_id: number; shop_name: string }>(
      `SELECT s.shop_id, s.shop_name FROM sys_user_shop us JOIN shop_base s ON s.shop_id = us.shop_id WHERE us.user_id = $1 ORDER BY s.shop_id LIMIT 1`, [staff.id])).rows[0];
    for (const [i, m] of materialIds.slice(0, 2).entries()) {
      await tx.query(`INSERT INTO sys_video_task_material (tenant_id, task_id, material_id, sort) VALUES (app_current_tenant(), $1, $2, $3)`, [taskId, m, i]);
      const watched = i === 0 ? 30 : 0;
      await tx.query(
        `INSERT INTO sys_video_task_user_det (tenant_id, task_id, material_id, user_id, user_name, shop_id, shop_name, duration_seconds, watched_seconds, furthest_position, last_report_time)
         VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $8 > 0 THEN now() - interval '1 day' END)`,
        [taskId, m, staff.id, staff.name, shop?.shop_id ?? null, shop?.shop_name ?? null, COURSES[i].seconds, watched, watched ? 35 : 0]);
    }
  });
}

async function seedManagerTask(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    if ((await tx.query(`SELECT 1 FROM sys_video_task WHERE task_name = '店长必修课'`)).rows.length) return;
    const manager = (await tx.query<{ id: number; name: string; dept_name: string | null }>(
      `SELECT u.id, u.name, d.dept_name FROM sys_user u LEFT JOIN sys_department d ON d.dept_id = u.dept_id WHERE u.user_name = 'manager01'`)).rows[0];
    const course = (await tx.query<{ material_id: number; duration_seconds: number }>(
      `SELECT material_id, duration_seconds FROM video_material WHERE video_object_key = $1`, [COURSES[2].key])).rows[0];
    if (!manager || !course) return;
    const shop = (await tx.query<{ shop_id: number; shop_name: string }>(
      `SELECT s.shop_id, s.shop_name FROM sys_user_shop us JOIN shop_base s ON s.shop_id = us.shop_id WHERE us.user_id = $1 ORDER BY s.shop_id LIMIT 1`, [manager.id])).rows[0];
    const taskId = (await tx.query<{ task_id: number }>(
      `INSERT INTO sys_video_task (tenant_id, task_name, start_time, deadline, remark, create_user_name)
       VALUES (app_current_tenant(), '店长必修课', date_trunc('day', now()) - interval '10 days', date_trunc('day', now()) + interval '20 days 23:59:59', '本月内学完', '系统管理员')
       RETURNING task_id`)).rows[0].task_id;
    await tx.query(`INSERT INTO sys_video_task_material (tenant_id, task_id, material_id) VALUES (app_current_tenant(), $1, $2)`, [taskId, course.material_id]);
    await tx.query(
      `INSERT INTO sys_video_task_user_det (tenant_id, task_id, material_id, user_id, user_name, shop_id, shop_name, dept_name, duration_seconds,
                                            watched_seconds, furthest_position, completed, completed_time, last_report_time)
       VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $8, $8, true, now() - interval '2 days', now() - interval '2 days')`,
      [taskId, course.material_id, manager.id, manager.name, shop?.shop_id ?? null, shop?.shop_name ?? null, manager.dept_name, course.duration_seconds]);
  });
}
