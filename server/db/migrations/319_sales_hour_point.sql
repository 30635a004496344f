-- Two more sales summaries (issue 16 performance), written by the one statement of 318 (po_sales_summary_sql) in
-- the business time zone:
-- - po_sales_day_hour: movements per shop, day, hour, sign and order status (count and pay/refund amount): 时段销售
--   and the 工作台's hours read it; 商品卖点 its count of kept orders (status 1);
-- - po_sales_point: the lines of kept sales (已完成, practice left out) per day, shop, the order's shop name, hour and
--   SKU: orders carrying the SKU, lines, quantity, amount — 商品卖点's orders, share, quantity, amount, peak hour and
--   top shop without reading the month's order lines.
CREATE TABLE po_sales_day_hour (
  tenant_id  integer NOT NULL,
  shop_id    integer NOT NULL,
  day        date NOT NULL,
  hour       smallint NOT NULL,
  sign       smallint NOT NULL,
  status     smallint NOT NULL,
  orders     bigint NOT NULL DEFAULT 0,
  amount     numeric NOT NULL DEFAULT 0,
  UNIQUE (tenant_id, day, shop_id, hour, sign, status)
);

CREATE TABLE po_sales_point (
  tenant_id  integer NOT NULL,
  day        date NOT NULL,
  shop_id    integer NOT NULL,
  shop_name  varchar(24),
  hour       smallint NOT NULL,
  sku_id     integer NOT NULL,
  orders     bigint NOT NULL DEFAULT 0,
  lines      bigint NOT NULL DEFAULT 0,
  qty        numeric NOT NULL DEFAULT 0,
  amount     numeric NOT NULL DEFAULT 0,
  UNIQUE NULLS NOT DISTINCT (tenant_id, day, shop_id, shop_name, hour, sku_id)
);

SELECT enable_tenancy('po_sales_day_hour', 'po_sales_point');

-- The writer (po_sales_summary_sql, now also writing these two), sales_summary_rebuild() and po_sales_summary_trigger()
-- (an order's shop name is now a summarised figure: an update changing it moves the order) are in
-- server/db/definitions/.
