-- From migration 226_shop_merchant.sql.
CREATE OR REPLACE TRIGGER shop_jh_mcht_config_touched BEFORE UPDATE ON shop_jh_mcht_config FOR EACH ROW
  WHEN (NEW.download_count IS NOT DISTINCT FROM OLD.download_count) EXECUTE FUNCTION shop_payment_touched();
