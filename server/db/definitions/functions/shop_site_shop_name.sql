-- From migration 150_reference_names.sql.
CREATE OR REPLACE FUNCTION shop_site_shop_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
  RETURN NEW;
END $$;
