-- 券 (pay type 6): a platform voucher (po_voucher) paying at settlement. A shop enables it in 门店支付方式 (every shop
-- gets the row, switched off); the payment row keeps the voucher it wrote off, and the voucher the order that used it,
-- so a refund or an invalidated order gives it back once.
ALTER TABLE shop_pay_method_config DROP CONSTRAINT shop_pay_method_config_pay_type_check;
ALTER TABLE shop_pay_method_config ADD CONSTRAINT shop_pay_method_config_pay_type_check CHECK (pay_type BETWEEN 1 AND 4 OR pay_type = 6);

-- Now in server/db/definitions/: shop_pay_method_defaults.

INSERT INTO shop_pay_method_config (tenant_id, shop_id, shop_name, pay_type, sort, enabled)
SELECT b.tenant_id, b.shop_id, b.shop_name, 6, 6, false FROM shop_base b
ON CONFLICT (tenant_id, shop_id, pay_type) DO NOTHING;

ALTER TABLE po_order_pay ADD COLUMN voucher_id integer;
ALTER TABLE po_order_pay ADD COLUMN voucher_code varchar(32);
ALTER TABLE po_voucher ADD COLUMN writeoff_order_id integer;
CREATE INDEX po_voucher_writeoff_order ON po_voucher (tenant_id, writeoff_order_id) WHERE writeoff_order_id IS NOT NULL;
