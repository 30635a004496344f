-- Names are copies, kept by the trigger, so lists filter and sort without joins; a picker must be a user of the tenant.
-- From migration 075_wh_fulfilment.sql.
CREATE OR REPLACE FUNCTION wh_location_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.wh_id IS DISTINCT FROM OLD.wh_id THEN
    NEW.wh_name := (SELECT wh_name FROM wh_base_info WHERE tenant_id = NEW.tenant_id AND wh_id = NEW.wh_id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.sku_id IS DISTINCT FROM OLD.sku_id THEN
    SELECT sku_code, sku_name INTO NEW.sku_code, NEW.sku_name FROM pd_sku WHERE tenant_id = NEW.tenant_id AND sku_id = NEW.sku_id;
  END IF;
  IF NEW.picking_user_id IS NULL THEN
    NEW.picking_user_name := NULL;
  ELSIF TG_OP = 'INSERT' OR NEW.picking_user_id IS DISTINCT FROM OLD.picking_user_id THEN
    NEW.picking_user_name := (SELECT name FROM sys_user WHERE tenant_id = NEW.tenant_id AND id = NEW.picking_user_id);
    IF NEW.picking_user_name IS NULL THEN
      RAISE EXCEPTION '拣货员不存在' USING ERRCODE = 'WX400';
    END IF;
  END IF;
  RETURN NEW;
END $$;
