import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/index.ts';
import { readSalesSummaries } from '../../server/db/salesSummaries.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Cash registers of one shop selling at the same time never wait on each other for the sales summaries (migration
 * 326: a sale only queues its delta; the summaries are folded by one writer), and the figures still count every sale
 * once it is committed. Concurrency exists only on a PostgreSQL server (PGlite runs one transaction at a time).
 */
let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('admin', 'admin123', 1);
});
afterAll(async () => {
  await s?.stop();
});

describe.skipIf(!process.env.DATABASE_URL)('sales summaries under concurrent sales (PostgreSQL server)', () => {
  it('a second register selling the same SKU of the same shop by the same cashier does not wait for the first; both count once committed', async () => {
    const { shop_id: shopId, wh_id: whId } = (await s.db.tenant(1, (tx) =>
      tx.query<{ shop_id: number; wh_id: number }>(`SELECT shop_id, wh_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`),
    )).rows[0];
    const { sku_id: skuId } = (await s.db.tenant(1, (tx) => tx.query<{ sku_id: number }>(`SELECT sku_id FROM pd_sku WHERE status = 1 ORDER BY sku_id LIMIT 1`))).rows[0];
    const { id: cashier } = (await s.db.tenant(1, (tx) => tx.query<{ id: number }>(`SELECT id FROM sys_user WHERE user_name = 'admin'`))).rows[0];
    /** A sale of 2 × 12.50 paid in cash, at this moment, written as the register's statements write it. */
    const sell = async (tx: Queryable) => {
      const o = await tx.query<{ order_id: number }>(
        `INSERT INTO po_order (tenant_id, order_no, client_uuid, shop_id, wh_id, cashier_user_id, cashier_name, total_quantity, total_amount, pay_amount, paid_amount, change_amount)
         VALUES (1, $1, $2, $3, $4, $5, '并发收银员', 2, 25, 25, 30, 5) RETURNING order_id`,
        [`CONC-${randomUUID().slice(0, 8)}`, randomUUID(), shopId, whId, cashier],
      );
      await tx.query(`INSERT INTO po_order_det (tenant_id, order_id, line_no, sku_id, quantity, unit_price, unit_cost) VALUES (1, $1, 1, $2, 2, 12.5, 7)`, [o.rows[0].order_id, skuId]);
      await tx.query(`INSERT INTO po_order_pay (tenant_id, order_id, pay_type, amount) VALUES (1, $1, 1, 30)`, [o.rows[0].order_id]);
    };
    const shopToday = async () => {
      const r = await s.call('POST', '/api/wxy-order-server/po-shop-sale/list', { token, tenant: 1, body: {} });
      expect(r.statusCode, r.body).toBe(200);
      const rec = r.json().data.records.find((x: { shopId: number }) => x.shopId === shopId);
      return { sale: Math.round((rec?.saleAmount ?? 0) * 100), orders: rec?.orderCount ?? 0, items: rec?.itemCount ?? 0 };
    };
    const before = await shopToday();

    // Register A sells and stays in its transaction (the payment screen still open) ...
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let sold!: () => void;
    const aSold = new Promise<void>((r) => (sold = r));
    const a = s.db.tenant(1, async (tx) => {
      await sell(tx);
      sold();
      await held;
    });
    await aSold;
    try {
      // ... register B sells the same SKU at the same shop, hour and payment method, by the same cashier, and commits
      // while A is still open. Before 326 its summary upsert waited for A's commit (here: the lock timeout's error).
      await s.db.tenant(1, async (tx) => {
        await tx.query(`SET LOCAL lock_timeout = '10s'`);
        await sell(tx);
      });
      // A report read meanwhile (it folds first) does not wait for A either, and counts B's sale, not A's uncommitted one.
      const during = await shopToday();
      expect(during).toEqual({ sale: before.sale + 2500, orders: before.orders + 1, items: before.items + 2 });
    } finally {
      release();
      await a;
    }
    expect(await shopToday()).toEqual({ sale: before.sale + 5000, orders: before.orders + 2, items: before.items + 4 });

    // And the summaries, folded, equal the orders: the shop's day per cashier, its payments, its SKU lines.
    const rows = await s.db.tenant(1, async (tx) => {
      await tx.query(`SELECT sales_summary_fold()`);
      return (await tx.query<{ summary: string; orders: string }>(
        `SELECT (SELECT json_build_object('n', sum(orders), 'amount', sum(amount), 'qty', sum(qty), 'cost', sum(cost))::text FROM po_sales_day
                  WHERE shop_id = $1 AND day = current_date AND sign = 1 AND cashier_name = '并发收银员') AS summary,
                (SELECT json_build_object('n', count(*), 'amount', sum(o.pay_amount), 'qty', sum(d.quantity), 'cost', sum(d.quantity * d.unit_cost))::text
                   FROM po_order o JOIN po_order_det d ON d.order_id = o.order_id WHERE o.shop_id = $1 AND o.cashier_name = '并发收银员') AS orders`,
        [shopId],
      )).rows[0];
    });
    expect(JSON.parse(rows.summary)).toEqual({ n: 2, amount: 50, qty: 4, cost: 28 });
    expect(JSON.parse(rows.orders)).toEqual({ n: 2, amount: 50, qty: 4, cost: 28 });
    const pays = await s.db.tenant(1, async (tx) => {
      await tx.query(`SELECT sales_summary_fold()`);
      return (await tx.query<{ n: number; amount: string }>(
        `SELECT sum(n)::int AS n, sum(amount)::text AS amount FROM po_sales_day_pay WHERE shop_id = $1 AND day = current_date AND pay_type = 1 AND sign = 1`, [shopId],
      )).rows[0];
    });
    const truth = (await s.db.tenant(1, (tx) => tx.query<{ n: number; amount: string }>(
      `SELECT count(*)::int AS n, sum(y.amount - o.change_amount)::text AS amount FROM po_order o JOIN po_order_pay y ON y.order_id = o.order_id
        WHERE o.shop_id = $1 AND NOT o.is_practice AND o.status IN (1, 2) AND (o.create_time AT TIME ZONE app_business_tz())::date = current_date AND y.pay_type = 1`, [shopId],
    ))).rows[0];
    expect({ n: pays.n, amount: Number(pays.amount) }).toEqual({ n: truth.n, amount: Number(truth.amount) });
  });

  it("a report's statements read one snapshot: a fold committed between two of them shows in neither", async () => {
    const ordersToday = (tx: Queryable) =>
      tx.query<{ n: number }>(`SELECT coalesce(sum(orders), 0)::int AS n FROM po_sales_day WHERE day = current_date AND sign = 1`).then((r) => r.rows[0].n);
    let between!: () => void;
    const firstRead = new Promise<void>((r) => (between = r));
    let foldDone!: () => void;
    const folded = new Promise<void>((r) => (foldDone = r));
    const report = readSalesSummaries(
      (fn, opts) => s.db.tenant(1, fn, opts),
      async (tx) => {
        const first = await ordersToday(tx);
        between();
        await folded;
        return { first, second: await ordersToday(tx) };
      },
    );
    await firstRead;
    // What the periodic fold does meanwhile: it adds a sale's delta into the summary and commits.
    await s.db.tenant(1, (tx) =>
      tx.query(`UPDATE po_sales_day SET orders = orders + 1 WHERE ctid = (SELECT ctid FROM po_sales_day WHERE day = current_date AND sign = 1 LIMIT 1)`),
    );
    foldDone();
    const { first, second } = await report;
    expect(second).toBe(first);
    expect(await s.db.tenant(1, ordersToday)).toBe(first + 1);
  });
});
