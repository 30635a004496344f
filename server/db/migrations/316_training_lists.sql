-- 视频培训 lists served by the schema engine (schemas/resources/video-material.json, sys-video-task.json,
-- video-material-group.json): one row per course / task / group with the names and counts the lists show.
-- security_invoker: the caller's row-level security applies (only the tenant's rows); video-material and
-- video-material-group add the caller's own access through their rowScope (server/domains/training/grants.ts).

CREATE VIEW video_material_list WITH (security_invoker = true) AS
SELECT m.tenant_id, m.material_id, m.group_id, g.group_name, m.title, m.description, m.duration_seconds,
       m.video_object_key, m.video_bucket_name, m.cover_object_key, m.cover_bucket_name, m.file_name, m.file_size,
       (SELECT count(*) FROM sys_video_task_user_det d WHERE d.material_id = m.material_id)::int AS assigned_count,
       m.create_user_name, m.create_time
  FROM video_material m JOIN video_material_group g ON g.group_id = m.group_id;

CREATE VIEW sys_video_task_list WITH (security_invoker = true) AS
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

CREATE VIEW video_material_group_list WITH (security_invoker = true) AS
SELECT g.tenant_id, g.group_id, g.parent_id, p.group_name AS parent_name, g.group_name, g.sort, g.remark,
       (SELECT string_agg(r.name, '、' ORDER BY r.id) FROM video_material_group_role gr JOIN sys_role r ON r.id = gr.role_id
         WHERE gr.group_id = g.group_id) AS role_names,
       (SELECT count(*) FROM video_material m WHERE m.group_id = g.group_id)::int AS material_count,
       g.create_user_name, g.create_time
  FROM video_material_group g LEFT JOIN video_material_group p ON p.group_id = g.parent_id;
