-- From migration 150_reference_names.sql.
CREATE OR REPLACE FUNCTION shop_region_renamed_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.region_name IS DISTINCT FROM OLD.region_name THEN
    UPDATE shop_region SET parent_name = NEW.region_name WHERE tenant_id = NEW.tenant_id AND parent_id = NEW.region_id;
  END IF;
  RETURN NEW;
END $$;
