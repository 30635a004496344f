-- From migration 226_shop_merchant.sql.
CREATE OR REPLACE TRIGGER shop_merchant_touched BEFORE UPDATE ON shop_merchant FOR EACH ROW EXECUTE FUNCTION shop_payment_touched();
