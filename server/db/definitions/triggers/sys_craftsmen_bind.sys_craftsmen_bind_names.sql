-- From migration 234_craftsmen_bind.sql.
CREATE OR REPLACE TRIGGER sys_craftsmen_bind_names BEFORE INSERT OR UPDATE ON sys_craftsmen_bind FOR EACH ROW EXECUTE FUNCTION sys_craftsmen_bind_names();
