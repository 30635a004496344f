-- From migration 150_reference_names.sql.
CREATE OR REPLACE FUNCTION shop_region_parent_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.parent_name := (SELECT p.region_name FROM shop_region p WHERE p.region_id = NEW.parent_id AND p.tenant_id = NEW.tenant_id);
  RETURN NEW;
END $$;
