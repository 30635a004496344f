-- Functions, views and triggers live one per file in server/db/definitions/, applied after the migrations
-- (server/db/migrate.ts), and the sales summaries' writer is one function there: po_sales_summary_sql(orders, lines,
-- pays, with_orders, exchanges, xlines, xpays), the exchanges' arguments defaulting to none. What a database made
-- before this change has besides goes (a new database never had it):
-- - po_sales_summary_sql_orders: 326's statement, which 330 renamed and wrapped to credit each order's seller; the one
--   writer now resolves the seller itself;
-- - po_sales_summary_sql(text, text, text, boolean): 321's four-argument form for the order triggers, which the
--   defaults now serve;
-- - po_sales_summary_apply: 318's runner of the statement, unused since 321.
DROP FUNCTION IF EXISTS po_sales_summary_sql_orders(text, text, text, boolean, text, text, text);
DROP FUNCTION IF EXISTS po_sales_summary_sql(text, text, text, boolean);
DROP FUNCTION IF EXISTS po_sales_summary_apply(text, text, text, boolean);
