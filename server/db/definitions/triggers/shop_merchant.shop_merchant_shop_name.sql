-- From migration 226_shop_merchant.sql.
CREATE OR REPLACE TRIGGER shop_merchant_shop_name BEFORE INSERT OR UPDATE OF shop_id ON shop_merchant FOR EACH ROW EXECUTE FUNCTION shop_payment_shop_name();
