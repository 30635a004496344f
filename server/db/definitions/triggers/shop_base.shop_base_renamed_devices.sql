-- From migration 180_shop_device.sql.
CREATE OR REPLACE TRIGGER shop_base_renamed_devices AFTER UPDATE OF shop_name ON shop_base FOR EACH ROW EXECUTE FUNCTION shop_base_renamed_devices();
