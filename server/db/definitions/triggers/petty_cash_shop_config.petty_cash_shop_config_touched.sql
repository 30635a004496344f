-- From migration 220_petty_cash.sql.
CREATE OR REPLACE TRIGGER petty_cash_shop_config_touched BEFORE UPDATE ON petty_cash_shop_config FOR EACH ROW EXECUTE FUNCTION petty_cash_shop_config_touched();
