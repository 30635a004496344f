-- Posted rows are never edited or deleted.
-- From migration 050_documents_stock.sql.
CREATE OR REPLACE FUNCTION stock_ledger_insert_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '库存流水不可修改或删除' USING ERRCODE = 'WX400';
END $$;
