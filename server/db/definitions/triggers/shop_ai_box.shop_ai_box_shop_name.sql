-- From migration 270_shop_ai_box.sql.
CREATE OR REPLACE TRIGGER shop_ai_box_shop_name BEFORE INSERT OR UPDATE OF shop_id ON shop_ai_box FOR EACH ROW EXECUTE FUNCTION shop_ai_box_shop_name();
