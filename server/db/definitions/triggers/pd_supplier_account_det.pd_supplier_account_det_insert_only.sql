-- From migration 258_supplier_account.sql.
CREATE OR REPLACE TRIGGER pd_supplier_account_det_insert_only BEFORE UPDATE OR DELETE ON pd_supplier_account_det FOR EACH ROW EXECUTE FUNCTION pd_supplier_account_det_insert_only();
