-- From migration 220_petty_cash.sql.
CREATE OR REPLACE FUNCTION shop_base_changed_petty_cash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.shop_name IS DISTINCT FROM OLD.shop_name OR NEW.shop_type IS DISTINCT FROM OLD.shop_type THEN
    UPDATE petty_cash_shop_config SET shop_name = NEW.shop_name, shop_type = NEW.shop_type WHERE tenant_id = NEW.tenant_id AND shop_id = NEW.shop_id;
    UPDATE petty_cash_record SET shop_name = NEW.shop_name WHERE tenant_id = NEW.tenant_id AND shop_id = NEW.shop_id;
    UPDATE petty_cash_transfer SET shop_name = NEW.shop_name WHERE tenant_id = NEW.tenant_id AND shop_id = NEW.shop_id;
    UPDATE petty_cash_reconciliation SET shop_name = NEW.shop_name WHERE tenant_id = NEW.tenant_id AND shop_id = NEW.shop_id;
  END IF;
  RETURN NEW;
END $$;
