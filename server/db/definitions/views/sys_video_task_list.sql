-- 视频培训's learning tasks as the schema engine lists them (schemas/resources/sys-video-task.json): one row per task
-- with its courses' titles and its people's counts (assigned, completed, overdue). security_invoker: the caller's
-- row-level security applies (only the tenant's rows).
-- From migration 316_training_lists.sql.
CREATE OR REPLACE VIEW sys_video_task_list WITH (security_invoker = true) AS
SELECT t.tenant_id, t.task_id, t.task_name, t.start_time, t.deadline, t.remark,
       (SELECT string_agg(m.title, '、' ORDER BY tm.sort) FROM sys_video_task_material tm
          JOIN video_material m ON m.material_id = tm.material_id WHERE tm.task_id = t.task_id) AS course_titles,
       c.people_count, c.assigned_count, c.completed_count, c.overdue_count,
       t.create_user_name, t.create_time
  FROM sys_video_task t
  CROSS JOIN LATERAL (
    SELECT count(DISTINCT d.user_id)::int AS people_count, count(*)::int AS assigned_count,
           (count(*) FILTER (WHERE d.completed))::int AS completed_count,
           (count(*) FILTER (WHERE NOT d.completed AND t.deadline < now()))::int AS overdue_count
      FROM sys_video_task_user_det d WHERE d.task_id = t.task_id
  ) c;
