-- A shop whose float has moved keeps its history: it cannot be deleted (disable it instead).
-- From migrations 220_petty_cash.sql, 390_petty_cash_balance.sql.
CREATE OR REPLACE FUNCTION shop_base_deleted_petty_cash() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE name text;
BEGIN
  SELECT o.shop_name INTO name FROM old_shops o
   WHERE EXISTS (SELECT 1 FROM petty_cash_ledger l WHERE l.tenant_id = o.tenant_id AND l.shop_id = o.shop_id)
      OR EXISTS (SELECT 1 FROM petty_cash_record r WHERE r.tenant_id = o.tenant_id AND r.shop_id = o.shop_id)
      OR EXISTS (SELECT 1 FROM petty_cash_transfer t WHERE t.tenant_id = o.tenant_id AND t.shop_id = o.shop_id)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '门店“%”已有备用金记录，不能删除，请改为停用', name USING ERRCODE = 'WX400';
  END IF;
  DELETE FROM petty_cash_shop_config c USING old_shops o WHERE c.tenant_id = o.tenant_id AND c.shop_id = o.shop_id;
  DELETE FROM petty_cash_balance b USING old_shops o WHERE b.tenant_id = o.tenant_id AND b.shop_id = o.shop_id;
  RETURN NULL;
END $$;
