-- From migration 270_shop_ai_box.sql.
CREATE OR REPLACE TRIGGER shop_base_renamed_ai_boxes AFTER UPDATE OF shop_name ON shop_base FOR EACH ROW EXECUTE FUNCTION shop_base_renamed_ai_boxes();
