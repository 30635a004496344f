-- From migration 220_petty_cash.sql.
CREATE OR REPLACE FUNCTION shop_base_petty_cash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM petty_cash_shop_defaults(ARRAY(SELECT shop_id FROM new_shops));
  RETURN NULL;
END $$;
