-- Activation (shop-device active/{id}/{fingerprint} writes the fingerprint): binds one browser to one device,
-- once. The same browser again changes nothing; another browser cannot take an active device over; one
-- browser cannot be two devices.
-- From migration 180_shop_device.sql.
CREATE OR REPLACE FUNCTION shop_device_activate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE other varchar(48);
BEGIN
  IF NEW.fingerprint_code IS NULL THEN RETURN NEW; END IF;
  IF OLD.active AND OLD.fingerprint_code IS NOT NULL THEN
    IF OLD.fingerprint_code = NEW.fingerprint_code THEN RETURN NEW; END IF;
    RAISE EXCEPTION '该设备已在另一台电脑上激活，如需更换请删除后重新登记' USING ERRCODE = 'WX400';
  END IF;
  SELECT device_name INTO other FROM shop_device WHERE tenant_id = NEW.tenant_id AND fingerprint_code = NEW.fingerprint_code AND shop_device_id <> NEW.shop_device_id;
  IF other IS NOT NULL THEN RAISE EXCEPTION '本机已激活为「%」，不能再激活为其他设备', other USING ERRCODE = 'WX400'; END IF;
  NEW.active := true;
  NEW.activated_at := now();
  RETURN NEW;
END $$;
