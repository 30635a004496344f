-- The salary month's sales (提成 basis) follow the same seller as 导购销售 (330): an order's 导购 when one was set in
-- 修改订单信息, else its cashier. Few orders carry a 导购: a partial index finds them without slowing the register.
CREATE INDEX po_order_tenant_salesman ON po_order (tenant_id, salesman_id, create_time) WHERE salesman_id IS NOT NULL;
