-- 部分退款 with damaged goods: a line the cashier marks 报损 comes back into the warehouse and is written off at once by
-- a confirmed 报损单 (wh-write-off, reason 破损) made in the refund's transaction, so the shelf never counts it and the
-- loss is a document of its own (listed, printed, voidable like any other). The refund keeps which lines were
-- damaged and the 报损单 it made.
ALTER TABLE po_order_exchange_det ADD COLUMN damaged boolean NOT NULL DEFAULT false;
ALTER TABLE po_order_exchange ADD COLUMN write_off_id integer;
ALTER TABLE po_order_exchange ADD COLUMN write_off_no varchar(32);
COMMENT ON COLUMN po_order_exchange.write_off_no IS '部分退款: the 报损单 of the lines marked damaged (报损), if any';
