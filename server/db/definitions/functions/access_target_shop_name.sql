-- From migration 253_access_report.sql.
CREATE OR REPLACE FUNCTION access_target_shop_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
  IF NEW.shop_name IS NULL THEN RAISE EXCEPTION '门店不存在' USING ERRCODE = 'WX400'; END IF;
  RETURN NEW;
END $$;
