-- A report's "anything to fold?" made cheap. 326's sales_summary_fold() began with the union of the tenant ids of the five
-- pending tables: a scan of every row they hold, live or dead (the periodic fold empties them every two seconds, but
-- the deleted rows stay until vacuum; PGlite has no autovacuum and keeps up to 1 MB per table), on every report read.
-- Now each pending table has an index on tenant_id and the check is one probe per table and tenant: a reader (its
-- tenant's transaction) asks for its own tenant only; the owner's periodic fold asks per tenant of sys_tenant.
-- The fold itself is unchanged: under the tenant's lock (326, tenant), held to the end of the caller's transaction.

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['po_sales_day', 'po_sales_day_sku', 'po_sales_day_hour', 'po_sales_point', 'po_sales_day_pay'] LOOP
    EXECUTE format('CREATE INDEX %1$I ON %2$I (tenant_id)', t || '_pending_tenant', t || '_pending');
  END LOOP;
END $$;

-- Whether the tenant has pending rows the caller can see (committed by others, or its own).
CREATE FUNCTION sales_summary_pending(p_tenant integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM po_sales_day_pending WHERE tenant_id = p_tenant)
      OR EXISTS (SELECT 1 FROM po_sales_day_sku_pending WHERE tenant_id = p_tenant)
      OR EXISTS (SELECT 1 FROM po_sales_day_hour_pending WHERE tenant_id = p_tenant)
      OR EXISTS (SELECT 1 FROM po_sales_point_pending WHERE tenant_id = p_tenant)
      OR EXISTS (SELECT 1 FROM po_sales_day_pay_pending WHERE tenant_id = p_tenant)
$$;

-- As 326: the caller's tenant in a tenant transaction, every tenant (ascending) for the owner; wait = false leaves a
-- tenant being folded for the next round. Returns the tenants folded. Nothing pending: five index probes, no lock.
CREATE OR REPLACE FUNCTION sales_summary_fold(wait boolean DEFAULT true) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  t integer;
  n integer := 0;
BEGIN
  FOR t IN SELECT x.t FROM (SELECT app_current_tenant() AS t WHERE app_current_tenant() IS NOT NULL
                            UNION ALL SELECT id FROM sys_tenant WHERE app_current_tenant() IS NULL) x
            WHERE sales_summary_pending(x.t) ORDER BY 1 LOOP
    IF wait THEN
      PERFORM pg_advisory_xact_lock(326, t);
    ELSIF NOT pg_try_advisory_xact_lock(326, t) THEN
      CONTINUE;
    END IF;
    PERFORM sales_summary_fold_tenant(t);
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;
