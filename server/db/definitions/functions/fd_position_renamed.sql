-- A position renamed is renamed on its people's profiles.
-- From migration 271_attendance_salary.sql.
CREATE OR REPLACE FUNCTION fd_position_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.position_name IS DISTINCT FROM OLD.position_name THEN
    UPDATE fd_personal_pc SET position_name = NEW.position_name WHERE position_rule_id = NEW.rule_id;
  END IF;
  RETURN NEW;
END $$;
