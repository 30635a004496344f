-- Shop scope (issue 27): which shops a caller reaches, declared once per shop-owned table and enforced by the database.
--
-- A caller's shops (app_caller_shops): every shop (NULL) for admin and for a role marked 全部门店 (sys_role.all_shops:
-- head office, 财务); otherwise the shops they work at (sys_user_shop), the shops they manage (wf_shop_manager) and the
-- shop of the register device they logged in on. The server reads it once per call (authenticate) and opens that call's
-- transactions as the role wxy_shop with app.shops set to the list, or as wxy_app when the caller reaches every shop.
--
-- Every shop-owned table declares here what ties a row to a shop (app_shop_scope_declare): a shop column, a warehouse
-- column (the warehouse's shop), its header's row (lines, logs), or an expression of its own; or why it is chain-wide.
-- The declaration creates a RESTRICTIVE policy `shop_scope` for wxy_shop (ANDed with the tenant policy): rows of other
-- shops are not read, listed, exported, updated nor deleted, and a row written for another shop is refused (42501, a 403
-- answer). The declarations are kept in app_shop_scope; start-up refuses a table with a shop or warehouse column, or a
-- foreign key to a scoped table, that declares nothing (server/db/shopScope.ts).

ALTER TABLE sys_role ADD COLUMN all_shops boolean NOT NULL DEFAULT false;
COMMENT ON COLUMN sys_role.all_shops IS '数据范围：全部门店 (head office roles); otherwise the holder reaches only their own shops';
UPDATE sys_role SET all_shops = true WHERE code IN ('admin', 'finance');

CREATE INDEX IF NOT EXISTS wf_shop_manager_user ON wf_shop_manager (tenant_id, user_id);
CREATE INDEX IF NOT EXISTS sys_user_shop_user ON sys_user_shop (tenant_id, user_id);

/** The shops of the caller's transaction (app.shops), or NULL when it was not opened for a scoped caller. */
CREATE FUNCTION app_shops() RETURNS integer[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nullif(current_setting('app.shops', true), '')::integer[]
$$;

/**
 * Whether a shop is one of the transaction's caller's (always true outside a scoped caller's transaction): for the
 * queries over the chain's master data (shop_base, wh_base_info) that answer a caller's own shops, e.g. a picker.
 */
CREATE FUNCTION app_in_scope(p_shop integer) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT app_shops() IS NULL OR p_shop = ANY (app_shops())
$$;

/** The warehouses of the caller's shops (a shop's own warehouses; a central warehouse belongs to no shop). */
CREATE FUNCTION app_warehouses() RETURNS integer[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(w.wh_id ORDER BY w.wh_id), '{}') FROM wh_base_info w WHERE w.shop_id = ANY (app_shops())
$$;

-- app_caller_shops(user, register shop), the one rule of a caller's shops: definitions/functions/app_caller_shops.sql.

CREATE TABLE app_shop_scope (
  table_name   text PRIMARY KEY,
  -- shop: a shop column; warehouse: a warehouse column; parent: its header's row; master: read by every caller (a
  -- chain's list of shops or warehouses), written only within scope; custom: an expression of its own; chain: not
  -- scoped (the note says why).
  tie          text NOT NULL CHECK (tie IN ('shop', 'warehouse', 'parent', 'master', 'custom', 'chain')),
  columns      text[],
  parent_table text,
  note         text NOT NULL,
  using_sql    text,
  check_sql    text
);

/**
 * Declares what ties a table's rows to a shop and (re)creates its `shop_scope` policies for wxy_shop.
 * - shop / warehouse: `cols` are shop or warehouse columns; a row is the caller's when any of them is (a transfer between
 *   two warehouses belongs to both ends).
 * - parent: `cols` = {child column, parent column}; a row is the caller's when its header (parent_table) is visible.
 * - master: `cols` = {shop column}; every caller reads it, only rows of the caller's shops are written.
 * - custom: `using_sql` (read, update, delete) and `check_sql` (the row written).
 * - chain: no policy; `note` says why every caller of the tenant may see it.
 */
CREATE FUNCTION app_shop_scope_declare(p_table text, p_tie text, p_note text, p_cols text[] DEFAULT NULL, p_parent text DEFAULT NULL,
                                       p_using text DEFAULT NULL, p_check text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  u text;
  c text;
  conds text[] := '{}';
  col text;
BEGIN
  IF to_regclass(p_table) IS NULL THEN RAISE EXCEPTION 'shop scope: no table %', p_table; END IF;
  EXECUTE format('DROP POLICY IF EXISTS shop_scope ON %I', p_table);
  EXECUTE format('DROP POLICY IF EXISTS shop_scope_insert ON %I', p_table);
  EXECUTE format('DROP POLICY IF EXISTS shop_scope_update ON %I', p_table);
  EXECUTE format('DROP POLICY IF EXISTS shop_scope_delete ON %I', p_table);
  IF p_tie = 'shop' OR p_tie = 'master' THEN
    FOREACH col IN ARRAY p_cols LOOP conds := conds || format('%I = ANY ((SELECT app_shops())::integer[])', col); END LOOP;
    u := '(' || array_to_string(conds, ' OR ') || ')';
    c := u;
  ELSIF p_tie = 'warehouse' THEN
    FOREACH col IN ARRAY p_cols LOOP conds := conds || format('%I = ANY ((SELECT app_warehouses())::integer[])', col); END LOOP;
    u := '(' || array_to_string(conds, ' OR ') || ')';
    c := u;
  ELSIF p_tie = 'parent' THEN
    u := format('EXISTS (SELECT 1 FROM %I p WHERE p.%I = %I.%I)', p_parent, p_cols[2], p_table, p_cols[1]);
    c := u;
  ELSIF p_tie = 'custom' THEN
    u := p_using;
    c := coalesce(p_check, p_using);
  ELSIF p_tie <> 'chain' THEN
    RAISE EXCEPTION 'shop scope: unknown tie %', p_tie;
  END IF;
  IF p_tie = 'master' THEN
    EXECUTE format('CREATE POLICY shop_scope_insert ON %I AS RESTRICTIVE FOR INSERT TO wxy_shop WITH CHECK (%s)', p_table, c);
    EXECUTE format('CREATE POLICY shop_scope_update ON %I AS RESTRICTIVE FOR UPDATE TO wxy_shop USING (%s) WITH CHECK (%s)', p_table, u, c);
    EXECUTE format('CREATE POLICY shop_scope_delete ON %I AS RESTRICTIVE FOR DELETE TO wxy_shop USING (%s)', p_table, u);
  ELSIF p_tie <> 'chain' THEN
    EXECUTE format('CREATE POLICY shop_scope ON %I AS RESTRICTIVE TO wxy_shop USING (%s) WITH CHECK (%s)', p_table, u, c);
  END IF;
  INSERT INTO app_shop_scope (table_name, tie, columns, parent_table, note, using_sql, check_sql)
  VALUES (p_table, p_tie, p_cols, p_parent, p_note, u, c)
  ON CONFLICT (table_name) DO UPDATE SET tie = EXCLUDED.tie, columns = EXCLUDED.columns, parent_table = EXCLUDED.parent_table,
    note = EXCLUDED.note, using_sql = EXCLUDED.using_sql, check_sql = EXCLUDED.check_sql;
END $$;

-- ------------------------------------------------------------------ the shops and warehouses themselves
SELECT app_shop_scope_declare('shop_base', 'master', '门店档案：名称、编码、地址是全连锁的主数据（单据、小票、调拨都显示门店名），人人可读；只能修改自己的门店。门店列表、下拉与详情由引擎的行范围 shop.inScope 收窄到自己的门店', '{shop_id}');
SELECT app_shop_scope_declare('wh_base_info', 'master', '仓库档案：全连锁主数据，人人可读；只能修改自己门店的门店仓（中心仓属于总部）', '{shop_id}');

-- ------------------------------------------------------------------ a shop column
SELECT app_shop_scope_declare(t, 'shop', n, '{shop_id}') FROM (VALUES
  ('shop_site', '门店站点'), ('shop_profile', '门店资料'), ('shop_multimedia', '门店多媒体'), ('shop_rel_poi', '门店地图位置'),
  ('shop_device', '门店设备（收银机）'), ('shop_ai_box', '客流设备'), ('shop_passengers_count', '客流计数'),
  ('shop_pay_method_config', '门店支付方式'), ('shop_merchant', '门店商户'), ('shop_jh_mcht_config', '商户配置（密钥）'),
  ('shop_online_order', '门店线上订单'), ('shop_inspect_apply', '巡店申请'), ('shop_class_record', '收银班次'),
  ('shop_performance_target', '绩效目标（门店月目标）'), ('shop_user_performance_target', '绩效目标（人员月目标）'),
  ('shop_user_performance_daily_target', '绩效目标（人员日目标）'),
  ('shop_daily_meeting', '晨会'), ('shop_weekly_meeting', '周会'), ('shop_meeting', '门店会议'),
  ('petty_cash_shop_config', '门店备用金：额度、审核人、余额'), ('petty_cash_record', '备用金收支'), ('petty_cash_transfer', '备用金调拨（收款门店）'),
  ('petty_cash_reconciliation', '备用金对账'), ('petty_cash_ledger', '备用金流水'),
  ('po_order', '零售订单'), ('po_order_exchange', '换货单'), ('po_pre_sale_order', '预售单'), ('po_order_temp', '挂单'),
  ('po_group_purchase', '团购单'), ('po_shipping_home', '配送到家'), ('po_sale_report', '销售日报'),
  ('stat_scan_code_day', '扫码统计（门店日快照）'), ('mb_balance_recharge', '会员充值记录（门店收款）'),
  ('attn_clock', '打卡记录'), ('attn_request', '考勤申请'), ('sys_craftsmen_bind', '手艺人绑定'),
  ('fd_personal_pc', '人员薪资档案'), ('fd_monthly_salary_stat', '月度薪资'),
  ('access_report', '客流转化'), ('access_target', '客流目标'),
  ('report_daily_contribution', '每日贡献'), ('report_monthly_contribution', '月度贡献'),
  ('report_monthly_shop_contribution', '门店月度贡献'), ('report_monthly_star_rating', '月度星级评定')
) v(t, n);
SELECT app_shop_scope_declare('fd_monthly_transfer_subsidy_det', 'shop', '调岗补贴：调出与调入门店都可见', '{from_shop_id,to_shop_id}');

-- ------------------------------------------------------------------ a warehouse column (the warehouse's shop)
SELECT app_shop_scope_declare(t, 'warehouse', n, c::text[]) FROM (VALUES
  ('stock_balance', '库存（门店仓的库存属于门店，中心仓属于总部）', '{wh_id}'), ('stock_ledger', '库存流水', '{wh_id}'),
  ('wh_other_stock_in', '其他入库', '{wh_id}'), ('wh_other_stock_out', '其他出库', '{wh_id}'),
  ('wh_purchase', '采购单', '{wh_id}'), ('wh_receipt', '收货单', '{wh_id}'), ('wh_inventory', '盘点', '{wh_id}'),
  ('wh_location', '库位', '{wh_id}'), ('wh_picking_order', '拣货单', '{wh_id}'), ('wh_picking_task', '拣货任务', '{wh_id}'),
  ('wh_allocation', '调拨单：调出与调入仓都可见', '{out_wh_id,in_wh_id}'), ('return_order', '退货单：退出与退入仓都可见', '{out_wh_id,in_wh_id}'),
  ('pd_supplier_mrb', '退供应商', '{wh_id}'), ('ec_order', '电商订单（未分仓的属于总部）', '{wh_id}'),
  ('wh_rel_expand', '仓库扩展属性', '{wh_id}'), ('wh_rel_sku_expand', '仓库的 SKU 设置', '{wh_id}'), ('wh_rel_spu_expand', '仓库的商品设置', '{wh_id}')
) v(t, n, c);

-- ------------------------------------------------------------------ lines and logs: their header's shop
SELECT app_shop_scope_declare(t, 'parent', n, c::text[], p) FROM (VALUES
  ('po_order_det', '订单明细', '{order_id,order_id}', 'po_order'), ('po_order_pay', '订单支付', '{order_id,order_id}', 'po_order'),
  ('po_order_pay_log', '订单支付修改日志', '{order_id,order_id}', 'po_order'), ('po_order_edit_log', '订单修改日志', '{order_id,order_id}', 'po_order'),
  ('po_order_exchange_det', '换货明细', '{exchange_id,exchange_id}', 'po_order_exchange'),
  ('po_order_exchange_pay', '换货支付', '{exchange_id,exchange_id}', 'po_order_exchange'),
  ('po_pre_sale_order_det', '预售明细', '{pre_sale_id,pre_sale_id}', 'po_pre_sale_order'),
  ('po_group_purchase_det', '团购明细', '{group_purchase_id,group_purchase_id}', 'po_group_purchase'),
  ('shop_daily_meeting_det', '晨会人员目标', '{meeting_id,meeting_id}', 'shop_daily_meeting'),
  ('shop_daily_meeting_inventory', '晨会库存盘点', '{meeting_id,meeting_id}', 'shop_daily_meeting'),
  ('shop_weekly_meeting_det', '周会人员目标', '{meeting_id,meeting_id}', 'shop_weekly_meeting'),
  ('shop_inspect_apply_det', '巡店项目', '{apply_id,id}', 'shop_inspect_apply'),
  ('shop_nvr_channel', '客流设备通道', '{ai_box_id,ai_box_id}', 'shop_ai_box'),
  ('shop_jh_mcht_key_log', '商户密钥下载日志', '{config_id,id}', 'shop_jh_mcht_config'),
  ('fd_monthly_salary_det_stat', '薪资明细', '{stat_id,id}', 'fd_monthly_salary_stat'),
  ('wh_other_stock_in_det', '其他入库明细', '{stock_in_id,stock_in_id}', 'wh_other_stock_in'),
  ('wh_other_stock_out_det', '其他出库明细', '{stock_out_id,stock_out_id}', 'wh_other_stock_out'),
  ('wh_purchase_det', '采购明细', '{purchase_id,purchase_id}', 'wh_purchase'),
  ('wh_expected_receipt', '预约到货', '{purchase_id,purchase_id}', 'wh_purchase'),
  ('wh_receipt_det', '收货明细', '{receipt_id,receipt_id}', 'wh_receipt'),
  ('wh_inventory_det', '盘点明细', '{inventory_id,inventory_id}', 'wh_inventory'),
  ('wh_picking_order_det', '拣货明细', '{picking_id,picking_id}', 'wh_picking_order'),
  ('wh_allocation_det', '调拨明细', '{allocation_id,allocation_id}', 'wh_allocation'),
  ('return_order_det', '退货明细', '{return_id,return_id}', 'return_order'),
  ('pd_supplier_mrb_det', '退供应商明细', '{mrb_id,mrb_id}', 'pd_supplier_mrb'),
  ('ec_order_det', '电商订单明细', '{ec_order_id,ec_order_id}', 'ec_order')
) v(t, n, c, p);

-- ------------------------------------------------------------------ expressions of their own
-- 促销: shop_ids NULL = every shop (a chain-wide promotion: everyone sees it, only head office writes it); otherwise
-- visible when one of its shops is the caller's, written only when all of them are.
SELECT app_shop_scope_declare('po_promotion', 'custom', '价格促销：全连锁促销人人可见、只有总部可改；指定门店的促销对其中任一门店可见，只有全部门店都在范围内才能保存',
  NULL, NULL,
  '(shop_ids IS NULL OR string_to_array(shop_ids, '','')::integer[] && (SELECT app_shops()))',
  '(shop_ids IS NOT NULL AND string_to_array(shop_ids, '','')::integer[] <@ (SELECT app_shops()))');
SELECT app_shop_scope_declare('po_promotion_det', 'parent', '促销明细', '{promotion_id,promotion_id}', 'po_promotion');
-- 优惠券: shop_id NULL = usable at every shop.
SELECT app_shop_scope_declare('mb_coupon', 'custom', '优惠券：全连锁的券人人可见、只有总部可改；限某门店的券只对该门店可见可改',
  NULL, NULL, '(shop_id IS NULL OR shop_id = ANY ((SELECT app_shops())::integer[]))', '(shop_id = ANY ((SELECT app_shops())::integer[]))');

-- ------------------------------------------------------------------ chain-wide (no shop scope), and why
SELECT app_shop_scope_declare(t, 'chain', n) FROM (VALUES
  ('sys_user_shop', '用户的所属门店：范围本身的定义，只有用户管理（总部）维护'),
  ('wf_shop_manager', '店长设置：范围本身的定义，审批流程（总部）维护'),
  ('sys_department', '组织架构：全连锁一棵树'),
  ('oauth_token', '会话：记录登录的收银设备门店，不是业务数据'),
  ('wf_instance', '审批实例：由审批人（任务的指派）决定谁能处理，财务跨门店审核'),
  ('mb_base_info', '会员：全连锁共享，任一门店可为其收银；shop_id 是注册门店'),
  ('mb_balance_ledger', '会员余额流水：会员的全连锁账户，余额是全部门店的合计'),
  ('mb_member_coupon', '会员的券：会员的全连锁账户，收银时判断是否适用本店'),
  ('mb_member_coupon_txn', '会员券流水：会员的全连锁账户'),
  ('mb_operation_plan', '会员运营计划：总部营销，shop_id 是人群条件（某门店的会员）'),
  ('po_voucher', '平台券：全连锁任一门店可核销；shop_id、writeoff_shop_id 是发券与核销门店的事实'),
  ('sys_video_task_user_det', '学习任务：由培训的授权规则决定谁能看（server/domains/training/grants.ts）'),
  ('ec_order_wh_config', '电商分仓规则：总部配置'),
  ('wh_ec_config', '电商默认仓：总部配置'),
  ('po_sales_day', '销售日汇总：派生数据，唯一写入者是 sales_summary_fold()，读者按调用者门店过滤（server/domains/stats/scope.ts）'),
  ('po_sales_day_pending', '销售日汇总待合并：同上'),
  ('po_sales_day_hour', '时段汇总：同上'), ('po_sales_day_hour_pending', '时段汇总待合并：同上'),
  ('po_sales_day_pay', '支付方式汇总：同上'), ('po_sales_day_pay_pending', '支付方式汇总待合并：同上'),
  ('po_sales_day_sku', 'SKU 汇总：同上'), ('po_sales_day_sku_pending', 'SKU 汇总待合并：同上'),
  ('po_sales_point', '商品卖点汇总：同上'), ('po_sales_point_pending', '商品卖点汇总待合并：同上')
) v(t, n);
