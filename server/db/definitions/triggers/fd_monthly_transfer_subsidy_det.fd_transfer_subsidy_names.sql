-- From migration 271_attendance_salary.sql.
CREATE OR REPLACE TRIGGER fd_transfer_subsidy_names BEFORE INSERT OR UPDATE ON fd_monthly_transfer_subsidy_det FOR EACH ROW EXECUTE FUNCTION fd_copy_names();
