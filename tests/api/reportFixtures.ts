import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';
import type { Caller, Json } from './resourceCalls.ts';

/** Sales and targets the report tests share: made through the real settlement and target calls, then dated back. */

export interface ReportWorld {
  shopId: number;
  whId: number;
  adminId: number;
  staffId: number;
  skus: { skuId: number; retailPrice: number }[];
}

export async function reportWorld(s: TestServer): Promise<ReportWorld> {
  const q = async <T>(sql: string, params: unknown[] = []) => (await s.db.tenant(1, (tx) => tx.query(sql, params))).rows as T[];
  const wh = (await q<{ wh_id: number; shop_id: number }>(
    `SELECT w.wh_id, w.shop_id FROM wh_base_info w JOIN shop_base s ON s.shop_id = w.shop_id WHERE w.status = 1 ORDER BY w.wh_id LIMIT 1`,
  ))[0];
  const users = await q<{ id: number; user_name: string }>(`SELECT id, user_name FROM sys_user`);
  // shop01 sells at the world's shop, so it is one of the shops it works at (its reports' scope).
  await q(`INSERT INTO sys_user_shop (tenant_id, user_id, shop_id) SELECT 1, id, $1 FROM sys_user WHERE user_name = 'shop01' ON CONFLICT DO NOTHING`, [wh.shop_id]);
  const skus = await q<{ skuId: number; retailPrice: number }>(
    `SELECT s.sku_id AS "skuId", s.retail_price::float8 AS "retailPrice" FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id
      WHERE b.wh_id = $1 AND b.on_hand >= 30 AND s.status = 1 AND s.retail_price > 0 ORDER BY s.sku_id LIMIT 2`, [wh.wh_id],
  );
  return { shopId: wh.shop_id, whId: wh.wh_id, adminId: users.find((u) => u.user_name === 'admin')!.id, staffId: users.find((u) => u.user_name === 'shop01')!.id, skus };
}

/** A sale through the real settlement, then moved to `day` 10:00 (session time) and to `cashier`. */
export async function saleOn(s: TestServer, admin: Caller, w: ReportWorld, day: string, skuIdx: number, qty: number, opts: { cashier?: number; practice?: boolean; hour?: number } = {}): Promise<{ orderNo: string; amount: number }> {
  const r = await admin('POST', 'wxy-order-server/order/settlement', {
    uuid: randomUUID(), shopId: w.shopId, isPractice: opts.practice ?? false, lines: [{ skuId: w.skus[skuIdx].skuId, quantity: qty }],
    payments: [{ payType: 2, amount: Math.round(w.skus[skuIdx].retailPrice * qty * 100) / 100 }],
  });
  expect(r.status, r.body).toBe(200);
  await s.db.tenant(1, (tx) => tx.query(`UPDATE po_order SET create_time = $2::date + make_time($4, 0, 0), cashier_user_id = $3 WHERE order_no = $1`, [r.json.data.orderNo, day, opts.cashier ?? w.adminId, opts.hour ?? 10]));
  return { orderNo: r.json.data.orderNo, amount: r.json.data.payAmount };
}

/** Waits for a background job to finish (failing the test when it fails). */
export async function untilDone(caller: Caller, jobId: number): Promise<Json> {
  for (let i = 0; i < 600; i++) {
    const r = await caller('GET', `wxy-system-server/bg-job/info/${jobId}`);
    if (r.json.data?.status === 'done') return r.json.data;
    if (r.json.data?.status === 'failed') throw new Error(`job ${jobId} failed: ${r.json.data.error}`);
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`job ${jobId} never finished`);
}

/** Calls a collect-like route with `body` and waits for the job it answers. */
export async function runJob(caller: Caller, method: string, url: string, body?: unknown): Promise<Json> {
  const a = await caller(method, url, body);
  expect(a.status, a.body).toBe(200);
  expect(a.json.data).toMatchObject({ jobId: expect.any(Number), status: expect.stringMatching(/queued|running|done/) });
  return untilDone(caller, a.json.data.jobId);
}
