-- The default methods of shops (现金, 银行卡, 微信, 支付宝 enabled; 券, pay type 6, switched off), never twice;
-- set-based, so a bulk load of 20,000 shops inserts their methods in one statement.
-- From migration 200_shop_pay_method.sql; changed in 333 (this is 333's version).
CREATE OR REPLACE FUNCTION shop_pay_method_defaults(p_shops integer[]) RETURNS integer LANGUAGE sql AS $$
  WITH ins AS (
    INSERT INTO shop_pay_method_config (tenant_id, shop_id, shop_name, pay_type, sort, enabled)
    SELECT b.tenant_id, b.shop_id, b.shop_name, m.pay_type, m.pay_type, m.pay_type <> 6
      FROM shop_base b CROSS JOIN (VALUES (1), (2), (3), (4), (6)) AS m(pay_type)
     WHERE b.shop_id = ANY(p_shops)
    ON CONFLICT (tenant_id, shop_id, pay_type) DO NOTHING
    RETURNING 1)
  SELECT count(*)::integer FROM ins
$$;
