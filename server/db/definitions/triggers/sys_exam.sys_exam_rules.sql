-- From migration 311_exam_rules.sql.
CREATE OR REPLACE TRIGGER sys_exam_rules BEFORE INSERT OR UPDATE ON sys_exam FOR EACH ROW EXECUTE FUNCTION sys_exam_rules();
