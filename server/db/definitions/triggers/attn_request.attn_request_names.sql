-- From migration 287_attn_request.sql.
CREATE OR REPLACE TRIGGER attn_request_names BEFORE INSERT OR UPDATE ON attn_request FOR EACH ROW EXECUTE FUNCTION attn_request_names();
