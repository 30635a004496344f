-- From migration 315_training_access.sql.
CREATE OR REPLACE FUNCTION video_material_watchable(p_material integer, p_user integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM video_material m WHERE m.material_id = p_material AND video_group_granted(m.group_id, p_user))
      OR video_assignment_open(p_material, p_user)
$$;
