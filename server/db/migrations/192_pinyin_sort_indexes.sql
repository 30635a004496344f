-- Chinese names sort by pinyin where the database can (fields with "x-collate": "pinyin" sort under
-- "zh-x-icu" on a PostgreSQL server built with ICU; PGlite has only ICU's root data and sorts by code point).
-- The keyset indexes of those sorts, under the same collation, so a page sorted by name reads an index
-- instead of sorting the tenant's rows. The plain indexes stay for equality lookups by name.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'zh-x-icu') THEN
    CREATE INDEX IF NOT EXISTS shop_base_tenant_name_pinyin ON shop_base (tenant_id, shop_name COLLATE "zh-x-icu", shop_id);
    CREATE INDEX IF NOT EXISTS pd_supplier_tenant_name_pinyin ON pd_supplier (tenant_id, supplier_name COLLATE "zh-x-icu", id);
    CREATE INDEX IF NOT EXISTS pd_spu_tenant_name_pinyin ON pd_spu (tenant_id, spu_name COLLATE "zh-x-icu", spu_id);
    CREATE INDEX IF NOT EXISTS pd_sku_tenant_name_pinyin ON pd_sku (tenant_id, sku_name COLLATE "zh-x-icu", sku_id);
    CREATE INDEX IF NOT EXISTS wh_base_info_tenant_name_pinyin ON wh_base_info (tenant_id, wh_name COLLATE "zh-x-icu", wh_id);
    CREATE INDEX IF NOT EXISTS stock_balance_tenant_name_pinyin ON stock_balance (tenant_id, sku_name COLLATE "zh-x-icu", balance_id);
  END IF;
END $$;
