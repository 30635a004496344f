-- From migration 220_petty_cash.sql.
CREATE OR REPLACE TRIGGER shop_base_deleted_petty_cash AFTER DELETE ON shop_base REFERENCING OLD TABLE AS old_shops
  FOR EACH STATEMENT EXECUTE FUNCTION shop_base_deleted_petty_cash();
