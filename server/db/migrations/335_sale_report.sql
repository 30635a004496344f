-- 销售日报 (/orderInfo/saleReport, notice 11): one shop's one business day. A row is written when the shop hands over
-- its first shift of the day (交班), once per shop and day; its id is what notice 11 carries. The figures are never
-- stored: the report reads the sales summaries of that shop and day when opened.
CREATE TABLE po_sale_report (
  report_id  bigserial PRIMARY KEY,
  tenant_id  integer NOT NULL,
  shop_id    integer NOT NULL,
  day        date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, shop_id, day)
);
SELECT enable_tenancy('po_sale_report');
