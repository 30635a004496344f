-- 视频培训 access, one rule for listing, streaming and progress (server/domains/training/grants.ts):
-- * a person sees a video group when one of their roles is related to it or to any group above it (a parent
--   group's roles are inherited by its child groups, however deep);
-- * a person may watch a course when they see its group, or while a learning task assigning that course to them is
--   open (started and its deadline not passed). Admin sees everything (decided by the caller, not here).
-- SECURITY INVOKER (the default): the caller's row-level security applies, so only the tenant's rows count.

CREATE FUNCTION video_group_granted(p_group integer, p_user integer) RETURNS boolean
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

CREATE FUNCTION video_assignment_open(p_material integer, p_user integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM sys_video_task_user_det d JOIN sys_video_task t ON t.task_id = d.task_id
     WHERE d.material_id = p_material AND d.user_id = p_user AND t.start_time <= now() AND t.deadline >= now()
  )
$$;

CREATE FUNCTION video_material_watchable(p_material integer, p_user integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM video_material m WHERE m.material_id = p_material AND video_group_granted(m.group_id, p_user))
      OR video_assignment_open(p_material, p_user)
$$;
