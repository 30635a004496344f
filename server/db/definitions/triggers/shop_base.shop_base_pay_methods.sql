-- From migration 200_shop_pay_method.sql.
CREATE OR REPLACE TRIGGER shop_base_pay_methods AFTER INSERT ON shop_base REFERENCING NEW TABLE AS new_shops
  FOR EACH STATEMENT EXECUTE FUNCTION shop_base_pay_methods();
