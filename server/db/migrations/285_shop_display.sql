-- shop-base display data (陈列): the display area and fixtures of a shop, imported from a sheet (shop-base/display/import)
-- next to its cost data (营业面积, 参考最低成本: shop-base/cost/import).
ALTER TABLE shop_base
  ADD COLUMN display_area numeric(12,2),
  ADD COLUMN shelf_count  integer,
  ADD COLUMN window_count integer;
