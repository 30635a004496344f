import type { AuthContext } from '../../context.ts';
import type { Database, Queryable } from '../index.ts';
import { docFn } from '../../documents/registry.ts';
import { recordDocEvent } from '../../documents/history.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import '../../domains/index.ts';

/**
 * Three stocktakes of shop warehouses made through the real domain functions, one in each state: 盘点中 (half
 * the lines counted, one short), 已复核 (all counted, one short: waiting to be posted) and 已过账 (a gain and a
 * loss in the ledger). Each is made once per tenant (found again by its remark).
 */
export async function seedStocktakeDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    const whs = (await tx.query<{ wh_id: number; wh_name: string }>(`SELECT wh_id, wh_name FROM wh_base_info WHERE wh_type = 2 AND status = 1 ORDER BY wh_id OFFSET 5 LIMIT 3`)).rows;
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    if (whs.length < 3 || !admin) return;
    const made: number[] = [];
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    const plans = [
      { remark: '周盘（盘点中）', to: 1 },
      { remark: '月末盘点（已过账）', to: 3 },
      { remark: '季度抽盘（已复核）', to: 2 },
    ];
    for (const [i, wh] of whs.entries()) {
      const plan = plans[i];
      if ((await tx.query(`SELECT 1 FROM wh_inventory WHERE remark = $1`, [plan.remark])).rows.length) continue;
      const posted = plan.to === 3;
      const no = await nextDocNo(tx, tenantId, 'PD');
      const id = (
        await tx.query<{ id: number }>(
          `INSERT INTO wh_inventory (tenant_id, inventory_no, wh_id, wh_name, scope, status, remark, create_user_name) VALUES (app_current_tenant(), $1, $2, $3, 2, 1, $4, $5) RETURNING inventory_id AS id`,
          [no, wh.wh_id, wh.wh_name, plan.remark, admin.name],
        )
      ).rows[0].id;
      made.push(id);
      await tx.query(
        `INSERT INTO wh_inventory_det (tenant_id, inventory_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit)
         SELECT app_current_tenant(), $1, row_number() OVER (ORDER BY b.sku_id), b.sku_id, b.sku_code, b.sku_name, b.barcode, b.spec, b.unit
           FROM (SELECT * FROM stock_balance WHERE wh_id = $2 ORDER BY sku_id LIMIT 8) b`,
        [id, wh.wh_id],
      );
      const ctx = async () => {
        const lines = (await tx.query(`SELECT det_id AS "detId", sku_id AS "skuId", line_no FROM wh_inventory_det WHERE inventory_id = $1 ORDER BY line_no`, [id])).rows as Record<string, unknown>[];
        return { tx, auth, resource: undefined as never, id, ref: { docType: 'inventory', docId: id, docNo: no }, header: { whId: wh.wh_id, whName: wh.wh_name, scope: 2 }, lines, body: {} as Record<string, unknown> };
      };
      await docFn('inventory.save')!(await ctx());
      await recordDocEvent(tx, auth, { docType: 'inventory', docId: id, action: 'create', actionLabel: '创建', fromStatus: null, toStatus: 1 });
      const c = await ctx();
      const book = await bookOf(tx, id);
      // Counted: the first lines as booked, the second one short by 1, the third one over by 2.
      const counts = c.lines.slice(0, plan.to === 1 ? 4 : 8).map((l, j) => ({ detId: Number(l.detId), quantity: Math.max(0, (book.get(Number(l.detId)) ?? 0) + (j === 1 ? -1 : j === 2 ? 2 : 0)) }));
      await docFn('inventory.count')!({ ...c, body: { detList: counts } });
      await recordDocEvent(tx, auth, { docType: 'inventory', docId: id, action: 'count', actionLabel: '保存盘点数', fromStatus: 1, toStatus: 1 });
      if (plan.to === 1) continue;
      await docFn('inventory.check')!(await ctx());
      await tx.query(`UPDATE wh_inventory SET status = 2 WHERE inventory_id = $1`, [id]);
      await recordDocEvent(tx, auth, { docType: 'inventory', docId: id, action: 'check', actionLabel: '复核', fromStatus: 1, toStatus: 2 });
      if (!posted) continue;
      await docFn('inventory.submit')!(await ctx());
      await tx.query(`UPDATE wh_inventory SET status = 3 WHERE inventory_id = $1`, [id]);
      await recordDocEvent(tx, auth, { docType: 'inventory', docId: id, action: 'submit', actionLabel: '过账', fromStatus: 2, toStatus: 3 });
    }
    // The notices were for a person watching: demo data starts with an empty bell.
    if (made.length) await tx.query(`DELETE FROM sys_message WHERE business_type IN (3, 18) AND business_id = ANY($1::text[])`, [made.map(String)]);
  });
}

async function bookOf(tx: Queryable, id: number): Promise<Map<number, number>> {
  const r = await tx.query<{ det_id: number; book: string }>(`SELECT det_id, book_quantity AS book FROM wh_inventory_det WHERE inventory_id = $1`, [id]);
  return new Map(r.rows.map((x) => [x.det_id, Number(x.book)]));
}
