-- From migration 150_reference_names.sql.
CREATE OR REPLACE TRIGGER shop_region_parent_name BEFORE INSERT OR UPDATE OF parent_id ON shop_region FOR EACH ROW EXECUTE FUNCTION shop_region_parent_name();
