-- Another address or serial number is not yet checked (未检测). The counts cursor stays: a replaced device's
-- hours before the swap remain the old one's (one row per box, channel and hour).
-- From migration 270_shop_ai_box.sql.
CREATE OR REPLACE FUNCTION shop_ai_box_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.address IS DISTINCT FROM OLD.address OR NEW.serial_no IS DISTINCT FROM OLD.serial_no THEN
    NEW.status := 0;
    NEW.last_error := NULL;
    NEW.algorithm_status := NULL;
  END IF;
  IF NEW.serial_no IS DISTINCT FROM OLD.serial_no THEN NEW.firmware_version := NULL; END IF;
  RETURN NEW;
END $$;
