-- From migration 222_shop_report_config.sql.
CREATE OR REPLACE FUNCTION shop_report_defined_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.update_time := now();
  IF btrim(NEW.display_name) = '' THEN NEW.display_name := NEW.default_name; END IF;
  RETURN NEW;
END $$;
