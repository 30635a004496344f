-- 修改时间 is when people changed the row, not when someone downloaded its key.
-- From migration 226_shop_merchant.sql.
CREATE OR REPLACE FUNCTION shop_payment_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.update_time := now();
  RETURN NEW;
END $$;
