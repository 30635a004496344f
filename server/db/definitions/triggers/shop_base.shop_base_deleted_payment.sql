-- From migration 226_shop_merchant.sql.
CREATE OR REPLACE TRIGGER shop_base_deleted_payment AFTER DELETE ON shop_base REFERENCING OLD TABLE AS old_shops
  FOR EACH STATEMENT EXECUTE FUNCTION shop_base_deleted_payment();
