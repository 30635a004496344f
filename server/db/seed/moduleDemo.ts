import type { Database, Queryable } from '../index.ts';

/**
 * Demo rows for the descriptor-only modules (shops, suppliers, products, warehouses, exams), built by
 * set-based INSERT ... SELECT over generate_series so a new data dir seeds in well under a second even
 * on PGlite. Every insert is keyed by a unique code and ON CONFLICT DO NOTHING: re-running tops up
 * what is missing and never overwrites what people changed. Runs inside the tenant's transaction
 * (RLS on), so tenant_id comes from app_current_tenant().
 */
export interface ModuleDemoScale {
  shops: number;
  suppliers: number;
  spus: number;
  /** SKUs per SPU (specs of one product). */
  skusPerSpu: number;
  warehouses: number;
  exams: number;
}

export const TENANT_SCALE: Record<number, ModuleDemoScale> = {
  1: { shops: 30, suppliers: 200, spus: 1250, skusPerSpu: 4, warehouses: 5, exams: 12 },
  2: { shops: 3, suppliers: 10, spus: 25, skusPerSpu: 2, warehouses: 1, exams: 2 },
};

// 30 shops: city, district, region (the region tree below has the same names).
const SHOPS: [string, string, string][] = [
  ['上海', '徐汇', '华东'], ['上海', '静安', '华东'], ['上海', '浦东', '华东'], ['上海', '闵行', '华东'], ['杭州', '西湖', '华东'], ['杭州', '滨江', '华东'],
  ['南京', '鼓楼', '华东'], ['南京', '江宁', '华东'], ['苏州', '姑苏', '华东'], ['苏州', '园区', '华东'], ['宁波', '鄞州', '华东'], ['合肥', '蜀山', '华东'],
  ['广州', '天河', '华南'], ['广州', '越秀', '华南'], ['深圳', '南山', '华南'], ['深圳', '福田', '华南'], ['东莞', '南城', '华南'], ['佛山', '禅城', '华南'],
  ['厦门', '思明', '华南'], ['福州', '鼓楼', '华南'], ['北京', '朝阳', '华北'], ['北京', '海淀', '华北'], ['北京', '丰台', '华北'], ['天津', '和平', '华北'],
  ['石家庄', '长安', '华北'], ['济南', '历下', '华北'], ['青岛', '市南', '华北'], ['太原', '小店', '华北'], ['成都', '锦江', '西南'], ['重庆', '渝中', '西南'],
];

const sqlArray = (xs: string[]) => `(ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}])`;

const SURNAMES = sqlArray(['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高']);
const GIVEN = sqlArray(['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '霞', '平', '刚', '桂英', '文', '华']);
const SUPPLIER_CITIES = sqlArray(['上海', '杭州', '苏州', '广州', '深圳', '北京', '天津', '青岛', '厦门', '成都', '武汉', '郑州', '长沙', '福州', '济南', '宁波', '无锡', '佛山', '东莞', '合肥']);
const SUPPLIER_WORDS = sqlArray(['鑫源', '华联', '恒泰', '金穗', '盛达', '佳禾', '永辉', '润丰', '裕隆', '嘉和', '汇通', '百川', '康达', '天润', '瑞丰', '新希望', '宏图', '锦程', '丰收', '万家']);
const SUPPLIER_TRADES = sqlArray(['食品', '饮料', '日化', '贸易', '商贸', '粮油', '乳业', '农产品', '酒业', '供应链']);
const BANKS = sqlArray(['中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '招商银行', '交通银行', '浦发银行', '兴业银行']);

// Per category (1-8, dictionary pdCategory): brands, products and the specs of their SKUs.
const CATEGORY_BRANDS = [
  ['乐事', '三只松鼠', '良品铺子', '旺旺', '奥利奥', '洽洽', '德芙', '百草味'],
  ['农夫山泉', '可口可乐', '康师傅', '统一', '雀巢', '元气森林', '王老吉', '娃哈哈'],
  ['金龙鱼', '福临门', '海天', '李锦记', '鲁花', '太太乐', '老干妈', '千禾'],
  ['心相印', '清风', '维达', '妙洁', '茶花', '得力', '晨光', '南孚'],
  ['舒肤佳', '海飞丝', '高露洁', '云南白药', '立白', '蓝月亮', '超能', '六神'],
  ['佳沛', '都乐', '褚橙', '盒马', '百果园', '鑫荣懋', '展卉', '佳农'],
  ['伊利', '蒙牛', '光明', '君乐宝', '桃李', '安佳', '味全', '达利园'],
  ['青岛', '雪花', '燕京', '百威', '长城', '张裕', '洋河', '泸州老窖'],
];
const CATEGORY_PRODUCTS = [
  ['薯片', '每日坚果', '牛肉干', '夹心饼干', '海苔', '香瓜子', '巧克力', '芒果干'],
  ['饮用天然水', '可乐', '冰红茶', '绿茶', '速溶咖啡', '苏打气泡水', '凉茶', '纯净水'],
  ['调和油', '大米', '生抽', '蚝油', '花生油', '鸡精', '风味豆豉', '香醋'],
  ['抽纸', '卷纸', '湿巾', '保鲜袋', '收纳盒', '中性笔', '笔记本', '碱性电池'],
  ['沐浴露', '洗发水', '牙膏', '牙刷', '洗衣液', '洗洁精', '洗衣粉', '花露水'],
  ['奇异果', '香蕉', '脐橙', '草莓', '苹果', '车厘子', '蓝莓', '柠檬'],
  ['纯牛奶', '酸奶', '鲜牛奶', '儿童奶', '吐司面包', '黄油', '乳酸菌饮品', '蛋黄派'],
  ['啤酒', '纯生啤酒', '精酿啤酒', '拉格啤酒', '干红葡萄酒', '解百纳干红', '白酒', '浓香型白酒'],
];
const CATEGORY_UNITS = ['袋', '瓶', '瓶', '包', '瓶', '千克', '盒', '瓶'];
const SERIES = sqlArray(['经典', '原味', '家庭装', '精选', '醇香', '清爽', '臻选', '尊享', '轻享', '畅饮']);
const SPECS = [
  ['小包装', '标准装', '家庭装', '整箱'],
  ['350ml', '550ml', '1.5L', '12瓶整箱'],
  ['500g', '1kg', '2.5kg', '5kg'],
  ['单包', '3包装', '6包装', '10包装'],
  ['200ml', '400ml', '750ml', '1L'],
  ['500g', '1kg', '2kg', '5kg礼盒'],
  ['200ml', '250ml×12', '950ml', '整箱'],
  ['330ml', '500ml', '330ml×6', '500ml×12'],
];
// A 2-D SQL array literal: rows must be the same length (8 brands, 8 products, 4 specs per category).
const sqlMatrix = (rows: string[][]) => `ARRAY[${rows.map((r) => sqlArray(r).slice(1, -1)).join(',')}]`;

const areasOf = (scale: ModuleDemoScale) => [...new Set(SHOPS.slice(0, scale.shops).map((s) => s[2]))];

/**
 * Two transactions: SKUs go in after their SPUs are committed, because checking a foreign key against
 * rows the same transaction inserted costs PGlite a multixact per referenced row (seconds, not ms).
 */
export async function seedModuleDemo(db: Database, tenantId: number): Promise<void> {
  const scale = TENANT_SCALE[tenantId];
  if (!scale) return;
  await db.tenant(tenantId, (tx) => seedMasters(tx, scale));
  await db.system((tx) => tx.query('ANALYZE pd_spu, pd_supplier'));
  await db.tenant(tenantId, (tx) => seedDependents(tx, scale, tenantId));
}

async function seedMasters(tx: Queryable, scale: ModuleDemoScale): Promise<void> {
  const shops = SHOPS.slice(0, scale.shops);

  // Regions: top-level areas, then one child per city.
  const areas = areasOf(scale);
  const cities = [...new Set(shops.map((s) => `${s[2]}|${s[0]}`))];
  await tx.query(
    `INSERT INTO shop_region (tenant_id, parent_id, region_code, region_name, sort)
     SELECT app_current_tenant(), 0, 'R' || lpad(i::text, 2, '0'), a, i FROM unnest($1::text[]) WITH ORDINALITY AS x(a, i)
     ON CONFLICT DO NOTHING`,
    [areas],
  );
  await tx.query(
    `INSERT INTO shop_region (tenant_id, parent_id, region_code, region_name, sort)
     SELECT app_current_tenant(), p.region_id, 'RC' || lpad(i::text, 3, '0'), split_part(c, '|', 2), i
       FROM unnest($1::text[]) WITH ORDINALITY AS x(c, i) JOIN shop_region p ON p.region_name = split_part(c, '|', 1) AND p.parent_id = 0
     ON CONFLICT DO NOTHING`,
    [cities],
  );

  await tx.query(
    `INSERT INTO shop_base (tenant_id, shop_code, shop_name, shop_type, region_name, contact_name, phone, address, area, min_cost, open_date, status)
     SELECT app_current_tenant(), 'S' || lpad(i::text, 4, '0'), city || district || '店', CASE WHEN i % 5 = 0 THEN 2 WHEN i % 7 = 0 THEN 3 ELSE 1 END,
            region, ${SURNAMES}[1 + i % 20] || ${GIVEN}[1 + (i * 7) % 24], '13' || lpad(((i * 7919) % 1000000000)::text, 9, '0'),
            city || '市' || district || '区' || (ARRAY['人民路', '中山路', '解放路', '建设路', '南京路', '淮海路'])[1 + i % 6] || (10 + i * 3) || '号',
            round((80 + (i * 37) % 420)::numeric, 2), round((20000 + (i * 1543) % 80000)::numeric, 2),
            date '2015-03-01' + ((i * 97) % 3650)::int, CASE WHEN i % 13 = 0 THEN 0 ELSE 1 END
       FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS x(city, district, region, i)
     ON CONFLICT DO NOTHING`,
    [shops.map((s) => s[0]), shops.map((s) => s[1]), shops.map((s) => s[2])],
  );
  await tx.query(
    `INSERT INTO shop_site (tenant_id, shop_id, site_code, site_name, site_type, area, status)
     SELECT app_current_tenant(), s.shop_id, s.shop_code || '-' || k, (ARRAY['收银区', '仓储区'])[k], k, round((s.area * CASE k WHEN 1 THEN 0.15 ELSE 0.25 END)::numeric, 2), 1
       FROM shop_base s CROSS JOIN generate_series(1, 2) k WHERE s.shop_code ~ '^S[0-9]{4}$'
     ON CONFLICT DO NOTHING`,
  );

  await tx.query(
    `INSERT INTO pd_supplier (tenant_id, supplier_no, supplier_name, short_name, supplier_type, contact_name, phone, email, address, tax_no, bank_name, bank_account, settle_type, payment_days, status)
     SELECT app_current_tenant(), 'GYS' || lpad(i::text, 5, '0'),
            ${SUPPLIER_CITIES}[1 + i % 20] || ${SUPPLIER_WORDS}[1 + (i / 20) % 20] || ${SUPPLIER_TRADES}[1 + (i * 3) % 10] || '有限公司',
            ${SUPPLIER_WORDS}[1 + (i / 20) % 20] || ${SUPPLIER_TRADES}[1 + (i * 3) % 10],
            1 + i % 3, ${SURNAMES}[1 + (i * 3) % 20] || ${GIVEN}[1 + (i * 5) % 24], '1' || (ARRAY['3', '5', '8'])[1 + i % 3] || lpad(((i * 104729) % 1000000000)::text, 9, '0'),
            'gys' || i || '@supplier.example.com', ${SUPPLIER_CITIES}[1 + i % 20] || '市经济开发区' || (i % 90 + 1) || '号',
            '913' || lpad(((i * 7877) % 100000)::text, 5, '0') || 'MA' || lpad(i::text, 8, '0') || 'X',
            ${BANKS}[1 + i % 8], '62' || lpad(((i::bigint * 982451653) % 100000000000000)::text, 17, '0'),
            1 + (i * 7) % 3, (ARRAY[0, 15, 30, 45, 60])[1 + i % 5], CASE WHEN i % 17 = 0 THEN 0 ELSE 1 END
       FROM generate_series(1, $1::int) i
     ON CONFLICT DO NOTHING`,
    [scale.suppliers],
  );

  // SPU i: category c = 1 + i % 8; brand and product picked so that names rarely repeat.
  await tx.query(
    `INSERT INTO pd_spu (tenant_id, spu_code, spu_name, category, brand_name, unit, status)
     SELECT app_current_tenant(), 'SPU' || lpad(i::text, 6, '0'),
            b.brands[c][1 + (i / 8) % 8] || ${SERIES}[1 + (i / 64) % 10] || b.products[c][1 + (i / 8 + i / 64) % 8],
            c, b.brands[c][1 + (i / 8) % 8], ($2::text[])[c], CASE WHEN i % 41 = 0 THEN 0 ELSE 1 END
       FROM generate_series(1, $1::int) i CROSS JOIN LATERAL (SELECT 1 + i % 8 AS c) cc
       CROSS JOIN (SELECT ${sqlMatrix(CATEGORY_BRANDS)} AS brands, ${sqlMatrix(CATEGORY_PRODUCTS)} AS products) b
     ON CONFLICT DO NOTHING`,
    [scale.spus, CATEGORY_UNITS],
  );
}

async function seedDependents(tx: Queryable, scale: ModuleDemoScale, tenantId: number): Promise<void> {
  const areas = areasOf(scale);
  const suppliers = Number((await tx.query<{ n: string }>(`SELECT count(*) AS n FROM pd_supplier WHERE supplier_no ~ '^GYS[0-9]{5}$'`)).rows[0].n);
  if (!suppliers) return;
  // SKUs: specs of each SPU; EAN-13 barcodes 69 + tenant + sequence + check digit; money in fen-exact numeric.
  await tx.query(
    `WITH base AS (
            SELECT s.spu_id, s.spu_name, s.unit, s.category, s.brand_name, k, (substr(s.spu_code, 4)::int - 1) * $1::int + k AS seq,
                   round(((3 + (substr(s.spu_code, 4)::int * 7919) % 3000 / 100.0) * (ARRAY[1, 1.9, 4.2, 9.5])[k])::numeric, 1) AS retail
              FROM pd_spu s CROSS JOIN generate_series(1, $1::int) k WHERE s.spu_code ~ '^SPU[0-9]{6}$'),
          sup AS (SELECT id, supplier_name, row_number() OVER (ORDER BY id) - 1 AS rn FROM pd_supplier WHERE supplier_no ~ '^GYS[0-9]{5}$')
     INSERT INTO pd_sku (tenant_id, spu_id, sku_code, barcode, sku_name, spec, unit, spu_name, category, brand_name, supplier_id, supplier_name,
                         retail_price, purchase_price, cost_price, status)
     SELECT $3::int, b.spu_id, 'SKU' || lpad(b.seq::text, 7, '0'),
            ean13_with_check('69' || lpad($3::text, 2, '0') || lpad(b.seq::text, 8, '0')),
            b.spu_name || ' ' || sp.specs[b.category][b.k], sp.specs[b.category][b.k], b.unit, b.spu_name, b.category, b.brand_name,
            sup.id, sup.supplier_name,
            b.retail, round(b.retail * (0.55 + (b.seq % 25) / 100.0), 2), round(b.retail * (0.55 + (b.seq % 25) / 100.0) * 1.03, 2),
            CASE WHEN b.seq % 53 = 0 THEN 0 ELSE 1 END
       FROM base b CROSS JOIN (SELECT ${sqlMatrix(SPECS)} AS specs) sp
       JOIN sup ON sup.rn = (b.seq * 31) % $2::int
     ON CONFLICT DO NOTHING`,
    [scale.skusPerSpu, suppliers, tenantId],
  );

  await tx.query(
    `INSERT INTO wh_region (tenant_id, parent_id, region_code, region_name, sort)
     SELECT app_current_tenant(), 0, 'WR' || lpad(i::text, 2, '0'), a, i FROM unnest($1::text[]) WITH ORDINALITY AS x(a, i)
     ON CONFLICT DO NOTHING`,
    [areas],
  );
  await tx.query(
    `INSERT INTO wh_base_info (tenant_id, wh_code, wh_name, wh_type, region_name, is_distribution, contact_name, phone, address, area, status)
     SELECT app_current_tenant(), 'WH' || lpad(i::text, 3, '0'), name, typ, region, dist, ${SURNAMES}[1 + (i * 11) % 20] || ${GIVEN}[1 + (i * 13) % 24],
            '139' || lpad((i * 3571)::text, 8, '0'), addr, area, 1
       FROM unnest(ARRAY['上海嘉定中心仓', '广州白云中心仓', '北京顺义中心仓', '杭州余杭前置仓', '南京江宁门店仓'],
                   ARRAY[1, 1, 1, 3, 2], ARRAY['华东', '华南', '华北', '华东', '华东'], ARRAY[1, 1, 1, 0, 0],
                   ARRAY['上海市嘉定区马陆镇物流园8号', '广州市白云区太和镇物流大道66号', '北京市顺义区空港物流园12号', '杭州市余杭区仓前街道良睦路1号', '南京市江宁区东山街道金盛路9号'],
                   ARRAY[12000, 9800, 11000, 1500, 600]::numeric[])
            WITH ORDINALITY AS x(name, typ, region, dist, addr, area, i)
      WHERE i <= $1
     ON CONFLICT DO NOTHING`,
    [scale.warehouses],
  );

  // Expansion attribute definitions: a few each, as a chain would configure them.
  const defs: [string, [string, string, number][]][] = [
    ['pd_spu_expand', [['origin', '产地', 1], ['shelfLife', '保质期(天)', 2], ['storage', '储存条件', 1], ['imported', '是否进口', 4]]],
    ['pd_sku_expand', [['weight', '净重(g)', 2], ['packSize', '包装尺寸', 1], ['weighed', '是否称重', 4]]],
    ['wh_expand', [['coldChain', '温控类型', 1], ['docks', '月台数量', 2]]],
    ['wh_spu_expand', [['zone', '存储区域', 1], ['turnover', '周转天数', 2]]],
    ['wh_sku_expand', [['safetyStock', '安全库存', 2], ['bin', '默认库位', 1]]],
  ];
  for (const [table, rows] of defs) {
    await tx.query(
      `INSERT INTO ${table} (tenant_id, expand_code, expand_name, value_type, is_required, sort)
       SELECT app_current_tenant(), code, name, typ, CASE WHEN i = 1 THEN 1 ELSE 0 END, i
         FROM unnest($1::text[], $2::text[], $3::int[]) WITH ORDINALITY AS x(code, name, typ, i)
       ON CONFLICT DO NOTHING`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
    );
  }
  await tx.query(
    `INSERT INTO pd_rel_spu_expand (tenant_id, spu_id, expand_id, expand_value)
     SELECT app_current_tenant(), s.spu_id, e.id, (ARRAY['中国', '中国', '中国', '新西兰', '澳大利亚', '日本'])[1 + s.spu_id % 6]
       FROM pd_spu s JOIN pd_spu_expand e ON e.expand_code = 'origin' WHERE s.spu_code ~ '^SPU0001[0-9]{2}$'
     ON CONFLICT DO NOTHING`,
  );

  await tx.query(
    `INSERT INTO sys_exam (tenant_id, exam_name, exam_type, total_score, pass_score, duration, start_time, end_time, status, introduction)
     SELECT app_current_tenant(), (ARRAY['新员工入职考试', '收银操作规范考核', '食品安全培训测验', '消防安全知识考试', '会员服务礼仪考核', '生鲜陈列标准考核'])[1 + (i - 1) % 6]
              || CASE WHEN i > 6 THEN '（第' || ((i - 1) / 6 + 1) || '期）' ELSE '' END,
            1 + (i - 1) % 3, 100, 60 + (i % 3) * 10, 30 + (i % 4) * 15,
            timestamptz '2026-01-05 09:00+08' + (i * 9) * interval '1 day', timestamptz '2026-01-05 18:00+08' + (i * 9 + 2) * interval '1 day',
            CASE WHEN i <= 4 THEN 2 WHEN i <= 9 THEN 1 ELSE 0 END, '请在规定时间内独立完成，满分100分。'
       FROM generate_series(1, $1::int) i
      WHERE NOT EXISTS (SELECT 1 FROM sys_exam)`,
    [scale.exams],
  );
}
