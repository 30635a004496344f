import { seedOrgDemo } from './orgDemo.ts';
import type { Database, Queryable } from '../index.ts';
import { hashPassword } from '../../auth/passwords.ts';
import path from 'node:path';
import type { MenuSeed } from './menus.ts';
import { menusVersion, readModuleMenus } from './moduleMenus.ts';
import { seedModuleDemo } from './moduleDemo.ts';
import { seedStockDemo } from './stockDemo.ts';
import { seedFulfilmentDemo } from './fulfilmentDemo.ts';
import { seedAllocationDemo } from './allocationDemo.ts';
import { seedPurchaseDemo, seedSupplierMrbDemo } from './purchaseDemo.ts';
import { seedOrdersDemo } from './ordersDemo.ts';
import { seedReportsDemo } from './reportsDemo.ts';
import { seedAnalysisDemo } from './analysisDemo.ts';
import { seedMembersDemo } from './membersDemo.ts';
import { seedAddressDemo, seedCouponDemo, seedOperationPlanDemo, seedSellingDemo, seedVoucherDemo } from './sellingDemo.ts';
import { seedStocktakeDemo } from './stocktakeDemo.ts';
import { seedPettyCashDemo } from './pettyCashDemo.ts';
import { seedStatsDemo } from './statsDemo.ts';
import { seedTargetsDemo } from './targetsDemo.ts';
import { seedPreSaleDemo, seedShopOpsDemo } from './shopOpsDemo.ts';
import { seedAiBoxDemo } from './aiBoxDemo.ts';
import { seedSalaryDemo } from './salaryDemo.ts';
import { seedProcessDemo } from './processDemo.ts';
import { seedPromotionDemo } from './promotionDemo.ts';
import { seedExchangeShippingDemo, seedGroupPurchaseDemo } from './groupPurchaseDemo.ts';
import { seedTrainingDemo } from './trainingDemo.ts';
import { seedExamDemo } from './examDemo.ts';
import { seedLotDemo } from './lotDemo.ts';
import { seedDailyDemo } from './dailyDemo.ts';

/** Bump when the demo data changes, so existing data dirs are topped up at the next start. */
export const SEED_VERSION = '2026-11-22.designer-out.1+notices-1+engine-modules-3+designer-ui-1+detail-pages-1+stock-1+fulfilment-1+perm-1+allocation-1+purchase-1+stocktake-2+return-1+supplier-mrb-1+devices-1+orders-1+pay-methods-1+members-1+petty-cash-1+shifts-1+shop-ops-3+pre-sale-1+ai-box-1+targets-meetings-1+process-1+reports-3+selling-1+stats-1+people-1+org-2+analysis-1+selling-3+shops-4+promo-1+member-price-1+group-2+h5-2+training-2+training-3+exam-1+walk-1+noticesb-1+discount-1+opplan-2+quiet-1+polish-1+roles-1+shop-scope-1+lots-1+daily-1';

interface TenantSeed {
  id: number;
  name: string;
  domain: string;
  recordNumber: string;
  logo: string;
  menuLogo: string;
  users: { userNo: string; userName: string; name: string; password: string; role: string; phone?: string }[];
}

export const DEMO_TENANTS: TenantSeed[] = [
  {
    id: 1,
    name: '演示连锁',
    domain: 'demo.wxy.local',
    recordNumber: '沪ICP备20260001号',
    logo: '/branding/tenant-1-logo.svg',
    menuLogo: '/branding/tenant-1-menu.svg',
    users: [
      { userNo: 'A0001', userName: 'admin', name: '系统管理员', password: 'admin123', role: 'admin', phone: '13800000000' },
      { userNo: 'S0001', userName: 'shop01', name: '门店店员01', password: 'shop123', role: 'shop_staff', phone: '13800000001' },
      // 审批流程 demo approvers: the first shop's manager and the finance role (server/db/seed/processDemo.ts).
      { userNo: 'M0001', userName: 'manager01', name: '店长01', password: 'manager123', role: 'shop_manager' },
      { userNo: 'F0001', userName: 'finance01', name: '财务01', password: 'finance123', role: 'finance' },
    ],
  },
  {
    id: 2,
    name: '第二连锁',
    domain: 'chain2.wxy.local',
    recordNumber: '沪ICP备20260002号',
    logo: '/branding/tenant-2-logo.svg',
    menuLogo: '/branding/tenant-2-menu.svg',
    users: [{ userNo: 'A0001', userName: 'admin', name: '第二连锁管理员', password: 'admin123', role: 'admin', phone: '13900000000' }],
  },
];

/** allShops: 数据范围 全部门店 (head office: admin, 财务); the others reach only their own shops (migration 350). */
const ROLES = [
  { code: 'admin', name: '管理员', allShops: true },
  { code: 'shop_staff', name: '门店店员', allShops: false },
  { code: 'shop_manager', name: '店长', allShops: false },
  { code: 'finance', name: '财务', allShops: true },
];
/**
 * shop_staff lacks 进价总金额 and 成本总金额, and 毛利率 too: retail price and margin together give the
 * purchase price away (9.9 x (1 - 0.4444) = 5.50).
 */
const FIELD_PERMISSIONS: Record<string, string[]> = {
  shop_staff: ['零售价', '供应商'],
  // A 店长 sees what his staff see; finance audits the money, cost and margin included.
  shop_manager: ['零售价', '供应商'],
  finance: ['零售价', '供应商', '毛利率', '进价总金额', '成本总金额'],
};
/** Grants earlier demo data gave and a new seed takes back. */
const REVOKED_FIELD_PERMISSIONS: Record<string, string[]> = { shop_staff: ['毛利率'] };

const VERSION_LOGS = [
  { version: '0.1.0', content: '零售后台上线：登录、菜单权限、标签页、个人中心。' },
];

async function seedTenant(tx: Queryable, t: TenantSeed, passwordHashes: Map<string, string>, menus: MenuSeed[]): Promise<void> {
  const roleId = new Map<string, number>();
  for (const r of ROLES) {
    const row = await tx.query<{ id: number }>(
      `INSERT INTO sys_role(tenant_id, code, name, all_shops) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_id, code) DO UPDATE SET name = EXCLUDED.name, all_shops = sys_role.all_shops OR EXCLUDED.all_shops RETURNING id`,
      [t.id, r.code, r.name, r.allShops],
    );
    roleId.set(r.code, row.rows[0].id);
  }
  const menuId = new Map<string, number>();
  for (const m of menus) {
    const row = await tx.query<{ id: number }>(
      `INSERT INTO sys_menu(tenant_id, menu_key, parent_id, path, component, menu_name, menu_type, hidden, sort, label_sort, icon, perms, meta)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12)
       ON CONFLICT (tenant_id, menu_key) DO UPDATE SET parent_id = EXCLUDED.parent_id, path = EXCLUDED.path, component = EXCLUDED.component,
         menu_name = EXCLUDED.menu_name, menu_type = EXCLUDED.menu_type, hidden = EXCLUDED.hidden, sort = EXCLUDED.sort,
         label_sort = EXCLUDED.label_sort, icon = EXCLUDED.icon, perms = EXCLUDED.perms, meta = EXCLUDED.meta
       RETURNING id`,
      [t.id, m.key, m.parent ? menuId.get(m.parent) : 0, m.path ?? '', m.component ?? '', m.name, m.menuType ?? 1, m.hidden ?? false, m.sort, m.icon ?? null, m.perms ?? null, JSON.stringify(m.meta ?? {})],
    );
    menuId.set(m.key, row.rows[0].id);
    for (const role of m.roles ?? []) {
      await tx.query(`INSERT INTO sys_role_menu(tenant_id, role_id, menu_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [t.id, roleId.get(role), row.rows[0].id]);
    }
  }
  for (const [role, names] of Object.entries(REVOKED_FIELD_PERMISSIONS)) {
    await tx.query(`DELETE FROM sys_role_field_permission WHERE role_id = $1 AND name = ANY($2::text[])`, [roleId.get(role), names]);
  }
  for (const [role, names] of Object.entries(FIELD_PERMISSIONS)) {
    for (const name of names) {
      await tx.query(`INSERT INTO sys_role_field_permission(tenant_id, role_id, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [t.id, roleId.get(role), name]);
    }
  }
  for (const u of t.users) {
    // Existing users keep their passwords and edits: demo data never overwrites what people changed.
    const row = await tx.query<{ id: number }>(
      `INSERT INTO sys_user(tenant_id, user_no, user_name, name, phone, password_hash) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (tenant_id, user_name) DO NOTHING RETURNING id`,
      [t.id, u.userNo, u.userName, u.name, u.phone ?? null, passwordHashes.get(u.password)],
    );
    if (row.rows[0]) {
      await tx.query(`INSERT INTO sys_user_role(tenant_id, user_id, role_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [t.id, row.rows[0].id, roleId.get(u.role)]);
    }
  }
  // Subjects 1-7; 3-7 limit date filters to 30 x value + 1 days (spec 000 §5).
  for (let subject = 1; subject <= 7; subject++) {
    await tx.query(
      `INSERT INTO sys_search_time_limit(tenant_id, subject_id, time_limit, begin_time, end_time) VALUES ($1, $2, $3, $4, NULL)
       ON CONFLICT DO NOTHING`,
      [t.id, subject, subject <= 2 ? null : subject <= 4 ? 3 : 12, subject <= 2 ? '2020-01-01' : null],
    );
  }
  await tx.query(`INSERT INTO sys_base_config_name(tenant_id, default_name, new_name) VALUES ($1, '门店', '门店') ON CONFLICT DO NOTHING`, [t.id]);
  for (const v of VERSION_LOGS) {
    await tx.query(`INSERT INTO sys_version_log(tenant_id, version, content) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [t.id, v.version, v.content]);
  }
}

/** Two cash-register devices of the tenant's first shop: one activated (its fingerprint in the README), one waiting. */
async function seedDevices(tx: Queryable, tenantId: number): Promise<void> {
  for (const [name, fp, active] of [
    ['收银台1号机', `T${tenantId}-DEVICE-0001`, true],
    ['收银台2号机', `T${tenantId}-DEVICE-0002`, false],
  ] as const) {
    await tx.query(
      `INSERT INTO shop_device(tenant_id, shop_id, device_name, fingerprint_code, active, activated_at)
       SELECT $1, min(shop_id), $2, $3, $4, CASE WHEN $4 THEN now() END FROM shop_base HAVING min(shop_id) IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [tenantId, name, fp, active],
    );
  }
}

/**
 * Seeds the demo tenants once per SEED_VERSION (and per version of the menus, schemas/menus/*.json and
 * those of EXTRA_SCHEMA_DIRS, server/db/seed/moduleMenus.ts); safe to run at every start and from several processes.
 */
export async function seedDemoData(db: Database, moduleMenus: MenuSeed[] = readModuleMenus([path.resolve('schemas')]).menus): Promise<boolean> {
  const version = SEED_VERSION + menusVersion(moduleMenus);
  const current = await db.system((tx) => tx.query<{ value: string }>(`SELECT value FROM app_meta WHERE key = 'seed_version'`));
  if (current.rows[0]?.value === version) return false;
  const passwords = new Set(DEMO_TENANTS.flatMap((t) => t.users.map((u) => u.password)));
  const passwordHashes = new Map<string, string>();
  for (const p of passwords) passwordHashes.set(p, await hashPassword(p));
  for (const t of DEMO_TENANTS) {
    await db.system((tx) =>
      tx.query(
        `INSERT INTO sys_tenant(id, tenant_name, logo, menu_logo, domain, record_number) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO NOTHING`,
        [t.id, t.name, t.logo, t.menuLogo, t.domain, t.recordNumber],
      ),
    );
    await db.tenant(t.id, (tx) => seedTenant(tx, t, passwordHashes, moduleMenus));
    await seedModuleDemo(db, t.id);
    await db.tenant(t.id, (tx) => seedDevices(tx, t.id));
    await seedStockDemo(db, t.id);
    await seedFulfilmentDemo(db, t.id);
    await seedAllocationDemo(db, t.id);
    await seedPurchaseDemo(db, t.id);
    await seedSupplierMrbDemo(db, t.id);
    await seedStocktakeDemo(db, t.id);
    await seedMembersDemo(db, t.id);
    await seedOrdersDemo(db, t.id);
    await seedSellingDemo(db, t.id);
    await seedCouponDemo(db, t.id);
    await seedOperationPlanDemo(db, t.id);
    await seedVoucherDemo(db, t.id);
    await seedAddressDemo(db, t.id);
    await seedPettyCashDemo(db, t.id);
    await seedShopOpsDemo(db, t.id);
    await seedPreSaleDemo(db, t.id);
    await seedAiBoxDemo(db, t.id);
    await seedTargetsDemo(db, t.id);
    await seedProcessDemo(db, t.id);
    await seedStatsDemo(db, t.id);
    await seedReportsDemo(db, t.id);
    await seedSalaryDemo(db, t.id);
    await seedOrgDemo(db, t.id);
    await seedAnalysisDemo(db, t.id);
    await seedPromotionDemo(db, t.id);
    await seedGroupPurchaseDemo(db, t.id);
    await seedExchangeShippingDemo(db, t.id);
    await seedTrainingDemo(db, t.id);
    await seedExamDemo(db, t.id);
    // After every demo that sells, transfers or applies: the shifts, returns and leaves of a working day.
    await seedDailyDemo(db, t.id);
    // Last: the lots split what each warehouse holds once the other demos have moved stock.
    await seedLotDemo(db, t.id);
  }
  await db.system((tx) =>
    tx.query(`INSERT INTO app_meta(key, value) VALUES ('seed_version', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [version]),
  );
  return true;
}
