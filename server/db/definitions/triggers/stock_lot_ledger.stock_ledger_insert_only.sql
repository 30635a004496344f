-- The lot ledger is insert-only like the stock ledger (migration 385_stock_lots.sql).
CREATE OR REPLACE TRIGGER stock_lot_ledger_insert_only BEFORE UPDATE OR DELETE ON stock_lot_ledger FOR EACH ROW EXECUTE FUNCTION stock_ledger_insert_only();
