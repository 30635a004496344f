-- From migration 200_shop_pay_method.sql.
CREATE OR REPLACE FUNCTION shop_base_pay_methods() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shop_pay_method_defaults(ARRAY(SELECT shop_id FROM new_shops));
  RETURN NULL;
END $$;
