-- 商品卖点's summary in integers (issue 16 performance): a month of it is about as many rows as the month's lines
-- (per day, shop, hour and SKU), and summing numeric columns over half a million rows cost more than the scan. Orders
-- and lines as integer, quantity in thousandths and amount in fen as bigint (exact: the lines' scales are 3 and 2).
ALTER TABLE po_sales_point ALTER COLUMN orders TYPE integer, ALTER COLUMN lines TYPE integer,
  ALTER COLUMN qty TYPE bigint USING (qty * 1000)::bigint, ALTER COLUMN amount TYPE bigint USING (amount * 100)::bigint;
ALTER TABLE po_sales_point RENAME COLUMN qty TO qty_milli;
ALTER TABLE po_sales_point RENAME COLUMN amount TO amount_fen;

-- The writer (po_sales_summary_sql) writes these columns: server/db/definitions/functions/po_sales_summary_sql.sql.
