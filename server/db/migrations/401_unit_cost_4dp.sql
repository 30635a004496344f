-- Unit costs to 4 decimals on every document (issue 29): the moving average keeps 4 (stock_balance.avg_cost), and the
-- documents that take a typed cost into it — 其他入库's 成本单价, 采购单's and 收货单's 采购单价 — kept 2, so a cost of
-- 1.2345 was cut to 1.23 and moved the average by the wrong amount. Amounts stay cents, computed from the exact cost.
-- The amount columns are generated from the cost, so they go and come back around the type change.
ALTER TABLE wh_other_stock_in_det DROP COLUMN amount;
ALTER TABLE wh_other_stock_in_det ALTER COLUMN unit_cost TYPE numeric(14,4);
ALTER TABLE wh_other_stock_in_det ADD COLUMN amount numeric(16,2) GENERATED ALWAYS AS (round(quantity * unit_cost, 2)) STORED;

ALTER TABLE wh_purchase_det DROP COLUMN amount;
ALTER TABLE wh_purchase_det ALTER COLUMN unit_price TYPE numeric(14,4);
ALTER TABLE wh_purchase_det ADD COLUMN amount numeric(16,2) GENERATED ALWAYS AS (round(quantity * unit_price, 2)) STORED;

ALTER TABLE wh_receipt_det DROP COLUMN amount;
ALTER TABLE wh_receipt_det ALTER COLUMN unit_price TYPE numeric(14,4);
ALTER TABLE wh_receipt_det ADD COLUMN amount numeric(16,2) GENERATED ALWAYS AS (round(quantity * unit_price, 2)) STORED;

-- 退供应商's 退货单价 is copied from the receipt's 采购单价.
ALTER TABLE pd_supplier_mrb_det DROP COLUMN amount;
ALTER TABLE pd_supplier_mrb_det ALTER COLUMN unit_price TYPE numeric(14,4);
ALTER TABLE pd_supplier_mrb_det ADD COLUMN amount numeric(16,2) GENERATED ALWAYS AS (round(quantity * unit_price, 2)) STORED;
