-- The one rule of a caller's shops: NULL (every shop) for admin and 全部门店 roles; else the shops they work at, manage,
-- and the register's shop (`register_shop`, the device they logged in on: the token's), ascending, possibly empty.
-- Every call's session check runs it: it reads no shop or business table, so a lock on one never holds up a login.
CREATE OR REPLACE FUNCTION app_caller_shops(p_user integer, p_register_shop integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
                            WHERE ur.user_id = p_user AND (r.code = 'admin' OR r.all_shops)) THEN NULL
         ELSE (SELECT coalesce(array_agg(s ORDER BY s), '{}') FROM (
                 SELECT shop_id AS s FROM sys_user_shop WHERE user_id = p_user
                 UNION SELECT shop_id FROM wf_shop_manager WHERE user_id = p_user
                 UNION SELECT p_register_shop WHERE p_register_shop IS NOT NULL) x)
         END
$$;
