-- From migration 150_reference_names.sql.
CREATE OR REPLACE TRIGGER shop_base_renamed_sites AFTER UPDATE OF shop_name ON shop_base FOR EACH ROW EXECUTE FUNCTION shop_base_renamed_sites();
