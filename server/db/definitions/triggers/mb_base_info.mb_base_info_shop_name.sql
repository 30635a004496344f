-- From migration 210_members.sql.
CREATE OR REPLACE TRIGGER mb_base_info_shop_name BEFORE INSERT OR UPDATE OF shop_id ON mb_base_info FOR EACH ROW EXECUTE FUNCTION mb_base_info_shop_name();
