-- From migration 027_pd_product.sql.
CREATE OR REPLACE FUNCTION pd_spu_propagate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pd_sku SET spu_name = NEW.spu_name, category = NEW.category, brand_name = NEW.brand_name
   WHERE tenant_id = NEW.tenant_id AND spu_id = NEW.spu_id;
  RETURN NULL;
END $$;
