-- 退款 (order-pay refund): a whole order taken back once — goods back into the shop's warehouse at the cost they
-- left at (ledger doc_type 'saleRefund'), the money paid back, the order marked 已退款.
ALTER TABLE po_order ADD COLUMN refund_amount numeric(16,2) NOT NULL DEFAULT 0;
ALTER TABLE po_order ADD COLUMN refund_time timestamptz;
ALTER TABLE po_order ADD COLUMN refund_user_name varchar(48);
ALTER TABLE po_order ADD COLUMN refund_reason varchar(200);
