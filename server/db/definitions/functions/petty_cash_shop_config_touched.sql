-- The auditor is a person of the tenant who can still log in; their name is kept for lists.
-- From migration 220_petty_cash.sql.
CREATE OR REPLACE FUNCTION petty_cash_shop_config_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.update_time := now();
  IF NEW.audit_user_id IS NULL THEN
    NEW.audit_user_name := NULL;
  ELSIF NEW.audit_user_id IS DISTINCT FROM OLD.audit_user_id OR NEW.audit_user_name IS NULL THEN
    SELECT u.name INTO NEW.audit_user_name FROM sys_user u WHERE u.id = NEW.audit_user_id AND u.tenant_id = NEW.tenant_id AND u.status = 1;
    IF NEW.audit_user_name IS NULL THEN RAISE EXCEPTION '审核人不存在或已停用' USING ERRCODE = 'WX400'; END IF;
  END IF;
  RETURN NEW;
END $$;
