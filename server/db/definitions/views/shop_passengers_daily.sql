-- Visitors per shop and day (China date), every channel's entries summed: what the reports (conversion of
-- visitors into orders, issue 16) read. security_invoker: the caller's row-level security applies.
-- From migration 270_shop_ai_box.sql.
CREATE OR REPLACE VIEW shop_passengers_daily WITH (security_invoker = true) AS
  SELECT tenant_id, shop_id, count_date, sum(in_count)::int AS in_count, sum(out_count)::int AS out_count, count(DISTINCT count_hour)::int AS hours
    FROM shop_passengers_count GROUP BY tenant_id, shop_id, count_date;
