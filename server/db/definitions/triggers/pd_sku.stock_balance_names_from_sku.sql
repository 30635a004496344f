-- From migration 050_documents_stock.sql.
CREATE OR REPLACE TRIGGER stock_balance_names_from_sku AFTER UPDATE ON pd_sku FOR EACH ROW EXECUTE FUNCTION stock_balance_names_from_sku();
