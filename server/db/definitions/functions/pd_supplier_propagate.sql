-- From migration 027_pd_product.sql.
CREATE OR REPLACE FUNCTION pd_supplier_propagate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pd_sku SET supplier_name = NEW.supplier_name WHERE tenant_id = NEW.tenant_id AND supplier_id = NEW.id;
  RETURN NULL;
END $$;
