-- From migration 397_print_template_defaults.sql.
CREATE OR REPLACE TRIGGER sys_tenant_print_templates AFTER INSERT ON sys_tenant FOR EACH ROW EXECUTE FUNCTION sys_tenant_print_templates();
