-- From migration 223_shop_rel_poi.sql.
CREATE OR REPLACE FUNCTION shop_rel_poi_shop_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.update_time := now();
  IF NEW.shop_id IS NULL THEN NEW.shop_name := NULL; NEW.match_type := 0; RETURN NEW; END IF;
  SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
  IF NEW.shop_name IS NULL THEN RAISE EXCEPTION '门店不存在' USING ERRCODE = 'WX400'; END IF;
  IF NEW.match_type = 0 THEN NEW.match_type := 2; END IF;
  RETURN NEW;
END $$;
