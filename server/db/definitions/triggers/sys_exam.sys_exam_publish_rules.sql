-- From migration 312_exam_questions.sql.
CREATE OR REPLACE TRIGGER sys_exam_publish_rules BEFORE UPDATE ON sys_exam FOR EACH ROW EXECUTE FUNCTION sys_exam_publish_rules();
