-- 铺货分析 (put-stock-analyse) reads the transfers sent out in a period (confirm-out sets out_time), per tenant.
CREATE INDEX wh_allocation_tenant_out_time ON wh_allocation (tenant_id, out_time, allocation_id) WHERE out_time IS NOT NULL;
-- Orders refunded in a period, whatever their shop (the shop-scoped index of 230 needs the shop first).
CREATE INDEX po_order_tenant_refund_time ON po_order (tenant_id, refund_time) WHERE refund_time IS NOT NULL;
