-- The applicant is whoever submits it unless HR names another person; names copied beside the ids.
-- From migration 287_attn_request.sql.
CREATE OR REPLACE FUNCTION attn_request_names() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v text;
BEGIN
  NEW.user_id := coalesce(NEW.user_id, NEW.create_user_id);
  SELECT name INTO v FROM sys_user WHERE id = NEW.user_id;
  IF v IS NULL THEN RAISE EXCEPTION '人员不存在' USING ERRCODE = 'WX400'; END IF;
  NEW.user_name := left(v, 24);
  SELECT shop_name INTO v FROM shop_base WHERE shop_id = NEW.shop_id;
  IF v IS NULL THEN RAISE EXCEPTION '门店不存在' USING ERRCODE = 'WX400'; END IF;
  NEW.shop_name := v;
  IF NEW.swap_user_id IS NOT NULL THEN
    SELECT name INTO v FROM sys_user WHERE id = NEW.swap_user_id;
    IF v IS NULL THEN RAISE EXCEPTION '调班对象不存在' USING ERRCODE = 'WX400'; END IF;
    NEW.swap_user_name := left(v, 24);
  ELSE
    NEW.swap_user_name := NULL;
  END IF;
  RETURN NEW;
END $$;
