-- From migration 337_member_operation_plan.sql.
CREATE OR REPLACE TRIGGER mb_operation_plan_check BEFORE INSERT OR UPDATE OR DELETE ON mb_operation_plan FOR EACH ROW EXECUTE FUNCTION mb_operation_plan_check();
