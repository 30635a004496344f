-- A new tenant gets every shipped dictionary (sys_dictionary_default, migration 370). The tenant's rows are written
-- under its own tenant setting (sys_data_dictionary's policy checks it), then the caller's setting is put back.
CREATE OR REPLACE FUNCTION sys_tenant_dictionaries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE caller text := current_setting('app.tenant_id', true);
BEGIN
  PERFORM set_config('app.tenant_id', NEW.id::text, true);
  INSERT INTO sys_data_dictionary (tenant_id, code, label, value, sort)
  SELECT NEW.id, d.code, d.label, d.value, d.sort FROM sys_dictionary_default d
  ON CONFLICT DO NOTHING;
  PERFORM set_config('app.tenant_id', coalesce(caller, ''), true);
  RETURN NULL;
END $$;
