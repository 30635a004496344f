-- From migration 075_wh_fulfilment.sql.
CREATE OR REPLACE TRIGGER wh_location_fill BEFORE INSERT OR UPDATE ON wh_location FOR EACH ROW EXECUTE FUNCTION wh_location_fill();
