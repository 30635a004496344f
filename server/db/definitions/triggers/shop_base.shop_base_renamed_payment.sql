-- From migration 226_shop_merchant.sql.
CREATE OR REPLACE TRIGGER shop_base_renamed_payment AFTER UPDATE OF shop_name ON shop_base FOR EACH ROW EXECUTE FUNCTION shop_base_renamed_payment();
