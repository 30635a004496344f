-- From migration 271_attendance_salary.sql.
CREATE OR REPLACE TRIGGER fd_personal_pc_names BEFORE INSERT OR UPDATE ON fd_personal_pc FOR EACH ROW EXECUTE FUNCTION fd_copy_names();
