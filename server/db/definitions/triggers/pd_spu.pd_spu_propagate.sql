-- From migration 027_pd_product.sql.
CREATE OR REPLACE TRIGGER pd_spu_propagate AFTER UPDATE OF spu_name, category, brand_name ON pd_spu
  FOR EACH ROW WHEN (OLD.spu_name IS DISTINCT FROM NEW.spu_name OR OLD.category IS DISTINCT FROM NEW.category OR OLD.brand_name IS DISTINCT FROM NEW.brand_name)
  EXECUTE FUNCTION pd_spu_propagate();
