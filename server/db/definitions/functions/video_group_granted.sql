-- From migration 315_training_access.sql.
CREATE OR REPLACE FUNCTION video_group_granted(p_group integer, p_user integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(group_id, parent_id, depth) AS (
    SELECT g.group_id, g.parent_id, 0 FROM video_material_group g WHERE g.group_id = p_group
    UNION ALL
    SELECT g.group_id, g.parent_id, up.depth + 1 FROM video_material_group g JOIN up ON g.group_id = up.parent_id
     WHERE up.depth < 64
  )
  SELECT EXISTS (
    SELECT 1 FROM up
      JOIN video_material_group_role gr ON gr.group_id = up.group_id
      JOIN sys_user_role ur ON ur.role_id = gr.role_id AND ur.user_id = p_user
  )
$$;
