-- From migration 180_shop_device.sql.
CREATE OR REPLACE TRIGGER shop_device_shop_name BEFORE INSERT OR UPDATE OF shop_id ON shop_device FOR EACH ROW EXECUTE FUNCTION shop_device_shop_name();
