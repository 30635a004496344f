-- From migration 200_shop_pay_method.sql.
CREATE OR REPLACE TRIGGER shop_base_deleted_pay_methods AFTER DELETE ON shop_base REFERENCING OLD TABLE AS old_shops
  FOR EACH STATEMENT EXECUTE FUNCTION shop_base_deleted_pay_methods();
