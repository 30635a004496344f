-- From migration 200_shop_pay_method.sql.
CREATE OR REPLACE TRIGGER shop_base_renamed_pay_methods AFTER UPDATE OF shop_name ON shop_base FOR EACH ROW EXECUTE FUNCTION shop_base_renamed_pay_methods();
