-- From migration 200_shop_pay_method.sql.
CREATE OR REPLACE FUNCTION shop_base_deleted_pay_methods() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shop_pay_method_config c USING old_shops o WHERE c.tenant_id = o.tenant_id AND c.shop_id = o.shop_id;
  RETURN NULL;
END $$;
