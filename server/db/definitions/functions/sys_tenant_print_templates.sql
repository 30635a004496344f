-- A new tenant gets a copy of every default print template (print_template_default, migration 397), written under its
-- own tenant setting (print_template's policy checks it), then the caller's setting is put back.
CREATE OR REPLACE FUNCTION sys_tenant_print_templates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE caller text := current_setting('app.tenant_id', true);
BEGIN
  PERFORM set_config('app.tenant_id', NEW.id::text, true);
  INSERT INTO print_template (tenant_id, name, business_type, remark, template, panel_count, create_by, update_by, is_default)
  SELECT NEW.id, d.name, d.business_type, '系统默认模板，可在打印模板设计中修改', d.template, jsonb_array_length(d.template->'panels'), 'system', 'system', true
    FROM print_template_default d
  ON CONFLICT DO NOTHING;
  PERFORM set_config('app.tenant_id', coalesce(caller, ''), true);
  RETURN NULL;
END $$;
