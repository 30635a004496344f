-- A register with no way to take money cannot sell: a shop keeps at least one method enabled.
-- From migration 200_shop_pay_method.sql.
CREATE OR REPLACE FUNCTION shop_pay_method_keep_one() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.enabled AND OLD.enabled THEN
    -- Two people switching off a shop's last two methods at once: the second waits here, then sees the first.
    PERFORM 1 FROM shop_base WHERE tenant_id = NEW.tenant_id AND shop_id = NEW.shop_id FOR NO KEY UPDATE;
  END IF;
  IF NOT NEW.enabled AND OLD.enabled AND NOT EXISTS (
    SELECT 1 FROM shop_pay_method_config c WHERE c.tenant_id = NEW.tenant_id AND c.shop_id = NEW.shop_id AND c.enabled AND c.config_id <> NEW.config_id
  ) THEN
    RAISE EXCEPTION '%至少要保留一种可用的支付方式', coalesce(NEW.shop_name, '门店') USING ERRCODE = 'WX400';
  END IF;
  RETURN NEW;
END $$;
