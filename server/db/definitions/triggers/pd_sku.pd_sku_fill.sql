-- From migration 027_pd_product.sql.
CREATE OR REPLACE TRIGGER pd_sku_fill BEFORE INSERT OR UPDATE ON pd_sku FOR EACH ROW EXECUTE FUNCTION pd_sku_fill();
