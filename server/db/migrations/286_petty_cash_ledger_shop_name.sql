-- The petty-cash ledger shows each row's shop by name (备用金流水 lists several shops' rows at once). The ledger is
-- insert-only, so the name is the shop's name when the row was written, copied by a trigger.
ALTER TABLE petty_cash_ledger ADD COLUMN shop_name varchar(24);
ALTER TABLE petty_cash_ledger DISABLE TRIGGER petty_cash_ledger_immutable;
UPDATE petty_cash_ledger l SET shop_name = b.shop_name FROM shop_base b WHERE b.shop_id = l.shop_id AND b.tenant_id = l.tenant_id;
ALTER TABLE petty_cash_ledger ENABLE TRIGGER petty_cash_ledger_immutable;

CREATE FUNCTION petty_cash_ledger_shop_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
  RETURN NEW;
END $$;
CREATE TRIGGER petty_cash_ledger_shop_name BEFORE INSERT ON petty_cash_ledger FOR EACH ROW EXECUTE FUNCTION petty_cash_ledger_shop_name();
