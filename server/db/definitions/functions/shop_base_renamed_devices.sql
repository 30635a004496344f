-- From migration 180_shop_device.sql.
CREATE OR REPLACE FUNCTION shop_base_renamed_devices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.shop_name IS DISTINCT FROM OLD.shop_name THEN
    UPDATE shop_device SET shop_name = NEW.shop_name WHERE tenant_id = NEW.tenant_id AND shop_id = NEW.shop_id;
  END IF;
  RETURN NEW;
END $$;
