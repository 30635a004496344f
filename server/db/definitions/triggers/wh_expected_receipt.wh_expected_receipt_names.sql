-- From migration 120_purchase_receipt.sql.
CREATE OR REPLACE TRIGGER wh_expected_receipt_names BEFORE INSERT OR UPDATE OF purchase_id ON wh_expected_receipt FOR EACH ROW EXECUTE FUNCTION wh_expected_receipt_names();
