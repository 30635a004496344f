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

-- sales_summary_pending() and the fold asking it: server/db/definitions/functions/.

