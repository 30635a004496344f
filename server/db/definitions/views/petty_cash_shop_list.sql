-- 门店备用金 as the schema engine lists and edits it (schemas/resources/petty-cash-shop-config.json): a shop's settings
-- with its balance. One table in FROM, the balance a scalar subquery: the view stays updatable for the settings (the
-- save route writes through it to petty_cash_shop_config) while the balance column is read-only, as only the ledger
-- moves it. security_invoker: the caller's row-level security (tenant and shop scope) applies.
-- From migration 390_petty_cash_balance.sql.
CREATE OR REPLACE VIEW petty_cash_shop_list WITH (security_invoker = true) AS
SELECT c.tenant_id, c.config_id, c.shop_id, c.shop_name, c.shop_type, c.float_amount, c.overdraft_limit, c.audit_user_id, c.audit_user_name,
       coalesce((SELECT b.balance FROM petty_cash_balance b WHERE b.tenant_id = c.tenant_id AND b.shop_id = c.shop_id), 0) AS balance,
       c.update_time
  FROM petty_cash_shop_config c;
