-- The purchase's number and supplier travel with the appointment, so lists show names, not ids.
-- From migration 120_purchase_receipt.sql.
CREATE OR REPLACE FUNCTION wh_expected_receipt_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.purchase_no, p.supplier_name INTO NEW.purchase_no, NEW.supplier_name FROM wh_purchase p WHERE p.purchase_id = NEW.purchase_id;
  IF NEW.purchase_no IS NULL THEN
    RAISE EXCEPTION '采购单不存在' USING ERRCODE = 'WX400';
  END IF;
  RETURN NEW;
END $$;
