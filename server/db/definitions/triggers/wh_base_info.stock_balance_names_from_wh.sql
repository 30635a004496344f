-- From migration 050_documents_stock.sql.
CREATE OR REPLACE TRIGGER stock_balance_names_from_wh AFTER UPDATE ON wh_base_info FOR EACH ROW EXECUTE FUNCTION stock_balance_names_from_wh();
