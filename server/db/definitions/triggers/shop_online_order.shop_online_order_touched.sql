-- From migration 228_shop_online_order.sql.
CREATE OR REPLACE TRIGGER shop_online_order_touched BEFORE UPDATE ON shop_online_order FOR EACH ROW EXECUTE FUNCTION shop_payment_touched();
