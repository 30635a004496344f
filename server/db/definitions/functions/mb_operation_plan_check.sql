-- The plan's checks, each a 400 naming the field: days for 2/3, a shop for 5, an enabled coupon; a plan that is
-- no longer a draft keeps its settings (only 执行/取消 move its status and counts) and is not deleted.
-- From migration 337_member_operation_plan.sql.
CREATE OR REPLACE FUNCTION mb_operation_plan_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 1 THEN RAISE EXCEPTION '只有草稿状态的运营计划可以删除' USING ERRCODE = 'WX400'; END IF;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status <> 1 THEN
    IF (NEW.plan_name, NEW.segment, NEW.days, NEW.shop_id, NEW.coupon_id, NEW.coupon_per_member, NEW.plan_time, NEW.remark)
       IS DISTINCT FROM (OLD.plan_name, OLD.segment, OLD.days, OLD.shop_id, OLD.coupon_id, OLD.coupon_per_member, OLD.plan_time, OLD.remark)
       OR NEW.status <> OLD.status THEN
      RAISE EXCEPTION '只有草稿状态的运营计划可以修改' USING ERRCODE = 'WX400';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.segment IN (2, 3) THEN
    IF NEW.days IS NULL THEN RAISE EXCEPTION '天数不能为空（N天内消费过、N天未消费）' USING ERRCODE = 'WX400'; END IF;
  ELSE
    NEW.days := NULL;
  END IF;
  IF NEW.segment = 5 THEN
    IF NEW.shop_id IS NULL THEN RAISE EXCEPTION '指定门店不能为空' USING ERRCODE = 'WX400'; END IF;
    SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
    IF NEW.shop_name IS NULL THEN RAISE EXCEPTION '指定门店不存在' USING ERRCODE = 'WX400'; END IF;
  ELSE
    NEW.shop_id := NULL;
    NEW.shop_name := NULL;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.coupon_id IS DISTINCT FROM OLD.coupon_id OR NEW.status = 1 THEN
    SELECT coupon_name, status, end_date < current_date AS expired INTO c FROM mb_coupon WHERE coupon_id = NEW.coupon_id AND tenant_id = NEW.tenant_id;
    IF NOT FOUND THEN RAISE EXCEPTION '优惠券不存在' USING ERRCODE = 'WX400'; END IF;
    IF c.status <> 1 THEN RAISE EXCEPTION '优惠券「%」已停用，不能用于运营计划', c.coupon_name USING ERRCODE = 'WX400'; END IF;
    IF c.expired THEN RAISE EXCEPTION '优惠券「%」已过期，不能用于运营计划', c.coupon_name USING ERRCODE = 'WX400'; END IF;
    NEW.coupon_name := c.coupon_name;
  END IF;
  RETURN NEW;
END $$;
