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

-- Now in server/db/definitions/: shop_device_shop_name, shop_device_activate, shop_base_renamed_devices.

