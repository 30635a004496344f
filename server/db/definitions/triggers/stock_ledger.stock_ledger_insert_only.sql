-- From migration 050_documents_stock.sql.
CREATE OR REPLACE TRIGGER stock_ledger_insert_only BEFORE UPDATE OR DELETE ON stock_ledger FOR EACH ROW EXECUTE FUNCTION stock_ledger_insert_only();
