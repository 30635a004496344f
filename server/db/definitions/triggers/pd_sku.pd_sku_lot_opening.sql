-- From migration 385_stock_lots.sql.
CREATE OR REPLACE TRIGGER pd_sku_lot_opening AFTER UPDATE OF lot_managed ON pd_sku FOR EACH ROW EXECUTE FUNCTION pd_sku_lot_opening();
