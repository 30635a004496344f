-- 部分退款 (order/refundLines): chosen lines and quantities of a paid order come back and their share of what was paid
-- goes back to the customer, several times until nothing is left. Each is kept as a return-only 换货 record (kind 2:
-- lines of direction 1 only, the money paid back as negative payment rows), so the sales summaries, the shift's money
-- and po_order_det.returned_quantity treat it exactly as the returned side of an exchange. The order is 部分退款
-- (status 4) until the last unit is back, then 已退款.
ALTER TABLE po_order_exchange ADD COLUMN kind smallint NOT NULL DEFAULT 1 CHECK (kind IN (1, 2));
COMMENT ON COLUMN po_order_exchange.kind IS '1 换货, 2 部分退款 (return-only)';

-- A refund of lines gives back its part of the balance and takes back its part of the points under its own key
-- (ref_type lineRefund, ref_id the refund record; ref_no the order's number): an order may have several.
ALTER TABLE mb_balance_ledger DROP CONSTRAINT mb_balance_ledger_ref_type_check;
ALTER TABLE mb_balance_ledger ADD CONSTRAINT mb_balance_ledger_ref_type_check CHECK (ref_type IN ('recharge', 'sale', 'saleRefund', 'saleInvalid', 'lineRefund'));
ALTER TABLE mb_points_ledger DROP CONSTRAINT mb_points_ledger_ref_type_check;
ALTER TABLE mb_points_ledger ADD CONSTRAINT mb_points_ledger_ref_type_check CHECK (ref_type IN ('sale', 'saleRefund', 'lineRefund'));
