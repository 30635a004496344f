-- From migration 258_supplier_account.sql.
CREATE OR REPLACE FUNCTION pd_supplier_account_det_insert_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '供应商往来账不可修改或删除，请登记更正' USING ERRCODE = 'WX400';
END $$;
