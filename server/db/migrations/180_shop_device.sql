-- 门店设备 (shop-device): the cash-register browsers of each shop. A device is registered for a shop, then
-- activated once from the browser that will be the register (/baseInfo/deviceActive), which binds that
-- browser's fingerprint to it. Names beside ids for the list; the shop must be one of the tenant's.
ALTER TABLE shop_device ADD COLUMN shop_name varchar(24);
ALTER TABLE shop_device ADD COLUMN remark varchar(200);
ALTER TABLE shop_device ADD COLUMN create_time timestamptz NOT NULL DEFAULT now();

-- The demo devices named shop 1 in every tenant; give each its tenant's first shop.
UPDATE shop_device d SET shop_id = (SELECT min(b.shop_id) FROM shop_base b WHERE b.tenant_id = d.tenant_id)
 WHERE NOT EXISTS (SELECT 1 FROM shop_base b WHERE b.tenant_id = d.tenant_id AND b.shop_id = d.shop_id)
   AND EXISTS (SELECT 1 FROM shop_base b WHERE b.tenant_id = d.tenant_id);
UPDATE shop_device d SET shop_name = b.shop_name FROM shop_base b WHERE b.tenant_id = d.tenant_id AND b.shop_id = d.shop_id;
CREATE INDEX shop_device_tenant_id ON shop_device (tenant_id, shop_device_id);
CREATE INDEX shop_device_tenant_shop ON shop_device (tenant_id, shop_id, shop_device_id);

CREATE FUNCTION shop_device_shop_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
  IF NEW.shop_name IS NULL THEN RAISE EXCEPTION '所属门店不存在' USING ERRCODE = 'WX400'; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER shop_device_shop_name BEFORE INSERT OR UPDATE OF shop_id ON shop_device FOR EACH ROW EXECUTE FUNCTION shop_device_shop_name();

-- Activation (shop-device active/{id}/{fingerprint} writes the fingerprint): binds one browser to one device,
-- once. The same browser again changes nothing; another browser cannot take an active device over; one
-- browser cannot be two devices.
CREATE FUNCTION shop_device_activate() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER shop_device_activate BEFORE UPDATE OF fingerprint_code ON shop_device FOR EACH ROW EXECUTE FUNCTION shop_device_activate();

CREATE FUNCTION shop_base_renamed_devices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.shop_name IS DISTINCT FROM OLD.shop_name THEN
    UPDATE shop_device SET shop_name = NEW.shop_name WHERE tenant_id = NEW.tenant_id AND shop_id = NEW.shop_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER shop_base_renamed_devices AFTER UPDATE OF shop_name ON shop_base FOR EACH ROW EXECUTE FUNCTION shop_base_renamed_devices();
