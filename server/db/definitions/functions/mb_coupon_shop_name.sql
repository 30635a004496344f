-- From migration 236_member_coupons.sql.
CREATE OR REPLACE FUNCTION mb_coupon_shop_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.end_date < NEW.begin_date THEN RAISE EXCEPTION '结束日期不能早于开始日期' USING ERRCODE = 'WX400'; END IF;
  IF NEW.threshold_amount > 0 AND NEW.threshold_amount < NEW.face_amount THEN RAISE EXCEPTION '使用门槛不能小于面额' USING ERRCODE = 'WX400'; END IF;
  IF NEW.shop_id IS NULL THEN NEW.shop_name := NULL; RETURN NEW; END IF;
  SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
  IF NEW.shop_name IS NULL THEN RAISE EXCEPTION '适用门店不存在' USING ERRCODE = 'WX400'; END IF;
  RETURN NEW;
END $$;
