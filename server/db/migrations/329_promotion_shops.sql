-- 促销 for several chosen shops: shop_ids lists the shops a promotion applies to (ascending ids, comma-separated;
-- NULL = every shop). promotion.save keeps it canonical and derives shop_id (the one shop when only one is chosen,
-- for the list's shop filter) and shop_name (the shops' names, for people). '' is what a cleared picker sends;
-- the save turns it into NULL.
ALTER TABLE po_promotion ADD COLUMN shop_ids varchar(2000) CHECK (shop_ids ~ '^([0-9]+(,[0-9]+)*)?$');
ALTER TABLE po_promotion ALTER COLUMN shop_name TYPE varchar(200);
UPDATE po_promotion SET shop_ids = shop_id::text WHERE shop_id IS NOT NULL;
