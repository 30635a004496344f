-- From migration 235_member_balance.sql.
CREATE OR REPLACE TRIGGER mb_recharge_rule_check BEFORE INSERT OR UPDATE ON mb_recharge_rule FOR EACH ROW EXECUTE FUNCTION mb_recharge_rule_check();
