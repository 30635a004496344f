-- From migration 253_access_report.sql.
CREATE OR REPLACE TRIGGER access_target_shop_name BEFORE INSERT OR UPDATE OF shop_id ON access_target FOR EACH ROW EXECUTE FUNCTION access_target_shop_name();
