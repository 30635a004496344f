import type { AuthContext } from '../../context.ts';
import { runDocAction } from '../../documents/actions.ts';
import { createDocument } from '../../documents/writing.ts';
import type { Database, Queryable } from '../index.ts';
import { shiftFigures } from '../../domains/sales/index.ts';
import { completeTask, startProcess, transferTask } from '../../domains/process/index.ts';
import '../../domains/index.ts';
import { seedDocContext, seedUserAuth } from './seedContext.ts';

/**
 * What a working chain's day leaves behind, where the other demos made the records it comes from (tenant 1):
 * - 收银班次: one handed-over shift per cashier, shop and day of the demo's sales (its orders fall inside it), its
 *   figures those of the hand-over (shiftFigures), the drawer counted as expected;
 * - 退货单: two returns of the received demo transfer to the warehouse that sent it — one audited (stock moved back),
 *   one waiting for audit;
 * - 考勤申请: two leaves of shop01 through 考勤审批 — one approved by his 店长 (manager01's 我的已办), one the 店长
 *   handed to admin (admin's 我的待办); and admin approved a 备用金 application's 财务 step (admin's 我的已办).
 * Each part once (skipped when its table already has rows).
 */
export async function seedDailyDemo(db: Database, tenantId: number): Promise<void> {
  if (tenantId !== 1) return;
  await db.tenant(tenantId, async (tx) => {
    const admin = await seedUserAuth(tx, tenantId, 'admin');
    const manager = await seedUserAuth(tx, tenantId, 'manager01');
    const staff = await seedUserAuth(tx, tenantId, 'shop01');
    if (!admin || !manager || !staff) return;
    // The documents and approvals below send their notices as they would; a new tenant's message centres start empty
    // (as the other demo seeds leave them), so those notices go again.
    const before = Number((await tx.query<{ id: string }>(`SELECT coalesce(max(id), 0) AS id FROM sys_message`)).rows[0].id);
    await shifts(tx);
    await returns(tx, admin);
    await leaves(tx, admin, manager, staff);
    await tx.query(`DELETE FROM sys_message WHERE id > $1`, [before]);
  });
}

const OPENING_CASH = 200;

/** A shift from half an hour before a cashier's first sale of a day at a shop to half an hour after the last (never after now). */
async function shifts(tx: Queryable): Promise<void> {
  if ((await tx.query(`SELECT 1 FROM shop_class_record LIMIT 1`)).rows.length) return;
  const made = await tx.query<{ class_id: number }>(
    `INSERT INTO shop_class_record (tenant_id, shop_id, shop_name, user_id, user_name, is_practice, status, start_time, end_time, opening_cash)
     SELECT app_current_tenant(), o.shop_id, max(o.shop_name), o.cashier_user_id, max(coalesce(u.name, u.user_name)), false, 2,
            min(o.create_time) - interval '30 minutes', least(max(o.create_time) + interval '30 minutes', now()), ${OPENING_CASH}
       FROM po_order o JOIN sys_user u ON u.id = o.cashier_user_id
      WHERE NOT o.is_practice AND o.cashier_user_id IS NOT NULL
      GROUP BY o.cashier_user_id, o.shop_id, (o.create_time AT TIME ZONE app_business_tz())::date
     RETURNING class_id`,
  );
  for (const { class_id: id } of made.rows) {
    const f = await shiftFigures(tx, id);
    await tx.query(
      `UPDATE shop_class_record SET order_count = $2, sale_amount = $3, refund_count = $4, refund_amount = $5, cash_amount = $6,
              expected_cash = opening_cash + $6::numeric, counted_cash = opening_cash + $6::numeric
        WHERE class_id = $1`,
      [id, f.orderCount, f.saleAmount, f.refundCount, f.refundAmount, f.cashAmount],
    );
  }
}

/** Returns of the demo transfer a shop received (allocationDemo.ts): 1 damaged piece audited, 2 slow sellers waiting. */
async function returns(tx: Queryable, admin: AuthContext): Promise<void> {
  if ((await tx.query(`SELECT 1 FROM return_order LIMIT 1`)).rows.length) return;
  const received = (await tx.query<{ allocation_id: number }>(`SELECT allocation_id FROM wh_allocation WHERE status = 3 ORDER BY allocation_id LIMIT 1`)).rows[0];
  if (!received) return;
  const lines = (await tx.query<{ sku_id: number; in_quantity: string }>(
    `SELECT sku_id, in_quantity FROM wh_allocation_det WHERE allocation_id = $1 AND in_quantity >= 2 ORDER BY line_no`, [received.allocation_id])).rows;
  if (lines.length < 2) return;
  const c = seedDocContext('return-order', 'return-order-det');
  const route = { method: 'POST', path: 'save', action: 'docCreate' } as const;
  const damaged = await createDocument(tx, admin, c, route, {
    allocationId: received.allocation_id, reason: 2, remark: '到店时外包装破损', detList: [{ skuId: lines[0].sku_id, quantity: 1 }],
  });
  await runDocAction(tx, admin, c, c.doc.actions.find((a) => a.id === 'audit')!, damaged, {});
  await createDocument(tx, admin, c, route, {
    allocationId: received.allocation_id, reason: 1, remark: '两周未售出，退回中心仓', detList: [{ skuId: lines[1].sku_id, quantity: 2 }],
  });
}

/** shop01's leaves through 考勤审批 (deployed by processDemo.ts), and a 备用金 application's 财务 step approved by admin. */
async function leaves(tx: Queryable, admin: AuthContext, manager: AuthContext, staff: AuthContext): Promise<void> {
  if ((await tx.query(`SELECT 1 FROM attn_request LIMIT 1`)).rows.length) return;
  const shop = (await tx.query<{ shop_id: number }>(`SELECT shop_id FROM wf_shop_manager WHERE user_id = $1 ORDER BY shop_id LIMIT 1`, [manager.userId])).rows[0]?.shop_id;
  if (!shop) return;
  const day = async (offset: number) => (await tx.query<{ d: string }>(`SELECT to_char(current_date + $1::int, 'YYYY-MM-DD') AS d`, [offset])).rows[0].d;
  const c = seedDocContext('attn-request');
  const route = { method: 'POST', path: 'save', action: 'docCreate' } as const;
  const taskOf = async (businessId: string) =>
    (await tx.query<{ task_id: number; instance_id: number }>(
      `SELECT t.task_id::int, t.instance_id::int FROM wf_task t JOIN wf_instance i ON i.instance_id = t.instance_id
        WHERE i.business_id = $1 AND t.status = 0 ORDER BY t.task_id DESC LIMIT 1`, [businessId])).rows[0];
  const annual = await day(3);
  const first = await createDocument(tx, staff, c, route, {
    requestType: 1, leaveType: 3, shopId: shop, startTime: `${annual} 09:00:00`, endTime: `${annual} 18:00:00`, days: 1, reason: '年假：家中有事',
  });
  const personal = await day(6);
  const second = await createDocument(tx, staff, c, route, {
    requestType: 1, leaveType: 1, shopId: shop, startTime: `${personal} 09:00:00`, endTime: `${personal} 18:00:00`, days: 1, reason: '事假：办理证件',
  });
  const t1 = await taskOf(String(first));
  if (t1) await completeTask(tx, manager, { processInstanceId: t1.instance_id, taskId: t1.task_id, action: 'approve', comment: '同意，已安排顶班' });
  const t2 = await taskOf(String(second));
  if (t2) await transferTask(tx, manager, { taskId: t2.task_id, userId: admin.userId, comment: '本人休假，请管理员审批' });
  // A 备用金 application above 500 元: the 店长 approved it, admin took the 财务 step.
  const started = await tx.query(`SELECT 1 FROM wf_instance WHERE business_id = 'DEMO-0002'`);
  if (started.rows.length || !(await tx.query(`SELECT 1 FROM wf_definition WHERE process_key = 'pettyCash'`)).rows.length) return;
  await startProcess(tx, staff, {
    processKey: 'pettyCash', businessType: 'demo', businessId: 'DEMO-0002', title: '演示：门店备用金申请 1,200.00 元',
    variables: { amount: 1200, reason: '门店货架维修', shopId: shop },
  });
  const m = await taskOf('DEMO-0002');
  if (m) await completeTask(tx, manager, { processInstanceId: m.instance_id, taskId: m.task_id, action: 'approve', comment: '情况属实' });
  const f = await taskOf('DEMO-0002');
  if (f) await completeTask(tx, admin, { processInstanceId: f.instance_id, taskId: f.task_id, action: 'approve', comment: '同意，月底报销' });
}
