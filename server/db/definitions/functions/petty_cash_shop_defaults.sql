-- Every shop has its row (new shops from a set-based trigger, existing ones below), named like the shop.
-- From migration 220_petty_cash.sql.
CREATE OR REPLACE FUNCTION petty_cash_shop_defaults(p_shops integer[]) RETURNS integer LANGUAGE sql AS $$
  WITH ins AS (
    INSERT INTO petty_cash_shop_config (tenant_id, shop_id, shop_name, shop_type)
    SELECT b.tenant_id, b.shop_id, b.shop_name, b.shop_type FROM shop_base b WHERE b.shop_id = ANY(p_shops)
    ON CONFLICT (tenant_id, shop_id) DO NOTHING
    RETURNING 1)
  SELECT count(*)::integer FROM ins
$$;
