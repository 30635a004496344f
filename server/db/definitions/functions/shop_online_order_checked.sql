-- From migration 228_shop_online_order.sql.
CREATE OR REPLACE FUNCTION shop_online_order_checked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.order_date > current_date THEN RAISE EXCEPTION '日期不能晚于今天' USING ERRCODE = 'WX400'; END IF;
  IF NEW.refund_amount > NEW.order_amount THEN RAISE EXCEPTION '退款金额不能大于订单金额' USING ERRCODE = 'WX400'; END IF;
  RETURN NEW;
END $$;
