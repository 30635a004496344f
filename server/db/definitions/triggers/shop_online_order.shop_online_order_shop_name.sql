-- From migration 228_shop_online_order.sql.
CREATE OR REPLACE TRIGGER shop_online_order_shop_name BEFORE INSERT OR UPDATE OF shop_id ON shop_online_order FOR EACH ROW EXECUTE FUNCTION shop_payment_shop_name();
