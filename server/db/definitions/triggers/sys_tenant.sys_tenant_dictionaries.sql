-- From migration 370_dictionary_defaults.sql.
CREATE OR REPLACE TRIGGER sys_tenant_dictionaries AFTER INSERT ON sys_tenant FOR EACH ROW EXECUTE FUNCTION sys_tenant_dictionaries();
