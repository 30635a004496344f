-- Names copied beside their ids (lists filter and sort without joins); an id this tenant cannot see is a 400 naming it.
-- From migration 271_attendance_salary.sql.
CREATE OR REPLACE FUNCTION fd_copy_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE j jsonb := to_jsonb(NEW); v text;
BEGIN
  IF j ? 'user_id' THEN
    SELECT name INTO v FROM sys_user WHERE id = NEW.user_id;
    IF v IS NULL THEN RAISE EXCEPTION '人员不存在' USING ERRCODE = 'WX400'; END IF;
    NEW := jsonb_populate_record(NEW, jsonb_build_object('user_name', left(v, 24)));
  END IF;
  IF j ? 'shop_id' THEN
    SELECT shop_name INTO v FROM shop_base WHERE shop_id = NEW.shop_id;
    IF v IS NULL THEN RAISE EXCEPTION '门店不存在' USING ERRCODE = 'WX400'; END IF;
    NEW := jsonb_populate_record(NEW, jsonb_build_object('shop_name', v));
  END IF;
  IF j ? 'from_shop_id' THEN
    SELECT shop_name INTO v FROM shop_base WHERE shop_id = NEW.from_shop_id;
    IF v IS NULL THEN RAISE EXCEPTION '调出门店不存在' USING ERRCODE = 'WX400'; END IF;
    NEW := jsonb_populate_record(NEW, jsonb_build_object('from_shop_name', v));
    SELECT shop_name INTO v FROM shop_base WHERE shop_id = NEW.to_shop_id;
    IF v IS NULL THEN RAISE EXCEPTION '调入门店不存在' USING ERRCODE = 'WX400'; END IF;
    IF NEW.to_shop_id = NEW.from_shop_id THEN RAISE EXCEPTION '调入门店不能与调出门店相同' USING ERRCODE = 'WX400'; END IF;
    NEW := jsonb_populate_record(NEW, jsonb_build_object('to_shop_name', v));
  END IF;
  IF j ? 'position_rule_id' THEN
    SELECT position_name INTO v FROM fd_position_rule WHERE rule_id = NEW.position_rule_id;
    IF v IS NULL THEN RAISE EXCEPTION '岗位不存在' USING ERRCODE = 'WX400'; END IF;
    NEW := jsonb_populate_record(NEW, jsonb_build_object('position_name', v));
  END IF;
  IF j ? 'plan_id' AND TG_TABLE_NAME = 'fd_personal_pc' THEN
    SELECT plan_name INTO v FROM fd_salary_plan WHERE plan_id = NEW.plan_id;
    IF v IS NULL THEN RAISE EXCEPTION '薪资方案不存在' USING ERRCODE = 'WX400'; END IF;
    NEW := jsonb_populate_record(NEW, jsonb_build_object('plan_name', v));
  END IF;
  RETURN NEW;
END $$;
