-- The camera counts' day (shop_passengers_count.count_date, 270) was the hour's date in Asia/Shanghai whatever the
-- business time zone: now the business zone's (app_business_tz(), 324), like the sales summaries, so 客流转化
-- compares visitors and orders of the same day. count_date is stored: start-up (alignSalesSummaryZone) recomputes
-- it, with the sales summaries, when the zone they were built in differs from the sessions'.
-- From migration 270_shop_ai_box.sql; changed in 325 (this is 325's version).
CREATE OR REPLACE FUNCTION shop_passengers_count_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.count_hour := date_trunc('hour', NEW.count_hour);
  NEW.count_date := (NEW.count_hour AT TIME ZONE app_business_tz())::date;
  IF TG_OP = 'INSERT' OR NEW.shop_id IS DISTINCT FROM OLD.shop_id THEN
    SELECT b.shop_name INTO NEW.shop_name FROM shop_base b WHERE b.shop_id = NEW.shop_id AND b.tenant_id = NEW.tenant_id;
    IF NEW.shop_name IS NULL THEN RAISE EXCEPTION '所属门店不存在' USING ERRCODE = 'WX400'; END IF;
  END IF;
  RETURN NEW;
END $$;
