-- 换货 in the sales figures (issue 16): an exchange counts on its day (and hour) as a sale of the replacements and a
-- refund of the returned lines, by who made it, at its shop, no order counted — so 门店销售, 导购销售, 订单销售汇总
-- (with the difference's money per payment method), 时段销售, the 工作台 and the contributions move by exactly its
-- difference; the replacements and returned lines count per SKU (po_sales_day_sku: sold status 1, returned status 2,
-- as a refunded order's lines); 商品卖点 (kept orders' lines) leaves them out. The one summary statement of 318-320
-- takes exchanges (headers, lines, payments with k) beside orders; triggers on the three exchange tables feed it; the
-- rebuild and a TRUNCATE include them.

-- The writer (po_sales_summary_sql, taking exchanges beside orders), the exchanges' trigger function
-- (po_sales_exchange_trigger) and triggers, and sales_summary_rebuild() are in server/db/definitions/.
