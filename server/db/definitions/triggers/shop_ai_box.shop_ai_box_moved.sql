-- From migration 270_shop_ai_box.sql.
CREATE OR REPLACE TRIGGER shop_ai_box_moved BEFORE UPDATE OF address, serial_no ON shop_ai_box FOR EACH ROW EXECUTE FUNCTION shop_ai_box_moved();
