-- 库存查询 searched by a Chinese fragment of the SKU name over every (warehouse, SKU) balance: the same stored
-- two-character pieces and GIN index as products (migrations 035/036), so a name search reads candidate rows
-- instead of scanning a million balances. sku_name is copied onto the balance (and kept through renames).
ALTER TABLE stock_balance
  ADD COLUMN sku_name_bigrams text[] GENERATED ALWAYS AS (text_bigrams(sku_name)) STORED;
CREATE INDEX stock_balance_name_bigrams ON stock_balance USING gin (sku_name_bigrams);
ANALYZE stock_balance;
