-- Tenancy for business tables, in one call: row-level security enabled and forced (the table's owner is subject to it
-- too) and the policy tenant_isolation, under which a session sees and writes only its tenant's rows
-- (app_current_tenant(), 001: app.tenant_id, set per transaction by the server). Every migration that creates a
-- business table calls it, for one table or several: SELECT enable_tenancy('pd_brand');
-- Numbered 000 so that it exists before 001 calls it; a database made before it (main 4d49ae4) runs it at its first
-- start on the new code, as it runs any migration it has not run.
CREATE FUNCTION enable_tenancy(VARIADIC tables regclass[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE t regclass;
BEGIN
  FOREACH t IN ARRAY tables LOOP
    EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %s USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t);
  END LOOP;
END $$;
