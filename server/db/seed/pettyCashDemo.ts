import type { AuthContext } from '../../context.ts';
import { postPettyCash } from '../../domains/pettyCash/index.ts';
import { periodOf } from '../../domains/pettyCash/index.ts';
import { generateReconciliations } from '../../domains/pettyCash/index.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import { recordDocEvent } from '../../documents/history.ts';
import type { Database, Queryable } from '../index.ts';
import { dbToday } from '../calendar.ts';
import { addDays } from '../../../core/calendar.ts';

const USAGES: [name: string, type: number, scope: number, max: number | null][] = [
  ['办公用品', 1, 0, 500],
  ['清洁用品', 1, 0, 500],
  ['水电杂费', 1, 0, 2000],
  ['维修费', 1, 0, 3000],
  ['快递运费', 1, 0, null],
  ['员工餐补', 1, 1, 300],
  ['废品回收收入', 2, 0, null],
];

/** Last month's spends per shop: [usage, amount, day of month, note]. */
const SPENDS: [string, string, number, string][] = [
  ['办公用品', '86.50', 3, '收银纸 10 卷、签字笔'],
  ['清洁用品', '132.00', 6, '拖把、垃圾袋、消毒液'],
  ['水电杂费', '418.70', 10, '10 月电费分摊'],
  ['快递运费', '45.00', 14, '退货寄回总部'],
  ['维修费', '260.00', 18, '冷柜门封条更换'],
  ['废品回收收入', '38.00', 22, '纸箱回收'],
  ['员工餐补', '180.00', 26, '加班晚餐 6 人'],
];

/**
 * Petty cash for the first three shops: the tenant's rules, usages, each shop's float (2,000 yuan, audited by
 * admin), a confirmed transfer and audited spends last month posted through the real ledger function (so
 * balance = Σ ledger), last month's reconciliations generated (one counted short with its reason, waiting for
 * audit), and this month a spend waiting for audit, a rejected one and a transfer waiting for the shop.
 * Runs once: a tenant that has any transfer is left alone.
 */
export async function seedPettyCashDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    await tx.query(`INSERT INTO petty_cash_config (tenant_id, billing_cycle, update_user_name) VALUES (app_current_tenant(), 1, '系统') ON CONFLICT DO NOTHING`);
    await tx.query(
      `INSERT INTO shop_petty_cash_usage_config (tenant_id, usage_name, usage_type, scope_type, max_amount, sort)
       SELECT app_current_tenant(), u.name, u.type, u.scope, u.max, u.n FROM unnest($1::text[], $2::int[], $3::int[], $4::numeric[]) WITH ORDINALITY AS u(name, type, scope, max, n)
       ON CONFLICT (tenant_id, usage_name) DO NOTHING`,
      [USAGES.map((u) => u[0]), USAGES.map((u) => u[1]), USAGES.map((u) => u[2]), USAGES.map((u) => u[3])],
    );
    if ((await tx.query(`SELECT 1 FROM petty_cash_transfer LIMIT 1`)).rows.length) return;
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    const staff = (await tx.query<{ id: number; name: string }>(`SELECT id, name FROM sys_user WHERE user_name = 'shop01'`)).rows[0] ?? admin;
    if (!admin) return;
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    const shops = (await tx.query<{ shop_id: number; shop_name: string; shop_type: number }>(`SELECT shop_id, shop_name, shop_type FROM shop_base WHERE status = 1 ORDER BY shop_id LIMIT 3`)).rows;
    await tx.query(`UPDATE petty_cash_shop_config SET float_amount = 2000, audit_user_id = $1, audit_user_name = $2`, [admin.id, admin.name]);
    const today = await dbToday(tx);
    const thisMonth = periodOf(1, today);
    const lastMonth = periodOf(1, addDays(thisMonth.beginDate, -1));
    const lastDay = (n: number) => `${lastMonth.beginDate.slice(0, 8)}${String(n).padStart(2, '0')}`;
    const usages = new Map((await tx.query<{ usage_name: string; usage_id: number; usage_type: number }>(`SELECT usage_name, usage_id, usage_type FROM shop_petty_cash_usage_config`)).rows.map((u) => [u.usage_name, u]));

    for (const [i, shop] of shops.entries()) {
      const transferId = await transfer(tx, auth, shop, '2000.00', lastMonth.beginDate, 2, `${lastMonth.label}备用金`);
      await post(tx, auth, { shopId: shop.shop_id, amount: '2000.00', refType: 'transfer', refId: transferId.id, refNo: transferId.no, bizDate: lastMonth.beginDate });
      await tx.query(`UPDATE petty_cash_transfer SET confirm_user_name = $2, confirm_time = $3::date + time '10:00' WHERE order_id = $1`, [transferId.id, staff.name, lastMonth.beginDate]);
      for (const [usageName, amount, dayOfMonth, note] of SPENDS.slice(0, 5 + i)) {
        if (usageName === '员工餐补' && shop.shop_type !== 1) continue;
        const u = usages.get(usageName)!;
        const r = await record(tx, auth, staff, shop, u, amount, lastDay(dayOfMonth), note, 2);
        const balance = await post(tx, auth, { shopId: shop.shop_id, amount: u.usage_type === 1 ? `-${amount}` : amount, refType: 'record', refId: r.id, refNo: r.no, bizDate: lastDay(dayOfMonth) });
        await tx.query(`UPDATE petty_cash_record SET audit_user_id = $2, audit_user_name = $3, audit_time = $4::date + time '18:00', balance_after = $5 WHERE record_id = $1`, [r.id, admin.id, admin.name, lastDay(dayOfMonth), balance]);
      }
    }
    await generateReconciliations(tx, auth, lastMonth, shops.map((s) => s.shop_id));
    // The first shop counted 12.30 yuan less than its book: explained, waiting for audit.
    await tx.query(
      `UPDATE petty_cash_reconciliation SET actual_balance = book_balance - 12.30, difference_reason = '找零差额，已登记' WHERE shop_id = $1 AND begin_date = $2::date`,
      [shops[0]?.shop_id, lastMonth.beginDate],
    );
    if (shops[0]) {
      const first = shops[0];
      const pendingDay = today;
      await record(tx, auth, staff, first, usages.get('办公用品')!, '58.00', pendingDay, '打印机墨盒', 1);
      const rejected = await record(tx, auth, staff, first, usages.get('维修费')!, '1200.00', pendingDay, '空调维修（未附维修单）', 3);
      await tx.query(`UPDATE petty_cash_record SET audit_user_id = $2, audit_user_name = $3, audit_time = now(), audit_remark = '请补充维修单照片和报价单' WHERE record_id = $1`, [rejected.id, admin.id, admin.name]);
      await transfer(tx, auth, first, '1000.00', today, 1, `${thisMonth.label}补充备用金`);
    }
  });
}

async function post(tx: Queryable, auth: AuthContext, p: { shopId: number; amount: string; refType: 'record' | 'transfer'; refId: number; refNo: string; bizDate: string }) {
  return postPettyCash(tx, { ...p, userName: auth.displayName ?? auth.userName });
}

async function transfer(tx: Queryable, auth: AuthContext, shop: { shop_id: number; shop_name: string }, amount: string, day: string, status: number, remark: string) {
  const no = await nextDocNo(tx, auth.tenantId, 'BYDB');
  const id = (await tx.query<{ id: number }>(
    `INSERT INTO petty_cash_transfer (tenant_id, order_no, shop_id, shop_name, amount, transfer_date, status, remark, create_user_id, create_user_name, create_time)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5::date, $6, $7, $8, $9, least($5::date + time '09:00', now())) RETURNING order_id AS id`,
    [no, shop.shop_id, shop.shop_name, amount, day, status, remark, auth.userId, auth.displayName],
  )).rows[0].id;
  await recordDocEvent(tx, auth, { docType: 'pettyCashTransfer', docId: id, action: 'create', actionLabel: '创建', fromStatus: null, toStatus: 1 });
  if (status === 2) await recordDocEvent(tx, auth, { docType: 'pettyCashTransfer', docId: id, action: 'confirm', actionLabel: '确认收款', fromStatus: 1, toStatus: 2 });
  return { id, no };
}

async function record(
  tx: Queryable,
  auth: AuthContext,
  staff: { id: number; name: string },
  shop: { shop_id: number; shop_name: string },
  usage: { usage_id: number; usage_name: string; usage_type: number },
  amount: string,
  day: string,
  remark: string,
  status: number,
) {
  const no = await nextDocNo(tx, auth.tenantId, 'BYJ');
  const id = (await tx.query<{ id: number }>(
    `INSERT INTO petty_cash_record (tenant_id, record_no, shop_id, shop_name, usage_id, usage_name, usage_type, amount, occur_date, status, remark, create_user_id, create_user_name, create_time)
     VALUES (app_current_tenant(), $1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11, $12, least($8::date + time '12:00', now())) RETURNING record_id AS id`,
    [no, shop.shop_id, shop.shop_name, usage.usage_id, usage.usage_name, usage.usage_type, amount, day, status, remark, staff.id, staff.name],
  )).rows[0].id;
  await recordDocEvent(tx, { ...auth, userId: staff.id, displayName: staff.name }, { docType: 'pettyCashRecord', docId: id, action: 'create', actionLabel: '创建', fromStatus: null, toStatus: 1 });
  if (status !== 1)
    await recordDocEvent(tx, auth, { docType: 'pettyCashRecord', docId: id, action: status === 2 ? 'audit' : 'reject', actionLabel: status === 2 ? '审核通过' : '驳回', fromStatus: 1, toStatus: status, note: status === 3 ? '请补充维修单照片和报价单' : null });
  return { id, no };
}
