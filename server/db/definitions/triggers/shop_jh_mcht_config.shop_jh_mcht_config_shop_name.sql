-- From migration 226_shop_merchant.sql.
CREATE OR REPLACE TRIGGER shop_jh_mcht_config_shop_name BEFORE INSERT OR UPDATE OF shop_id ON shop_jh_mcht_config FOR EACH ROW EXECUTE FUNCTION shop_payment_shop_name();
