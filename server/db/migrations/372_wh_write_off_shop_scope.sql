-- 报损单's shop scope (migration 350): a write-off belongs to its warehouse's shop, its lines to their header.
SELECT app_shop_scope_declare('wh_write_off', 'warehouse', '报损单', '{wh_id}');
SELECT app_shop_scope_declare('wh_write_off_det', 'parent', '报损明细', '{write_off_id,write_off_id}', 'wh_write_off');
