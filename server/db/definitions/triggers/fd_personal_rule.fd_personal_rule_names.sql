-- From migration 271_attendance_salary.sql.
CREATE OR REPLACE TRIGGER fd_personal_rule_names BEFORE INSERT OR UPDATE ON fd_personal_rule FOR EACH ROW EXECUTE FUNCTION fd_copy_names();
