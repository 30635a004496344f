-- 数据统计 (issue 16): sales statistics are computed from po_order on every read; two tables support them.
--
-- sys_user_shop: the shops a (non-admin) user works at — the scope of their statistics and 工作台. Besides these,
-- a user's scope holds the shops they manage (wf_shop_manager) and the shop of the register they logged in on.
CREATE TABLE sys_user_shop (
  tenant_id  integer NOT NULL,
  user_id    integer NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
  shop_id    integer NOT NULL,
  PRIMARY KEY (tenant_id, user_id, shop_id),
  FOREIGN KEY (tenant_id, shop_id) REFERENCES shop_base (tenant_id, shop_id) ON DELETE CASCADE
);

-- 扫码统计 (stat/scan-code): what the registers scanned per shop and day, a snapshot written by `merge` (each order
-- line of a real sale is one scan), so reading the report never recomputes it; merge_time says when it was taken.
CREATE TABLE stat_scan_code_day (
  tenant_id        integer NOT NULL,
  shop_id          integer NOT NULL,
  stat_date        date NOT NULL,
  shop_name        varchar(24),
  dept_name        varchar(24),
  scan_count       integer NOT NULL DEFAULT 0,
  sku_count        integer NOT NULL DEFAULT 0,
  order_count      integer NOT NULL DEFAULT 0,
  quantity         numeric(16,3) NOT NULL DEFAULT 0,
  merge_time       timestamptz NOT NULL DEFAULT now(),
  merge_user_name  varchar(48),
  PRIMARY KEY (tenant_id, shop_id, stat_date),
  FOREIGN KEY (tenant_id, shop_id) REFERENCES shop_base (tenant_id, shop_id) ON DELETE CASCADE
);
CREATE INDEX stat_scan_code_day_date ON stat_scan_code_day (tenant_id, stat_date, shop_id);

-- A period's refunds of many shops use po_order_tenant_refund_time (migration 257).

SELECT enable_tenancy('sys_user_shop', 'stat_scan_code_day');

-- The days a merge has counted (for every shop of the tenant): a day not in it reads 尚未统计, not 0.
CREATE TABLE stat_scan_code_merge (
  tenant_id        integer NOT NULL,
  stat_date        date NOT NULL,
  merge_time       timestamptz NOT NULL DEFAULT now(),
  merge_user_name  varchar(48),
  PRIMARY KEY (tenant_id, stat_date)
);
SELECT enable_tenancy('stat_scan_code_merge');
