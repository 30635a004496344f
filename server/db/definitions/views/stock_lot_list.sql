-- 批次库存 / 临期过期报表 (schemas/resources/wh-stock-lot.json): each lot that holds stock, with its days left and its status
-- — 已过期 (3) past its expiry date, 临期 (2) within its SKU's warning days (the chain's default, wh_lot_config, when
-- the SKU names none), else 正常 (1). Days are the business zone's (the session's TimeZone). security_invoker: the
-- caller's row-level security (tenant and shop scope of stock_lot_balance) applies.
-- From migration 385_stock_lots.sql.
CREATE OR REPLACE VIEW stock_lot_list WITH (security_invoker = true) AS
SELECT l.tenant_id, l.lot_balance_id, l.wh_id, b.wh_name, l.sku_id, b.sku_code, b.sku_name, b.barcode, b.spec, b.unit,
       l.lot_no, l.production_date, l.expiry_date, l.on_hand,
       (l.expiry_date - current_date) AS days_left,
       w.days AS near_expiry_days,
       CASE WHEN l.expiry_date < current_date THEN 3 WHEN l.expiry_date - current_date <= w.days THEN 2 ELSE 1 END::smallint AS expiry_status,
       l.update_time
  FROM stock_lot_balance l
  JOIN stock_balance b ON b.tenant_id = l.tenant_id AND b.wh_id = l.wh_id AND b.sku_id = l.sku_id
  JOIN pd_sku s ON s.tenant_id = l.tenant_id AND s.sku_id = l.sku_id
  CROSS JOIN LATERAL (SELECT coalesce(s.near_expiry_days, (SELECT c.near_expiry_days FROM wh_lot_config c WHERE c.tenant_id = l.tenant_id), 7) AS days) w
 WHERE l.on_hand > 0;
