-- A renamed SKU or warehouse shows its new name in the stock lists.
-- From migration 050_documents_stock.sql.
CREATE OR REPLACE FUNCTION stock_balance_names_from_sku() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sku_name IS DISTINCT FROM OLD.sku_name OR NEW.sku_code IS DISTINCT FROM OLD.sku_code OR NEW.barcode IS DISTINCT FROM OLD.barcode
     OR NEW.spu_name IS DISTINCT FROM OLD.spu_name OR NEW.spec IS DISTINCT FROM OLD.spec OR NEW.unit IS DISTINCT FROM OLD.unit THEN
    UPDATE stock_balance SET sku_name = NEW.sku_name, sku_code = NEW.sku_code, barcode = NEW.barcode, spu_name = NEW.spu_name, spec = NEW.spec, unit = NEW.unit
     WHERE tenant_id = NEW.tenant_id AND sku_id = NEW.sku_id;
  END IF;
  RETURN NEW;
END $$;
