-- From migration 234_craftsmen_bind.sql.
CREATE OR REPLACE FUNCTION sys_craftsmen_bind_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.update_time := now();
  SELECT u.user_no, u.name INTO NEW.user_no, NEW.user_name FROM sys_user u WHERE u.id = NEW.user_id AND u.tenant_id = NEW.tenant_id;
  IF NEW.user_name IS NULL THEN RAISE EXCEPTION '用户不存在' USING ERRCODE = 'WX400'; END IF;
  SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
  IF NEW.shop_name IS NULL THEN RAISE EXCEPTION '门店不存在' USING ERRCODE = 'WX400'; END IF;
  RETURN NEW;
END $$;
