-- From migration 270_shop_ai_box.sql.
CREATE OR REPLACE TRIGGER shop_passengers_count_fill BEFORE INSERT OR UPDATE ON shop_passengers_count FOR EACH ROW EXECUTE FUNCTION shop_passengers_count_fill();
