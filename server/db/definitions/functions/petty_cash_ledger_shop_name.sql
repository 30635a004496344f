-- From migration 286_petty_cash_ledger_shop_name.sql.
CREATE OR REPLACE FUNCTION petty_cash_ledger_shop_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
  RETURN NEW;
END $$;
