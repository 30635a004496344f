-- sales_summary_fold() is the one writer of the sales summaries: it moves the committed pending rows (written by
-- po_sales_summary_sql) into them, a tenant at a time under the tenant's lock (advisory transaction lock 326, tenant),
-- held to the end of the caller's transaction: a second fold of the tenant waits for it and then finds the rows gone.
-- The pending rows the caller sees: its tenant's in a tenant transaction (RLS), every tenant's (ascending) for the owner.
-- wait = false leaves a tenant being folded for the next round (the server's periodic fold, server/db/salesSummaries.ts;
-- every reader of a summary folds its tenant first). Returns the tenants folded. Nothing pending: five index probes
-- (sales_summary_pending), no lock, nothing written.
-- From migration 326_sales_summary_pending.sql; changed in 341 (this is 341's version).
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
