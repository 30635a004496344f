-- From migration 220_petty_cash.sql.
CREATE OR REPLACE TRIGGER shop_base_petty_cash AFTER INSERT ON shop_base REFERENCING NEW TABLE AS new_shops
  FOR EACH STATEMENT EXECUTE FUNCTION shop_base_petty_cash();
