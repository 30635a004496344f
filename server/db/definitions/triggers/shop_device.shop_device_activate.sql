-- From migration 180_shop_device.sql.
CREATE OR REPLACE TRIGGER shop_device_activate BEFORE UPDATE OF fingerprint_code ON shop_device FOR EACH ROW EXECUTE FUNCTION shop_device_activate();
