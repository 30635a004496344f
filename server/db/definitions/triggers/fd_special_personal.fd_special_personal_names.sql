-- From migration 271_attendance_salary.sql.
CREATE OR REPLACE TRIGGER fd_special_personal_names BEFORE INSERT OR UPDATE ON fd_special_personal FOR EACH ROW EXECUTE FUNCTION fd_copy_names();
