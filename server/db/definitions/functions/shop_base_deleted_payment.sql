-- From migration 226_shop_merchant.sql.
CREATE OR REPLACE FUNCTION shop_base_deleted_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE name text;
BEGIN
  SELECT o.shop_name INTO name FROM old_shops o
   WHERE EXISTS (SELECT 1 FROM shop_merchant m WHERE m.tenant_id = o.tenant_id AND m.shop_id = o.shop_id)
      OR EXISTS (SELECT 1 FROM shop_jh_mcht_config c WHERE c.tenant_id = o.tenant_id AND c.shop_id = o.shop_id)
   LIMIT 1;
  IF FOUND THEN RAISE EXCEPTION '门店“%”还有支付终端或商户配置，请先解绑后再删除', name USING ERRCODE = 'WX400'; END IF;
  RETURN NULL;
END $$;
