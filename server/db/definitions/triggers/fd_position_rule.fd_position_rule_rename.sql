-- From migration 271_attendance_salary.sql.
CREATE OR REPLACE TRIGGER fd_position_rule_rename AFTER UPDATE ON fd_position_rule FOR EACH ROW EXECUTE FUNCTION fd_position_renamed();
