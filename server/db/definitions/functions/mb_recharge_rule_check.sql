-- From migration 235_member_balance.sql.
CREATE OR REPLACE FUNCTION mb_recharge_rule_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.end_date < NEW.begin_date THEN RAISE EXCEPTION '结束日期不能早于开始日期' USING ERRCODE = 'WX400'; END IF;
  IF NEW.gift_amount > NEW.recharge_amount THEN RAISE EXCEPTION '赠送金额不能大于充值金额' USING ERRCODE = 'WX400'; END IF;
  RETURN NEW;
END $$;
