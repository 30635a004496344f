-- From migration 210_members.sql.
CREATE OR REPLACE FUNCTION mb_base_info_shop_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.shop_id IS NULL THEN NEW.shop_name := NULL; RETURN NEW; END IF;
  SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
  IF NEW.shop_name IS NULL THEN RAISE EXCEPTION '开卡门店不存在' USING ERRCODE = 'WX400'; END IF;
  RETURN NEW;
END $$;
