import { runDocAction } from '../../documents/actions.ts';
import { createDocument } from '../../documents/writing.ts';
import type { Database, Queryable } from '../index.ts';
import { deployDefinition, startProcess } from '../../domains/process/index.ts';
import { attendanceXml, inspectXml, pettyCashXml } from '../../domains/process/index.ts';
import { seedDocContext, seedUserAuth } from './seedContext.ts';

/**
 * 审批流程 demo (tenant 1): manager01 manages the first shop, the 备用金审批 process (店长, then 财务 when the amount
 * is above 500) and 考勤审批 (店长) are deployed once, and shop01 has one application of 800 元 waiting for manager01.
 */
export async function seedProcessDemo(db: Database, tenantId: number): Promise<void> {
  if (tenantId !== 1) return;
  await db.tenant(tenantId, async (tx) => {
    const shop = (await tx.query<{ shop_id: number }>(`SELECT min(shop_id) AS shop_id FROM shop_base`)).rows[0]?.shop_id;
    const manager = await seedUserAuth(tx, tenantId, 'manager01');
    const admin = await seedUserAuth(tx, tenantId, 'admin');
    const applicant = await seedUserAuth(tx, tenantId, 'shop01');
    if (!shop || !manager || !admin || !applicant) return;
    await tx.query(`INSERT INTO wf_shop_manager(tenant_id, shop_id, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [tenantId, shop, manager.userId]);
    const deployed = await tx.query(`SELECT 1 FROM wf_definition WHERE process_key = 'pettyCash'`);
    if (!deployed.rows.length) {
      await deployDefinition(tx, admin, { bpmnXml: pettyCashXml(), businessType: 'pettyCash', description: '门店备用金：店长审批，金额大于 500 元再由财务审批' });
      await startProcess(tx, applicant, {
        processKey: 'pettyCash',
        businessType: 'demo',
        businessId: 'DEMO-0001',
        title: '演示：门店备用金申请 800.00 元',
        variables: { amount: 800, reason: '门店日常采购', shopId: shop },
      });
    }
    // 考勤审批: the shop manager approves attendance requests (attn-request); deployed once.
    if (!(await tx.query(`SELECT 1 FROM wf_definition WHERE process_key = 'attendance'`)).rows.length)
      await deployDefinition(tx, admin, { bpmnXml: attendanceXml(), businessType: 'attendance', description: '考勤申请（请假、加班、补卡、调班等）：申请人所在门店的店长审批' });
    // 巡店申请 demo: one inspection of the first shop by shop01, audited (before the process exists, so nobody's
    // 我的待办 grows): the list and its detail show something real.
    if (!(await tx.query(`SELECT 1 FROM shop_inspect_apply LIMIT 1`)).rows.length) {
      const c = seedDocContext('shop-inspect-apply', 'shop-inspect-apply-det');
      const today = (await tx.query<{ d: string }>(`SELECT to_char(current_date - 1, 'YYYY-MM-DD') AS d`)).rows[0].d;
      const id = await createDocument(tx, applicant, c, { method: 'POST', path: 'save', action: 'docCreate' }, {
        shopId: shop,
        inspectDate: today,
        remark: '例行巡店：整体良好',
        itemList: [
          { itemName: '陈列整齐', result: 1 },
          { itemName: '价签齐全', result: 2, remark: '两个价签缺失，当日补齐' },
          { itemName: '卫生清洁', result: 1 },
          { itemName: '消防通道畅通', result: 1 },
        ],
      });
      await runDocAction(tx, admin, c, c.doc.actions.find((a) => a.id === 'audit')!, id, { auditStatus: 2, auditRemark: '已核实整改' });
    }
    // 巡店审批: the inspected shop's manager confirms a shop inspection (shop-inspect-apply, /h5/inspectApply).
    if (!(await tx.query(`SELECT 1 FROM wf_definition WHERE process_key = 'inspect'`)).rows.length)
      await deployDefinition(tx, admin, { bpmnXml: inspectXml(), businessType: 'inspectApply', description: '巡店申请：被巡门店的店长确认' });
  });
}
