-- 视频培训's course groups as the schema engine lists them (schemas/resources/video-material-group.json): one row per
-- group with its parent's name, its roles and its number of courses. security_invoker: the caller's row-level security
-- applies (only the tenant's rows); the resource's rowScope adds the caller's own access (server/domains/training/grants.ts).
-- From migration 316_training_lists.sql.
CREATE OR REPLACE VIEW video_material_group_list WITH (security_invoker = true) AS
SELECT g.tenant_id, g.group_id, g.parent_id, p.group_name AS parent_name, g.group_name, g.sort, g.remark,
       (SELECT string_agg(r.name, '、' ORDER BY r.id) FROM video_material_group_role gr JOIN sys_role r ON r.id = gr.role_id
         WHERE gr.group_id = g.group_id) AS role_names,
       (SELECT count(*) FROM video_material m WHERE m.group_id = g.group_id)::int AS material_count,
       g.create_user_name, g.create_time
  FROM video_material_group g LEFT JOIN video_material_group p ON p.group_id = g.parent_id;
