-- Every shop has its settings row and its balance row (new shops from a set-based trigger), named like the shop.
-- From migrations 220_petty_cash.sql, 390_petty_cash_balance.sql.
CREATE OR REPLACE FUNCTION petty_cash_shop_defaults(p_shops integer[]) RETURNS integer LANGUAGE sql AS $$
  WITH ins AS (
    INSERT INTO petty_cash_shop_config (tenant_id, shop_id, shop_name, shop_type)
    SELECT b.tenant_id, b.shop_id, b.shop_name, b.shop_type FROM shop_base b WHERE b.shop_id = ANY(p_shops)
    ON CONFLICT (tenant_id, shop_id) DO NOTHING
    RETURNING 1),
  bal AS (
    INSERT INTO petty_cash_balance (tenant_id, shop_id)
    SELECT b.tenant_id, b.shop_id FROM shop_base b WHERE b.shop_id = ANY(p_shops)
    ON CONFLICT (tenant_id, shop_id) DO NOTHING)
  SELECT count(*)::integer FROM ins
$$;
