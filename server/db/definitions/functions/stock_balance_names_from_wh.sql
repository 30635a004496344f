-- From migration 050_documents_stock.sql.
CREATE OR REPLACE FUNCTION stock_balance_names_from_wh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.wh_name IS DISTINCT FROM OLD.wh_name THEN
    UPDATE stock_balance SET wh_name = NEW.wh_name WHERE tenant_id = NEW.tenant_id AND wh_id = NEW.wh_id;
  END IF;
  RETURN NEW;
END $$;
