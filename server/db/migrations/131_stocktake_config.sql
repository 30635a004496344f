-- 盘点设置 keeps only what the posting reads: how lines nobody counted are treated (uncounted_as). blind_count
-- (hide the book from counters) was stored but never enforced by any call, so it goes rather than promise it.
ALTER TABLE wh_inventory_config DROP COLUMN blind_count;
