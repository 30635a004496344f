-- From migration 220_petty_cash.sql.
CREATE OR REPLACE TRIGGER petty_cash_ledger_immutable BEFORE UPDATE OR DELETE ON petty_cash_ledger FOR EACH ROW EXECUTE FUNCTION petty_cash_ledger_immutable();
