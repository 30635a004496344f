-- The shop's name copied beside its id.
-- From migration 295_shop_inspect_apply.sql.
CREATE OR REPLACE FUNCTION shop_inspect_apply_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v text;
BEGIN
  SELECT shop_name INTO v FROM shop_base WHERE shop_id = NEW.shop_id;
  IF v IS NULL THEN RAISE EXCEPTION '门店不存在' USING ERRCODE = 'WX400'; END IF;
  NEW.shop_name := v;
  RETURN NEW;
END $$;
