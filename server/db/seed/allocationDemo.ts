import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../index.ts';
import type { Database } from '../index.ts';
import { docFn } from '../../documents/registry.ts';
import { recordDocEvent } from '../../documents/history.ts';
import { nextDocNo } from '../../documents/numbers.ts';
import '../../domains/index.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResourceDescriptor } from '../../../core/descriptors/types.ts';
import type { DocContext } from '../../documents/context.ts';
import { runDocAction } from '../../documents/actions.ts';

/**
 * Transfers and other stock-outs in every state, made through the real domain functions (so stock, in-transit
 * and the ledger agree): from the first central warehouse to the first shop warehouses — one waiting to be
 * sent, one on its way, one received with a shortfall of 2 — and an other stock-out as a draft and confirmed.
 * Once per tenant.
 */
export async function seedAllocationDemo(db: Database, tenantId: number): Promise<void> {
  await db.tenant(tenantId, async (tx) => {
    if ((await tx.query(`SELECT 1 FROM wh_allocation LIMIT 1`)).rows.length) return;
    const central = (await tx.query<{ wh_id: number; wh_name: string }>(`SELECT wh_id, wh_name FROM wh_base_info WHERE wh_type = 1 AND status = 1 ORDER BY wh_id LIMIT 1`)).rows[0];
    const shops = (await tx.query<{ wh_id: number; wh_name: string }>(`SELECT wh_id, wh_name FROM wh_base_info WHERE wh_type = 2 AND status = 1 ORDER BY wh_id LIMIT 3`)).rows;
    const admin = (await tx.query<{ id: number; user_name: string; name: string }>(`SELECT id, user_name, name FROM sys_user WHERE user_name = 'admin'`)).rows[0];
    if (!central || shops.length < 3 || !admin) return;
    const auth: AuthContext = { tenantId, userId: admin.id, userName: admin.user_name, displayName: admin.name, shopId: null, tokenHash: '', roles: ['admin'], isAdmin: true, shops: null, fieldPerms: [] };
    const skus = (await tx.query<{ sku_id: number }>(`SELECT sku_id FROM pd_sku WHERE status = 1 ORDER BY sku_id LIMIT 12`)).rows.map((r) => r.sku_id);

    const plan: { to: (typeof shops)[number]; skus: number[]; steps: ('confirmOut' | 'confirmIn')[]; remark: string }[] = [
      { to: shops[0], skus: skus.slice(0, 3), steps: [], remark: '周一补货（待出库）' },
      { to: shops[1], skus: skus.slice(3, 7), steps: ['confirmOut'], remark: '新品铺货（在途）' },
      { to: shops[2], skus: skus.slice(7, 10), steps: ['confirmOut', 'confirmIn'], remark: '补货（收货少 2 件）' },
    ];
    for (const p of plan) {
      const no = await nextDocNo(tx, tenantId, 'DB');
      const id = (
        await tx.query<{ id: number }>(
          `INSERT INTO wh_allocation (tenant_id, allocation_no, out_wh_id, out_wh_name, in_wh_id, in_wh_name, status, remark, create_user_name)
           VALUES (app_current_tenant(), $1, $2, $3, $4, $5, 1, $6, $7) RETURNING allocation_id AS id`,
          [no, central.wh_id, central.wh_name, p.to.wh_id, p.to.wh_name, p.remark, admin.name],
        )
      ).rows[0].id;
      await tx.query(
        `INSERT INTO wh_allocation_det (tenant_id, allocation_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity)
         SELECT app_current_tenant(), $1, row_number() OVER (ORDER BY s.sku_id), s.sku_id, s.sku_code, s.sku_name, s.barcode, s.spec, s.unit, 6
           FROM pd_sku s WHERE s.sku_id = ANY($2::int[])`,
        [id, p.skus],
      );
      await tx.query(`UPDATE wh_allocation SET total_quantity = (SELECT sum(quantity) FROM wh_allocation_det WHERE allocation_id = $1) WHERE allocation_id = $1`, [id]);
      await recordDocEvent(tx, auth, { docType: 'allocation', docId: id, action: 'create', actionLabel: '创建', fromStatus: null, toStatus: 1 });
      let status = 1;
      for (const step of p.steps) {
        const { header, lines } = await readAllocation(tx, id);
        const body = step === 'confirmIn' ? { detList: [{ detId: Number(lines[0].detId), inQuantity: Number(lines[0].quantity) - 2 }] } : {};
        const result = await docFn(`allocation.${step}`)!({ tx, auth, resource: undefined as never, id, ref: { docType: 'allocation', docId: id, docNo: no }, header, lines, body });
        const to = step === 'confirmOut' ? 2 : 3;
        await tx.query(`UPDATE wh_allocation SET status = $2 WHERE allocation_id = $1`, [id, to]);
        await recordDocEvent(tx, auth, { docType: 'allocation', docId: id, action: step, actionLabel: step === 'confirmOut' ? '确认出库' : '确认收货', fromStatus: status, toStatus: to, note: result?.note });
        status = to;
      }
    }

    // The transfers' notices were for a person watching: demo data starts with an empty bell.
    await tx.query(`DELETE FROM sys_message WHERE business_type = 13`);

    // 其他出库: a damaged-goods draft and a confirmed sample withdrawal.
    const read = (name: string) => JSON.parse(readFileSync(path.resolve('schemas/resources', `${name}.json`), 'utf8')) as ResourceDescriptor;
    const outHeader = read('wh-other-stock-out');
    const otherOut: DocContext = { header: outHeader, lines: read('wh-other-stock-out-det'), doc: outHeader.document! };
    for (const [reason, confirm, remark] of [[1, false, '破损报废（待确认）'], [3, true, '门店陈列样品领用']] as const) {
      const no = await nextDocNo(tx, tenantId, 'QTCK');
      const id = (
        await tx.query<{ id: number }>(
          `INSERT INTO wh_other_stock_out (tenant_id, stock_out_no, wh_id, wh_name, reason, status, remark, create_user_name)
           VALUES (app_current_tenant(), $1, $2, $3, $4, 1, $5, $6) RETURNING stock_out_id AS id`,
          [no, central.wh_id, central.wh_name, reason, remark, admin.name],
        )
      ).rows[0].id;
      await tx.query(
        `INSERT INTO wh_other_stock_out_det (tenant_id, stock_out_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity)
         SELECT app_current_tenant(), $1, row_number() OVER (ORDER BY s.sku_id), s.sku_id, s.sku_code, s.sku_name, s.barcode, s.spec, s.unit, 2
           FROM pd_sku s WHERE s.sku_id = ANY($2::int[])`,
        [id, skus.slice(10, 12)],
      );
      await tx.query(`UPDATE wh_other_stock_out SET total_quantity = (SELECT sum(quantity) FROM wh_other_stock_out_det WHERE stock_out_id = $1) WHERE stock_out_id = $1`, [id]);
      await recordDocEvent(tx, auth, { docType: 'otherStockOut', docId: id, action: 'create', actionLabel: '创建', fromStatus: null, toStatus: 1 });
      if (!confirm) continue;
      // The confirm the users run: the descriptor's declared posting, history and status (server/documents/).
      await runDocAction(tx, auth, otherOut, otherOut.doc.actions.find((a) => a.id === 'confirm')!, id, {});
    }
  });
}

async function readAllocation(tx: Queryable, id: number) {
  const header = (
    await tx.query(`SELECT out_wh_id AS "outWhId", out_wh_name AS "outWhName", in_wh_id AS "inWhId", in_wh_name AS "inWhName" FROM wh_allocation WHERE allocation_id = $1`, [id])
  ).rows[0] as Record<string, unknown>;
  const lines = (
    await tx.query(
      `SELECT det_id AS "detId", sku_id AS "skuId", sku_name AS "skuName", quantity::float8 AS quantity, in_quantity::float8 AS "inQuantity", unit_cost::float8 AS "unitCost"
         FROM wh_allocation_det WHERE allocation_id = $1 ORDER BY line_no`,
      [id],
    )
  ).rows as Record<string, unknown>[];
  return { header, lines };
}
