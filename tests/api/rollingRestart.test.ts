import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/start.ts';
import type { ServerConfig } from '../../server/config.ts';
import { roundRobinProxy, type FleetProxy } from './fleetProxy.ts';
import { BASIC, freshDatabaseConfig } from './harness.ts';

/**
 * A rolling restart under steady writes (issue 30): three servers on one PostgreSQL behind the fleet proxy, a register
 * settling sales through it without pause, and each server in turn stopped as SIGTERM stops it (close(): drain, finish
 * what is in flight, exit) and started again on its port. The register retries exactly as its offline queue does
 * (screens-custom/billing/offline.ts: no answer or a status ≥ 502 is sent again, with the same uuid). Nothing is lost
 * (every uuid sent is settled, and the answer names the order the database holds) and nothing doubled (one order, one
 * payment and one stock move per uuid; the ledger still adds up to the balances).
 */

const opts = { logger: false, sms: { sendLoginCode: async () => {} } } as const;
const O = '/api/wxy-order-server/order/settlement';
/** Two registers: one request of each is usually in flight when a server is told to stop. */
const WRITERS = 2;
const PAUSE_MS = 40;

describe.skipIf(!process.env.DATABASE_URL)('a rolling restart of three servers under steady writes (DATABASE_URL)', () => {
  const servers: RunningServer[] = [];
  let config: ServerConfig;
  let ports: number[] = [];
  let proxy: FleetProxy;
  let cleanup: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const fresh = await freshDatabaseConfig();
    cleanup = fresh.cleanup;
    // A short grace: a settlement takes milliseconds.
    config = { ...fresh.config, host: '127.0.0.1', shutdownGraceMs: 3_000 };
    for (let i = 0; i < 3; i++) servers.push(await startServer({ ...config, port: 0 }, opts));
    ports = servers.map((s) => Number(new URL(s.url).port));
    proxy = await roundRobinProxy(servers.map((s) => new URL(s.url)));
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    for (const s of servers) await s.close();
    await cleanup();
  });

  it('every sale sent is settled once: none lost, none doubled, the stock ledger adds up', async () => {
    const login = await fetch(`${proxy.url}/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123`, {
      method: 'POST',
      headers: { authorization: BASIC, 'x-tenant-id': '1' },
    });
    const token = (await login.json()).access_token as string;
    const db = () => servers[0].db;
    // The shop warehouse's three best-stocked SKUs: enough for every sale of the run, one each.
    const skus = (await db().tenant(1, (tx) => tx.query<{ shopId: number; whId: number; skuId: number; price: number }>(
      `SELECT w.shop_id AS "shopId", w.wh_id AS "whId", s.sku_id AS "skuId", s.retail_price::float8 AS price
         FROM wh_base_info w JOIN stock_balance b ON b.wh_id = w.wh_id JOIN pd_sku s ON s.sku_id = b.sku_id
        WHERE w.shop_id = (SELECT shop_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1)
          AND w.status = 1 AND s.status = 1 AND s.retail_price > 0
        ORDER BY b.on_hand - b.reserved DESC, s.sku_id LIMIT 3`,
    ))).rows;
    const whId = skus[0].whId;
    const stockOf = () =>
      db().tenant(1, async (tx) => (await tx.query<{ sku_id: number; on_hand: number; ledger: number }>(
        `SELECT b.sku_id, b.on_hand::float8 AS on_hand, (SELECT coalesce(sum(qty), 0)::float8 FROM stock_ledger l WHERE l.wh_id = b.wh_id AND l.sku_id = b.sku_id) AS ledger
           FROM stock_balance b WHERE b.wh_id = $1 AND b.sku_id = ANY($2) ORDER BY b.sku_id`,
        [whId, skus.map((k) => k.skuId)],
      )).rows);
    const lastOrder = async () => (await db().tenant(1, (tx) => tx.query<{ id: number }>(`SELECT coalesce(max(order_id), 0)::int AS id FROM po_order`))).rows[0].id;
    const stockBefore = await stockOf();
    const ordersFrom = await lastOrder();

    // The registers: each sends a sale, retries it until it is answered, then sends the next.
    const sent = new Map<string, number>(); // uuid → SKU index
    const acknowledged = new Map<string, { orderNo: string; at: number }>();
    const refused: string[] = [];
    let writing = true;
    const settle = async (uuid: string, k: number) => {
      const body = JSON.stringify({ uuid, shopId: skus[k].shopId, lines: [{ skuId: skus[k].skuId, quantity: 1 }], payments: [{ payType: 1, amount: Math.ceil(skus[k].price) }] });
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const res = await fetch(`${proxy.url}${O}`, { method: 'POST', body, headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '1', 'content-type': 'application/json' } })
          .then(async (r) => ({ status: r.status, text: await r.text() }), () => null);
        if (res && res.status < 502) {
          if (res.status === 200) acknowledged.set(uuid, { orderNo: JSON.parse(res.text).data.orderNo, at: Date.now() });
          else refused.push(`${res.status} ${res.text}`);
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const register = async (w: number) => {
      for (let n = 0; writing; n++) {
        const uuid = randomUUID();
        const k = (n * WRITERS + w) % skus.length;
        sent.set(uuid, k);
        await settle(uuid, k);
        await new Promise((r) => setTimeout(r, PAUSE_MS));
      }
    };
    const registers = Array.from({ length: WRITERS }, (_, w) => register(w));

    // The rolling restart: each server stopped as SIGTERM stops it, started again on its port, ready before the next.
    const windows: { from: number; to: number }[] = [];
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < servers.length; i++) {
      const from = Date.now();
      await servers[i].close();
      servers[i] = await startServer({ ...config, port: ports[i] }, opts);
      while (!(await fetch(`http://127.0.0.1:${ports[i]}/readyz`).then((r) => r.ok, () => false))) await new Promise((r) => setTimeout(r, 50));
      windows.push({ from, to: Date.now() });
      await new Promise((r) => setTimeout(r, 300));
    }
    writing = false;
    await Promise.all(registers);

    expect(refused).toEqual([]);
    // The writes went on through each restart (the test restarted under load, not between sales).
    for (const { from, to } of windows) expect([...acknowledged.values()].filter((a) => a.at > from && a.at < to).length).toBeGreaterThan(0);
    // Nothing lost: every uuid sent was answered with an order, the one the database holds for it.
    expect([...sent.keys()].filter((u) => !acknowledged.has(u))).toEqual([]);
    const orders = (await db().tenant(1, (tx) => tx.query<{ uuid: string; order_no: string; pays: number; moves: number }>(
      `SELECT o.client_uuid AS uuid, o.order_no,
              (SELECT count(*)::int FROM po_order_pay p WHERE p.order_id = o.order_id) AS pays,
              (SELECT count(*)::int FROM stock_ledger l WHERE l.doc_type = 'sale' AND l.doc_id = o.order_id) AS moves
         FROM po_order o WHERE o.order_id > $1`,
      [ordersFrom],
    ))).rows;
    // Nothing doubled: as many orders as uuids sent, one per uuid, each with one payment and one stock move.
    expect(orders).toHaveLength(sent.size);
    expect(new Set(orders.map((o) => o.uuid)).size).toBe(sent.size);
    for (const o of orders) {
      expect(o).toMatchObject({ order_no: acknowledged.get(o.uuid)?.orderNo, pays: 1, moves: 1 });
    }
    // The stock moved by exactly what was sold, and the ledger still adds up to the balances.
    const stockAfter = await stockOf();
    const soldOf = (skuId: number) => [...sent.values()].filter((k) => skus[k].skuId === skuId).length;
    expect(stockAfter.map((b) => ({ sku: b.sku_id, on_hand: b.on_hand, ledger: b.ledger }))).toEqual(
      stockBefore.map((b) => ({ sku: b.sku_id, on_hand: b.on_hand - soldOf(b.sku_id), ledger: b.on_hand - soldOf(b.sku_id) })),
    );
  }, 60_000);
});
