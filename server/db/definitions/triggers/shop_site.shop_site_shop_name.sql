-- From migration 150_reference_names.sql.
CREATE OR REPLACE TRIGGER shop_site_shop_name BEFORE INSERT OR UPDATE OF shop_id ON shop_site FOR EACH ROW EXECUTE FUNCTION shop_site_shop_name();
