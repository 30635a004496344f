-- Whether the tenant has pending rows the caller can see (committed by others, or its own).
-- From migration 341_sales_fold_cheap_check.sql.
CREATE OR REPLACE FUNCTION sales_summary_pending(p_tenant integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM po_sales_day_pending WHERE tenant_id = p_tenant)
      OR EXISTS (SELECT 1 FROM po_sales_day_sku_pending WHERE tenant_id = p_tenant)
      OR EXISTS (SELECT 1 FROM po_sales_day_hour_pending WHERE tenant_id = p_tenant)
      OR EXISTS (SELECT 1 FROM po_sales_point_pending WHERE tenant_id = p_tenant)
      OR EXISTS (SELECT 1 FROM po_sales_day_pay_pending WHERE tenant_id = p_tenant)
$$;
