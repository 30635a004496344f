-- Names beside the ids people read (issue 11): a site shows its shop's name, a region its parent's. Copied on
-- write by triggers and kept when the referenced row is renamed, so lists, filters and exports need no join.
ALTER TABLE shop_site ADD COLUMN shop_name varchar(24);
UPDATE shop_site s SET shop_name = b.shop_name FROM shop_base b WHERE b.shop_id = s.shop_id AND b.tenant_id = s.tenant_id;

CREATE FUNCTION shop_site_shop_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
  RETURN NEW;
END $$;
CREATE TRIGGER shop_site_shop_name BEFORE INSERT OR UPDATE OF shop_id ON shop_site FOR EACH ROW EXECUTE FUNCTION shop_site_shop_name();

CREATE FUNCTION shop_base_renamed_sites() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.shop_name IS DISTINCT FROM OLD.shop_name THEN
    UPDATE shop_site SET shop_name = NEW.shop_name WHERE tenant_id = NEW.tenant_id AND shop_id = NEW.shop_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER shop_base_renamed_sites AFTER UPDATE OF shop_name ON shop_base FOR EACH ROW EXECUTE FUNCTION shop_base_renamed_sites();

ALTER TABLE shop_region ADD COLUMN parent_name varchar(24);
UPDATE shop_region r SET parent_name = p.region_name FROM shop_region p WHERE p.region_id = r.parent_id AND p.tenant_id = r.tenant_id;

CREATE FUNCTION shop_region_parent_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.parent_name := (SELECT p.region_name FROM shop_region p WHERE p.region_id = NEW.parent_id AND p.tenant_id = NEW.tenant_id);
  RETURN NEW;
END $$;
CREATE TRIGGER shop_region_parent_name BEFORE INSERT OR UPDATE OF parent_id ON shop_region FOR EACH ROW EXECUTE FUNCTION shop_region_parent_name();

CREATE FUNCTION shop_region_renamed_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.region_name IS DISTINCT FROM OLD.region_name THEN
    UPDATE shop_region SET parent_name = NEW.region_name WHERE tenant_id = NEW.tenant_id AND parent_id = NEW.region_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER shop_region_renamed_children AFTER UPDATE OF region_name ON shop_region FOR EACH ROW EXECUTE FUNCTION shop_region_renamed_children();
