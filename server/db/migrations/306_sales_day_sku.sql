-- Daily sales per shop and SKU (issue 16 performance): 铺货分析 reads these instead of a period's order lines.
-- Per shop, day, SKU, movement (+1 sale on its day, -1 refund on its day, as in 305) and the order's status (铺货分析
-- counts a refund only of a 已退款 order): line count, quantity, amount and cost rounded per line to the fen, the
-- way the report sums them. Kept by the same triggers as 305, in the same transaction as the write.
CREATE TABLE po_sales_day_sku (
  tenant_id   integer NOT NULL,
  shop_id     integer NOT NULL,
  day         date NOT NULL,
  sku_id      integer NOT NULL,
  sign        smallint NOT NULL,
  status      smallint NOT NULL,
  n           bigint NOT NULL DEFAULT 0,
  qty         numeric NOT NULL DEFAULT 0,
  amount      numeric NOT NULL DEFAULT 0,
  cost        numeric NOT NULL DEFAULT 0,
  UNIQUE (tenant_id, day, shop_id, sku_id, sign, status)
);
SELECT enable_tenancy('po_sales_day_sku');

-- The orders already there.
INSERT INTO po_sales_day_sku (tenant_id, shop_id, day, sku_id, sign, status, n, qty, amount, cost)
SELECT m.tenant_id, m.shop_id, m.day, d.sku_id, m.sign, m.status, count(*), sum(d.quantity), sum(d.amount), sum(round(d.quantity * d.unit_cost, 2))
  FROM (SELECT tenant_id, order_id, shop_id, create_time::date AS day, 1 AS sign, status FROM po_order WHERE NOT is_practice AND status IN (1, 2)
        UNION ALL
        SELECT tenant_id, order_id, shop_id, refund_time::date, -1, status FROM po_order WHERE NOT is_practice AND refund_time IS NOT NULL) m
  JOIN po_order_det d ON d.tenant_id = m.tenant_id AND d.order_id = m.order_id
 GROUP BY 1, 2, 3, 4, 5, 6;
