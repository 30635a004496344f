-- Names beside the ids people read (issue 11): a site shows its shop's name, a region its parent's. Copied on
-- write by triggers and kept when the referenced row is renamed, so lists, filters and exports need no join.
ALTER TABLE shop_site ADD COLUMN shop_name varchar(24);
UPDATE shop_site s SET shop_name = b.shop_name FROM shop_base b WHERE b.shop_id = s.shop_id AND b.tenant_id = s.tenant_id;

-- Now in server/db/definitions/: shop_site_shop_name, shop_base_renamed_sites.

ALTER TABLE shop_region ADD COLUMN parent_name varchar(24);
UPDATE shop_region r SET parent_name = p.region_name FROM shop_region p WHERE p.region_id = r.parent_id AND p.tenant_id = r.tenant_id;

-- Now in server/db/definitions/: shop_region_parent_name, shop_region_renamed_children.

