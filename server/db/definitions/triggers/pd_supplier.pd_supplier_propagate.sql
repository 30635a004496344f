-- From migration 027_pd_product.sql.
CREATE OR REPLACE TRIGGER pd_supplier_propagate AFTER UPDATE OF supplier_name ON pd_supplier
  FOR EACH ROW WHEN (OLD.supplier_name IS DISTINCT FROM NEW.supplier_name) EXECUTE FUNCTION pd_supplier_propagate();
