-- From migration 220_petty_cash.sql.
CREATE OR REPLACE TRIGGER shop_base_changed_petty_cash AFTER UPDATE OF shop_name, shop_type ON shop_base FOR EACH ROW EXECUTE FUNCTION shop_base_changed_petty_cash();
