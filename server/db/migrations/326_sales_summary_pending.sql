-- The sales summaries off the sale's critical path (issue 16 performance): 318-321 added each write's delta to the five
-- summaries (po_sales_day, po_sales_day_sku, po_sales_day_hour, po_sales_point, po_sales_day_pay) with INSERT ... ON
-- CONFLICT DO UPDATE inside the writer's transaction, so every sale of a shop locked the same hot rows (its day and
-- cashier, its hour, its payment method, its hot SKUs) from its first write to its commit, and concurrent cash registers
-- waited on each other (50 registers of one shop: 41 sales/s with the summaries, 238 without).
--
-- Now the triggers compute the same delta (po_sales_summary_sql, 321's statement) but only INSERT it into insert-only
-- pending tables of the same shapes (X_pending, no unique key: no conflict, no row shared between two sales).
-- sales_summary_fold() is the one writer of the summaries: it moves the committed pending rows of a tenant into them
-- (DELETE ... RETURNING, summed per key, ON CONFLICT DO UPDATE), one fold of a tenant at a time (advisory transaction
-- lock 326 / tenant). The server folds every tenant every few seconds (server/db/salesSummaries.ts) and every reader
-- of a summary folds its tenant first (foldSalesSummaries), so a report still counts every sale committed before it.
-- sales_summary_rebuild() and a TRUNCATE of the orders clear the pending rows with the summaries and recompute both.

CREATE TABLE po_sales_day_pending (LIKE po_sales_day INCLUDING DEFAULTS);
CREATE TABLE po_sales_day_sku_pending (LIKE po_sales_day_sku INCLUDING DEFAULTS);
CREATE TABLE po_sales_day_hour_pending (LIKE po_sales_day_hour INCLUDING DEFAULTS);
CREATE TABLE po_sales_point_pending (LIKE po_sales_point INCLUDING DEFAULTS);
CREATE TABLE po_sales_day_pay_pending (LIKE po_sales_day_pay INCLUDING DEFAULTS);
SELECT enable_tenancy('po_sales_day_pending', 'po_sales_day_sku_pending', 'po_sales_day_hour_pending', 'po_sales_point_pending',
  'po_sales_day_pay_pending');

-- The writer (po_sales_summary_sql, now inserting into the pending tables), sales_summary_fold_tenant(),
-- sales_summary_fold() and sales_summary_rebuild() are in server/db/definitions/.

