-- Suppliers and products are searched by a Chinese fragment of their names (供应商名称, 商品名称,
-- SKU名称, 品牌), as shops are: the same stored two-character pieces with a GIN index as 035 (which
-- has text_bigrams() and marks array containment LEAKPROOF, so the index also serves under
-- row-level security). Codes and barcodes are searched by equality and need none. pd_sku.brand_name is
-- copied from the SPU by triggers; a generated column is computed after them, so the pieces follow.
ALTER TABLE pd_supplier
  ADD COLUMN supplier_name_bigrams text[] GENERATED ALWAYS AS (text_bigrams(supplier_name)) STORED;
CREATE INDEX pd_supplier_name_bigrams ON pd_supplier USING gin (supplier_name_bigrams);

ALTER TABLE pd_spu
  ADD COLUMN spu_name_bigrams text[] GENERATED ALWAYS AS (text_bigrams(spu_name)) STORED,
  ADD COLUMN brand_name_bigrams text[] GENERATED ALWAYS AS (text_bigrams(brand_name)) STORED;
CREATE INDEX pd_spu_name_bigrams ON pd_spu USING gin (spu_name_bigrams);
CREATE INDEX pd_spu_brand_bigrams ON pd_spu USING gin (brand_name_bigrams);

ALTER TABLE pd_sku
  ADD COLUMN sku_name_bigrams text[] GENERATED ALWAYS AS (text_bigrams(sku_name)) STORED,
  ADD COLUMN brand_name_bigrams text[] GENERATED ALWAYS AS (text_bigrams(brand_name)) STORED;
CREATE INDEX pd_sku_name_bigrams ON pd_sku USING gin (sku_name_bigrams);
CREATE INDEX pd_sku_brand_bigrams ON pd_sku USING gin (brand_name_bigrams);

ANALYZE pd_supplier;
ANALYZE pd_spu;
ANALYZE pd_sku;
