-- A SKU's copies of its SPU's and supplier's names, and its barcode's check digit. Checks a trigger makes on the
-- caller's data raise SQLSTATE WX400: the server answers the trigger's Chinese message as a 400
-- (server/resources/dbErrors.ts).
-- From migration 027_pd_product.sql; changed in 032 (this is 032's version).
CREATE OR REPLACE FUNCTION pd_sku_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.barcode IS NOT NULL AND NOT ean13_valid(NEW.barcode) THEN
    RAISE EXCEPTION '条形码校验位不正确' USING ERRCODE = 'WX400';
  END IF;
  -- Bulk loaders (demo seed, benchmark generator) pass the copies themselves; the API never can (read-only fields).
  IF TG_OP = 'INSERT' AND NEW.spu_name IS NOT NULL AND NEW.supplier_name IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.spu_id IS DISTINCT FROM OLD.spu_id THEN
    SELECT spu_name, category, brand_name INTO NEW.spu_name, NEW.category, NEW.brand_name
      FROM pd_spu WHERE tenant_id = NEW.tenant_id AND spu_id = NEW.spu_id;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.supplier_id IS DISTINCT FROM OLD.supplier_id THEN
    NEW.supplier_name := (SELECT supplier_name FROM pd_supplier WHERE tenant_id = NEW.tenant_id AND id = NEW.supplier_id);
  END IF;
  RETURN NEW;
END $$;
