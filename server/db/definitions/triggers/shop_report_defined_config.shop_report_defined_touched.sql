-- From migration 222_shop_report_config.sql.
CREATE OR REPLACE TRIGGER shop_report_defined_touched BEFORE UPDATE ON shop_report_defined_config FOR EACH ROW EXECUTE FUNCTION shop_report_defined_touched();
