-- From migration 371_wh_write_off.sql.
CREATE OR REPLACE TRIGGER wh_write_off_warehouse BEFORE INSERT OR UPDATE OF wh_id ON wh_write_off FOR EACH ROW EXECUTE FUNCTION wh_doc_warehouse_name();
