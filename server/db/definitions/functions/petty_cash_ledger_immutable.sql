-- From migration 220_petty_cash.sql.
CREATE OR REPLACE FUNCTION petty_cash_ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '备用金流水只能新增，不能修改或删除' USING ERRCODE = 'WX400';
END $$;
