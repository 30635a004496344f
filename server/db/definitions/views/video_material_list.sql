-- 视频培训's courses as the schema engine lists them (schemas/resources/video-material.json): one row per course with
-- its group's name and how many learning-task assignments name it. security_invoker: the caller's row-level security
-- applies (only the tenant's rows); the resource's rowScope adds the caller's own access (server/domains/training/grants.ts).
-- From migration 316_training_lists.sql.
CREATE OR REPLACE VIEW video_material_list WITH (security_invoker = true) AS
SELECT m.tenant_id, m.material_id, m.group_id, g.group_name, m.title, m.description, m.duration_seconds,
       m.video_object_key, m.video_bucket_name, m.cover_object_key, m.cover_bucket_name, m.file_name, m.file_size,
       (SELECT count(*) FROM sys_video_task_user_det d WHERE d.material_id = m.material_id)::int AS assigned_count,
       m.create_user_name, m.create_time
  FROM video_material m JOIN video_material_group g ON g.group_id = m.group_id;
