-- Daily sales summaries (issue 16 performance): the sales statistics (门店销售, 订单销售, 导购销售, the 工作台) read
-- these instead of scanning a period's orders and lines. They hold exactly the sums of the movements the statistics
-- define (server/domains/stats/salesQueries.ts MOVES/LINES): a real sale (练习 left out, status 1 or 2) counts +1 on
-- the day it was sold, a refund -1 on the day it was made. Kept by triggers in the same transaction as every write
-- to po_order, po_order_det and po_order_pay, as deltas (UPDATE ... + delta), so concurrent sales add up and a
-- reader sees them exactly when the order is committed. Day = the timestamp's date in the session's time zone,
-- the same date the statistics' `create_time >= $1::date` compares with.
CREATE TABLE po_sales_day (
  tenant_id        integer NOT NULL,
  shop_id          integer NOT NULL,
  day              date NOT NULL,
  cashier_user_id  integer,
  cashier_name     varchar(48),
  sign             smallint NOT NULL,
  orders           bigint NOT NULL DEFAULT 0,   -- movements (sales or refunds)
  amount           numeric NOT NULL DEFAULT 0,  -- pay_amount of the sales / refund_amount of the refunds (unsigned)
  qty              numeric NOT NULL DEFAULT 0,  -- sign * line quantity
  line_amount      numeric NOT NULL DEFAULT 0,  -- sign * line amount
  cost             numeric NOT NULL DEFAULT 0,  -- sign * line quantity * unit cost
  UNIQUE NULLS NOT DISTINCT (tenant_id, day, shop_id, cashier_user_id, cashier_name, sign)
);

-- Money taken per payment method, as paymentsByType reads it: per cash payment its change is subtracted.
CREATE TABLE po_sales_day_pay (
  tenant_id   integer NOT NULL,
  shop_id     integer NOT NULL,
  day         date NOT NULL,
  pay_type    smallint NOT NULL,
  sign        smallint NOT NULL,
  n           bigint NOT NULL DEFAULT 0,
  amount      numeric NOT NULL DEFAULT 0,
  UNIQUE (tenant_id, day, shop_id, pay_type, sign)
);

SELECT enable_tenancy('po_sales_day', 'po_sales_day_pay');

-- The triggers that kept these tables, and filled them here from the orders already there, were replaced by 318's
-- one writer (dropped there): today's is server/db/definitions/functions/po_sales_summary_sql.sql.
