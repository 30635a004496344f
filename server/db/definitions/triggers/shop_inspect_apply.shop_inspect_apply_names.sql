-- From migration 295_shop_inspect_apply.sql.
CREATE OR REPLACE TRIGGER shop_inspect_apply_names BEFORE INSERT OR UPDATE OF shop_id ON shop_inspect_apply FOR EACH ROW EXECUTE FUNCTION shop_inspect_apply_names();
