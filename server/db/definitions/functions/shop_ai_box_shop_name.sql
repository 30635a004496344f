-- From migration 270_shop_ai_box.sql.
CREATE OR REPLACE FUNCTION shop_ai_box_shop_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
  IF NEW.shop_name IS NULL THEN RAISE EXCEPTION '所属门店不存在' USING ERRCODE = 'WX400'; END IF;
  RETURN NEW;
END $$;
