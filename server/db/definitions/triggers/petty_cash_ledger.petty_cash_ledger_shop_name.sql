-- From migration 286_petty_cash_ledger_shop_name.sql.
CREATE OR REPLACE TRIGGER petty_cash_ledger_shop_name BEFORE INSERT ON petty_cash_ledger FOR EACH ROW EXECUTE FUNCTION petty_cash_ledger_shop_name();
