-- From migration 200_shop_pay_method.sql.
CREATE OR REPLACE TRIGGER shop_pay_method_keep_one BEFORE UPDATE OF enabled ON shop_pay_method_config FOR EACH ROW EXECUTE FUNCTION shop_pay_method_keep_one();
