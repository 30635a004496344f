-- From migration 220_petty_cash.sql.
CREATE OR REPLACE FUNCTION petty_cash_config_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.update_time := now();
  RETURN NEW;
END $$;
