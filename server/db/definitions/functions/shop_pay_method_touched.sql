-- From migration 200_shop_pay_method.sql.
CREATE OR REPLACE FUNCTION shop_pay_method_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.update_time := now();
  RETURN NEW;
END $$;
