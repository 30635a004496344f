-- From migration 315_training_access.sql.
CREATE OR REPLACE FUNCTION video_assignment_open(p_material integer, p_user integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM sys_video_task_user_det d JOIN sys_video_task t ON t.task_id = d.task_id
     WHERE d.material_id = p_material AND d.user_id = p_user AND t.start_time <= now() AND t.deadline >= now()
  )
$$;
