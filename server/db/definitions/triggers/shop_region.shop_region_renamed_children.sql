-- From migration 150_reference_names.sql.
CREATE OR REPLACE TRIGGER shop_region_renamed_children AFTER UPDATE OF region_name ON shop_region FOR EACH ROW EXECUTE FUNCTION shop_region_renamed_children();
