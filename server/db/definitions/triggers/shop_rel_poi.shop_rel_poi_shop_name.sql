-- From migration 223_shop_rel_poi.sql.
CREATE OR REPLACE TRIGGER shop_rel_poi_shop_name BEFORE INSERT OR UPDATE ON shop_rel_poi FOR EACH ROW EXECUTE FUNCTION shop_rel_poi_shop_name();
