-- From migration 226_shop_merchant.sql.
CREATE OR REPLACE FUNCTION shop_base_renamed_payment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.shop_name IS DISTINCT FROM OLD.shop_name THEN
    UPDATE shop_merchant SET shop_name = NEW.shop_name WHERE tenant_id = NEW.tenant_id AND shop_id = NEW.shop_id;
    UPDATE shop_jh_mcht_config SET shop_name = NEW.shop_name WHERE tenant_id = NEW.tenant_id AND shop_id = NEW.shop_id;
  END IF;
  RETURN NEW;
END $$;
