/**
 * Document benches (issue 12), on PGlite and on the PostgreSQL server when one answers (a throwaway database):
 * - confirmout: transfers of 1 and 10 lines confirmed out through the API against a fair hand-written baseline
 *   (see confirmOut below); then zero negative balances and on_hand = Σ ledger are checked.
 * - settlement: cash-register sales of 3 lines over 100 hot SKUs of one shop warehouse by 50 concurrent registers
 *   through the API (server pricing, payments, stock out, exactly once per uuid), against the same writes in plain
 *   SQL (order, lines, payment, guarded balance updates in key order, ledger rows) with the same concurrency; then
 *   zero negative balances, no duplicate orders, on_hand = Σ ledger.
 * - stocktake: posting (submit) a counted stocktake of BENCH_STOCKTAKE_LINES lines (default 10,000; a third of them
 *   differ) through the API, against the same posting of an identical stocktake in plain set-based SQL (header
 *   lock, balance locks, guarded update, ledger rows, status); median of BENCH_STOCKTAKE_ROUNDS (default 3).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sqlTrace } from '../../server/db/index.ts';
import { docNumberStepSql } from '../../server/documents/numbers.ts';
import { usersWithPerm } from '../../server/permissions.ts';
import { type BenchServer, onBothBackends } from './backends.ts';
import { runCallers } from './httpCallers.ts';
import { seedStock } from './stockPage.ts';

const BASIC = `Basic ${Buffer.from('wxy-admin:wxy-admin-secret').toString('base64')}`;
const PORT = Number(process.env.BENCH_PORT || 18186);

type Server = BenchServer;

/** admin's request headers (a fresh login). */
async function adminHeaders(server: Server): Promise<Record<string, string>> {
  const login = await fetch(`${server.url}/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123`, { method: 'POST', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  return { authorization: `Bearer ${token}`, 'x-tenant-id': '1', 'content-type': 'application/json' };
}

async function session(server: Server) {
  const headers = await adminHeaders(server);
  return async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/wxy-warehouse-server/${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
    if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
    return json.data;
  };
}

async function pool<T>(items: T[], workers: number, fn: (item: T) => Promise<void>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: workers }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
  return performance.now() - t0;
}

/**
 * Confirm-out bench (issue 29): for each line count in BENCH_CONFIRM_LINES (default "1,10"), BENCH_CONFIRM_DOCS
 * transfers (default 400) over 100 hot SKUs confirmed out by 50 concurrent callers through the API, against a fair
 * baseline: the same writes one confirm-out makes (status compare-and-set with the header's stamps, guarded balance
 * updates at both warehouses in key order, a ledger row per move, the line cost, the header total, the event row, a
 * message row per receiver), hand-written as one transaction of few statements, by 50 callers over the server's own
 * pool (PG_POOL_SIZE, default 10). The baseline's statements are sent unnamed, as hand-written SQL would be.
 * First, the profile of one confirm-out through the API (WXY_SQL_TRACE): transactions, round trips and statements.
 *
 * Figures (2 cores shared with other work, so compare ratios, not rates; 400 docs), docs/s API | baseline:
 *   before (main 7014c4a): 3 transactions, 19 round trips a confirm-out (PGlite 3 and 24);
 *     PostgreSQL server 1 line 62 | 338 (0.18x), 10 lines 57 | 212 (0.27x); PGlite 1 line 38 | 164 (0.23x), 10 lines 33 | 117 (0.28x).
 *   after (issue 29): 2 transactions, 9 round trips (session check; BEGIN; lock header; read lines; message rows for the
 *     permission's holders; missing balance rows; posting; line costs + header total; status + event + the answer's reads
 *     + COMMIT), the posting's statements prepared, no unread count in the transaction;
 *     PostgreSQL server 1 line 75 | 304 (0.25x), 10 lines 74 | 193 (0.39x); PGlite 1 line 32 | 154 (0.21x), 10 lines 40 | 107 (0.38x).
 *   Both runs at a load average of 7-11 on 2 cores: a write commit took ~10 ms (fsync), a sequential confirm-out ~30 ms.
 *   then (session 2026-11-28 (5)): 2 transactions, 4 round trips (session check; BEGIN + locked header + lines; posting,
 *     which makes missing balance rows only when one is missing; the later writes — notice, line costs, stamps — with
 *     status + event + the answer's reads + COMMIT), and the callers on a thread of their own (httpCallers.ts);
 *     at a load average of 12-17 (three other sessions building and testing): PostgreSQL server 1 line 36 | 170 (0.21x)
 *     before, 47-54 | 150-202 (0.25-0.31x) after; 10 lines 32-37 | 109-110 (0.29-0.33x). The server's event loop is
 *     busy the whole run and a third of its time is socket writes (to PostgreSQL and the answers): on a quiet machine
 *     the figures of the lines above are the ones to compare.
 */
async function confirmOut(label: string, server: Server): Promise<void> {
  const docs = Number(process.env.BENCH_CONFIRM_DOCS || 400);
  const lineCounts = (process.env.BENCH_CONFIRM_LINES || '1,10').split(',').map(Number);
  const api = await session(server);
  const callerHeaders = await adminHeaders(server);
  const [src, dst] = (await server.db.tenant(1, (tx) => tx.query<{ wh_id: number }>(`SELECT wh_id FROM wh_base_info WHERE wh_code IN ('BW1', 'BW2') ORDER BY wh_code`))).rows.map((r) => r.wh_id);
  const hot = (await server.db.tenant(1, (tx) => tx.query<{ sku_id: number }>(`SELECT sku_id FROM pd_sku WHERE sku_code LIKE 'BK%' ORDER BY sku_id LIMIT 100`))).rows.map((r) => r.sku_id);
  const receivers = await server.db.tenant(1, (tx) => usersWithPerm(tx, 'wh:allotIn:list'));
  // Plenty of the hot SKUs at the source, posted as an opening document so on_hand = Σ ledger holds.
  await server.db.tenant(1, async (tx) => {
    await tx.query(`UPDATE stock_balance SET on_hand = on_hand + 1000000 WHERE wh_id = $1 AND sku_id = ANY($2::int[])`, [src, hot]);
    await tx.query(
      `INSERT INTO stock_ledger (tenant_id, wh_id, sku_id, doc_type, doc_id, doc_no, qty, unit_cost, amount, on_hand_after)
       SELECT 1, wh_id, sku_id, 'otherStockIn', 0, 'BENCH-TOPUP', 1000000, 5.5, 5500000, on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = ANY($2::int[])`,
      [src, hot],
    );
  });
  const make = async (n: number, lineCount: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const lines = Array.from({ length: lineCount }, (_, j) => ({ skuId: hot[(i * 7 + j * 13) % hot.length], quantity: 1 + ((i + j) % 3) }));
      const uniq = [...new Map(lines.map((l) => [l.skuId, l])).values()];
      ids.push(Number((await api('POST', 'wh-allocation/add', { outWhId: src, inWhId: dst, detList: uniq })).allocationId));
    }
    return ids;
  };
  // The baseline: one confirm-out's writes, hand-written.
  const rawConfirmOut = (id: number) =>
    server.db.tenant(1, async (tx) => {
      const h = await tx.query<{ allocation_no: string }>(
        `UPDATE wh_allocation SET status = 2, out_time = now(), out_user_name = '压测' WHERE allocation_id = $1 AND status = 1 RETURNING allocation_no`,
        [id],
      );
      if (!h.rows.length) throw new Error('status changed');
      const lines = (await tx.query<{ det_id: number; sku_id: number; quantity: string }>(`SELECT det_id, sku_id, quantity FROM wh_allocation_det WHERE allocation_id = $1 ORDER BY sku_id`, [id])).rows;
      const moves = [src, dst].flatMap((wh) => lines.map((l) => ({ wh, sku: l.sku_id, det: l.det_id, qty: wh === src ? -Number(l.quantity) : 0, transit: wh === dst ? Number(l.quantity) : 0 })));
      const posted = await tx.query(
        `WITH k AS (SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::numeric[], $5::numeric[]) AS k(wh_id, sku_id, det_id, qty, transit)),
         l AS MATERIALIZED (SELECT b.wh_id, b.sku_id FROM stock_balance b JOIN k ON b.wh_id = k.wh_id AND b.sku_id = k.sku_id ORDER BY b.wh_id, b.sku_id FOR UPDATE OF b),
         up AS (UPDATE stock_balance b SET on_hand = b.on_hand + k.qty, in_transit = b.in_transit + k.transit, update_time = now()
                  FROM k WHERE b.wh_id = k.wh_id AND b.sku_id = k.sku_id AND b.on_hand + k.qty - b.reserved >= 0
                RETURNING b.wh_id, b.sku_id, b.on_hand, b.avg_cost, b.wh_name, b.sku_code, b.sku_name, k.qty, k.transit, k.det_id)
         INSERT INTO stock_ledger (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, doc_type, doc_id, doc_no, line_id, qty, in_transit_delta, unit_cost, amount, on_hand_after)
         SELECT 1, wh_id, sku_id, wh_name, sku_code, sku_name, 'allocation', $6, $7, det_id, qty, transit, avg_cost, round(qty * avg_cost, 2), on_hand FROM up
         RETURNING line_id, unit_cost, qty`,
        [moves.map((m) => m.wh), moves.map((m) => m.sku), moves.map((m) => m.det), moves.map((m) => m.qty), moves.map((m) => m.transit), id, h.rows[0].allocation_no],
      );
      if (posted.rowCount !== moves.length) throw new Error('short');
      const out = (posted.rows as { line_id: number; unit_cost: string; qty: string }[]).filter((r) => Number(r.qty) < 0);
      await tx.query(
        `WITH c AS (UPDATE wh_allocation_det d SET unit_cost = x.c FROM unnest($2::int[], $3::numeric[]) AS x(det_id, c) WHERE d.det_id = x.det_id AND d.allocation_id = $1 RETURNING d.amount)
         UPDATE wh_allocation SET total_amount = (SELECT coalesce(sum(amount), 0) FROM c) WHERE allocation_id = $1`,
        [id, out.map((r) => r.line_id), out.map((r) => r.unit_cost)],
      );
      await tx.query(
        `WITH e AS (INSERT INTO doc_event (tenant_id, doc_type, doc_id, action, action_label, from_status, to_status, user_name) VALUES (1, 'allocation', $1, 'confirmOut', '确认出库', 1, 2, '压测'))
         INSERT INTO sys_message (tenant_id, user_id, queue, business_type, business_id, message_type_info, notice_template_info)
         SELECT 1, u, 'user-message', 13, $1::text, '调拨在途', '调拨单 ' || $2 || ' 已出库' FROM unnest($3::int[]) AS u`,
        [id, h.rows[0].allocation_no, receivers],
      );
    });
  // The profile of one confirm-out through the API (a document of its own, before the timed runs).
  const [probe] = await make(1, 10);
  sqlTrace.statements = [];
  const [t0, r0] = [sqlTrace.transactions, sqlTrace.roundTrips];
  sqlTrace.recording = true;
  await api('PUT', `wh-allocation/confirm-out/${probe}`, {});
  sqlTrace.recording = false;
  console.log(`\n## One confirm-out of 10 lines through the API (${label}): ${sqlTrace.transactions - t0} transactions, ${sqlTrace.roundTrips - r0} round trips`);
  for (const st of sqlTrace.statements) console.log(`  ${st.slice(0, 150)}`);
  const rate = (n: number, t: number) => (n / (t / 1000)).toFixed(0);
  for (const lineCount of lineCounts) {
    const apiDocs = await make(docs, lineCount);
    const rawDocs = await make(docs, lineCount);
    // The callers on a thread of their own, as browsers are elsewhere (httpCallers.ts).
    const apiMs = await runCallers(apiDocs.map((id) => ({ method: 'PUT', url: `${server.url}/api/wxy-warehouse-server/wh-allocation/confirm-out/${id}`, headers: callerHeaders, body: '{}' })), 50);
    const rawMs = await pool(rawDocs, 50, rawConfirmOut);
    const check = await server.db.tenant(1, (tx) =>
      tx.query<{ neg: number; off: number }>(
        `SELECT (SELECT count(*)::int FROM stock_balance WHERE on_hand < 0 OR in_transit < 0) AS neg,
                (SELECT count(*)::int FROM stock_balance b WHERE b.wh_id = $1 AND b.sku_id = ANY($2::int[])
                   AND b.on_hand <> (SELECT sum(qty) FROM stock_ledger l WHERE l.wh_id = b.wh_id AND l.sku_id = b.sku_id)) AS off`,
        [src, hot],
      ),
    );
    console.log(`\n## Transfers confirmed out, ${docs} documents x ${lineCount} line(s) over 100 hot SKUs, 50 concurrent callers (${label})`);
    console.log(
      `API ${rate(docs, apiMs)} docs/s (${(apiMs / docs).toFixed(1)} ms each) | baseline (same writes, one hand-written transaction) ${rate(docs, rawMs)} docs/s  ` +
        `(API at ${(rawMs / apiMs).toFixed(2)}x the baseline's rate; target >= 0.6x); negative balances: ${check.rows[0].neg}; on_hand <> Σ ledger: ${check.rows[0].off}`,
    );
  }
}

async function settlement(label: string, server: Server): Promise<void> {
  const sales = Number(process.env.BENCH_SALES || 400);
  const login = await fetch(`${server.url}/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123`, { method: 'POST', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': '1', 'content-type': 'application/json' };
  const { shop_id: shopId, wh_id: whId } = (await server.db.tenant(1, (tx) => tx.query<{ shop_id: number; wh_id: number }>(`SELECT shop_id, wh_id FROM wh_base_info WHERE shop_id IS NOT NULL AND status = 1 ORDER BY wh_id LIMIT 1`))).rows[0];
  const hot = (await server.db.tenant(1, (tx) => tx.query<{ sku_id: number; price: string }>(
    // Not 批次管理: the top-up below adds units to the SKU's balance, not to any lot.
    `SELECT s.sku_id, s.retail_price AS price FROM stock_balance b JOIN pd_sku s ON s.sku_id = b.sku_id WHERE b.wh_id = $1 AND s.status = 1 AND s.retail_price > 0 AND NOT s.lot_managed ORDER BY s.sku_id LIMIT 100`, [whId],
  ))).rows;
  await server.db.tenant(1, async (tx) => {
    await tx.query(`UPDATE stock_balance SET on_hand = on_hand + 1000000 WHERE wh_id = $1 AND sku_id = ANY($2::int[])`, [whId, hot.map((h) => h.sku_id)]);
    await tx.query(
      `INSERT INTO stock_ledger (tenant_id, wh_id, sku_id, doc_type, doc_id, doc_no, qty, unit_cost, amount, on_hand_after)
       SELECT 1, wh_id, sku_id, 'otherStockIn', 0, 'BENCH-TOPUP', 1000000, 5.5, 5500000, on_hand FROM stock_balance WHERE wh_id = $1 AND sku_id = ANY($2::int[])`,
      [whId, hot.map((h) => h.sku_id)],
    );
  });
  const cart = (i: number) => [0, 1, 2].map((j) => hot[(i * 7 + j * 31) % hot.length]).map((h, j) => ({ skuId: h.sku_id, quantity: 1 + ((i + j) % 2), price: Number(h.price) }));
  // The profile of one sale through the API, before the timed runs.
  sqlTrace.statements = [];
  const [t0, r0] = [sqlTrace.transactions, sqlTrace.roundTrips];
  sqlTrace.recording = true;
  const probe = await fetch(`${server.url}/api/wxy-order-server/order/settlement`, {
    method: 'POST', headers, body: JSON.stringify({ uuid: randomUUID(), shopId, lines: cart(0), payments: [{ payType: 1, amount: 99999 }] }),
  });
  sqlTrace.recording = false;
  if (((await probe.json()) as { code: number }).code !== 200) throw new Error('settlement probe failed');
  console.log(`\n## One 3-line sale through the API (${label}): ${sqlTrace.transactions - t0} transactions, ${sqlTrace.roundTrips - r0} round trips`);
  for (const st of sqlTrace.statements) console.log(`  ${st.slice(0, 150)}`);
  // The registers on a thread of their own, as they are elsewhere (httpCallers.ts).
  const apiMs = await runCallers(
    [...Array(sales).keys()].map((i) => ({
      method: 'POST', url: `${server.url}/api/wxy-order-server/order/settlement`, headers,
      body: JSON.stringify({ uuid: randomUUID(), shopId, lines: cart(i), payments: [{ payType: 1, amount: 99999 }] }),
    })),
    50,
  );
  // The baseline: the same writes as one API sale by the shortest honest path, over the same pool — the day's number
  // in a statement of its own (committed without waiting for the disk, as the API's), then one transaction: the order
  // with its shop, cashier and totals; its lines (names copied from the SKU) and payment in one statement; the stock
  // out of the shop's warehouse with its balance rows locked in key order, the guarded update and a ledger row per
  // line at the moving-average cost with the balance after (one statement); the lines' cost from the ledger with the COMMIT. The
  // sales-summary triggers fire on both paths alike. Without the API: no session check, no pricing reads, no answer.
  const shopName = (await server.db.tenant(1, (tx) => tx.query<{ shop_name: string }>(`SELECT shop_name FROM shop_base WHERE shop_id = $1`, [shopId]))).rows[0].shop_name;
  const rawMs = await pool([...Array(sales).keys()], 50, async (i) => {
    const lines = cart(i).sort((a, b) => a.skuId - b.skuId);
    const totalFen = lines.reduce((a, l) => a + Math.round(l.price * 100) * l.quantity, 0);
    const total = totalFen / 100;
    const num = (await server.db.tenantStatement<{ day: string; n: number }>(1,
      `${docNumberStepSql('1', `'RW'`, 'true')}`.replace('RETURNING', `RETURNING set_config('synchronous_commit', 'off', true) AS async_commit,`), [])).rows[0];
    await server.db.tenant(1, async (tx) => {
      const o = await tx.query<{ order_id: number }>(
        `INSERT INTO po_order (tenant_id, order_no, client_uuid, shop_id, shop_name, wh_id, is_practice, total_quantity, total_amount, pay_amount, paid_amount, change_amount,
                               cashier_user_id, cashier_name, points_earned, coupon_amount, promotion_amount, full_reduction_amount, request_digest, create_time)
         VALUES (1, $1, $2, $3, $4, $5, false, $6, $7::numeric, $7::numeric, 99999, 99999 - $7::numeric, 1, '管理员', 0, 0, 0, 0, $8, now()) RETURNING order_id`,
        [`RW${num.day}-${String(num.n).padStart(4, '0')}`, randomUUID(), shopId, shopName, whId, lines.reduce((a, l) => a + l.quantity, 0), total, randomUUID()],
      );
      const id = o.rows[0].order_id;
      await tx.query(
        `WITH d AS (
           INSERT INTO po_order_det (tenant_id, order_id, line_no, sku_id, sku_code, sku_name, barcode, spec, unit, quantity, unit_price, promotion_amount, is_gift)
           SELECT 1, $1, x.n, s.sku_id, s.sku_code, s.sku_name, s.barcode, s.spec, s.unit, x.q, x.p, 0, false
             FROM unnest($2::int[], $3::numeric[], $4::numeric[]) WITH ORDINALITY AS x(sku, q, p, n) JOIN pd_sku s ON s.sku_id = x.sku ORDER BY x.n RETURNING 1)
         INSERT INTO po_order_pay (tenant_id, order_id, pay_type, amount) SELECT 1, $1, 1, 99999 WHERE (SELECT count(*) FROM d) = $5`,
        [id, lines.map((l) => l.skuId), lines.map((l) => l.quantity), lines.map((l) => l.price), lines.length],
      );
      const posted = await tx.query(
        `WITH k AS (SELECT * FROM unnest($2::int[], $3::numeric[]) WITH ORDINALITY AS k(sku_id, qty, n)),
         l AS MATERIALIZED (SELECT b.sku_id FROM stock_balance b JOIN k ON b.wh_id = $1 AND b.sku_id = k.sku_id ORDER BY b.wh_id, b.sku_id FOR UPDATE OF b),
         up AS (
           UPDATE stock_balance b SET on_hand = b.on_hand - k.qty, update_time = now() FROM k
            WHERE b.wh_id = $1 AND b.sku_id = k.sku_id AND b.on_hand - k.qty - b.reserved >= 0 AND (SELECT count(*) FROM l) > 0
           RETURNING b.sku_id, b.on_hand, b.avg_cost, b.wh_name, b.sku_code, b.sku_name)
         INSERT INTO stock_ledger (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, doc_type, doc_id, doc_no, line_id, qty, unit_cost, amount, on_hand_after, create_user_id, create_user_name)
         SELECT 1, $1, k.sku_id, up.wh_name, up.sku_code, up.sku_name, 'sale', $4, $5, d.det_id, -k.qty, up.avg_cost, round(-k.qty * up.avg_cost, 2), up.on_hand, 1, '管理员'
           FROM k JOIN up ON up.sku_id = k.sku_id JOIN po_order_det d ON d.order_id = $4 AND d.line_no = k.n
          WHERE (SELECT count(*) FROM up) = $6 RETURNING 1`,
        [whId, lines.map((l) => l.skuId), lines.map((l) => l.quantity), id, `RW-${id}`, lines.length],
      );
      if (posted.rowCount !== lines.length) throw new Error('short');
      // The lines' cost and the COMMIT in one round trip, as the API sends them.
      await tx.batch([{ sql: `UPDATE po_order_det d SET unit_cost = l.unit_cost FROM stock_ledger l WHERE l.doc_type = 'sale' AND l.doc_id = $1 AND l.line_id = d.det_id AND d.order_id = $1`, params: [id] }], { commit: true });
    });
  });
  const check = await server.db.tenant(1, (tx) =>
    tx.query<{ neg: number; off: number; dup: number }>(
      `SELECT (SELECT count(*)::int FROM stock_balance WHERE on_hand < 0) AS neg,
              (SELECT count(*)::int - count(DISTINCT client_uuid)::int FROM po_order) AS dup,
              (SELECT count(*)::int FROM stock_balance b WHERE b.wh_id = $1 AND b.sku_id = ANY($2::int[])
                 AND b.on_hand <> (SELECT sum(qty) FROM stock_ledger l WHERE l.wh_id = b.wh_id AND l.sku_id = b.sku_id)) AS off`,
      [whId, hot.map((h) => h.sku_id)],
    ),
  );
  const rate = (n: number, t: number) => (n / (t / 1000)).toFixed(0);
  console.log(`\n## Register settlements, ${sales} sales x 3 lines over 100 hot SKUs of one shop, 50 concurrent registers (${label})`);
  console.log(
    `API ${rate(sales, apiMs)} sales/s (${(apiMs / sales).toFixed(1)} ms each) | same writes in plain SQL ${rate(sales, rawMs)} sales/s (API at ${(rawMs / apiMs).toFixed(2)}x the baseline's rate; target >= 0.6x); negative balances: ${check.rows[0].neg}; duplicate orders: ${check.rows[0].dup}; on_hand <> Σ ledger: ${check.rows[0].off}`,
  );
}

async function stocktake(label: string, server: Server): Promise<void> {
  const n = Number(process.env.BENCH_STOCKTAKE_LINES || 10_000);
  const rounds = Number(process.env.BENCH_STOCKTAKE_ROUNDS || 3);
  const api = await session(server);
  const wh = (await server.db.tenant(1, (tx) => tx.query<{ wh_id: number }>(`SELECT wh_id FROM wh_base_info WHERE wh_code = 'BW5'`))).rows[0].wh_id;
  const skus = (await server.db.tenant(1, (tx) => tx.query<{ sku_id: number }>(`SELECT sku_id FROM pd_sku WHERE sku_code LIKE 'BK%' ORDER BY sku_id LIMIT $1`, [n]))).rows.map((r) => r.sku_id);
  /** A stocktake of the n SKUs, every line counted, every third one a gain of 1, checked: ready to post. */
  const prepare = async () => {
    const doc = await api('POST', 'wh-inventory/add', { whId: wh, detList: skus.map((skuId) => ({ skuId })) });
    const lines = doc.detList as { detId: number; bookQuantity: number }[];
    await api('POST', 'wh-inventory/check-num', { inventoryId: doc.inventoryId, detList: lines.map((l, i) => ({ detId: l.detId, quantity: Math.max(0, l.bookQuantity + (i % 3 === 0 ? 1 : 0)) })) });
    await api('PUT', `wh-inventory/check/${doc.inventoryId}`, {});
    return Number(doc.inventoryId);
  };
  // The baseline: the same posting of a stocktake prepared the same way, in plain set-based SQL in one tenant
  // transaction (lock the header in its status, lock the balance rows in key order, guarded balance update,
  // ledger rows with the balance after, header status), without the document layer, the API and its answer.
  const rawSubmit = (id: number) =>
    server.db.tenant(1, async (tx) => {
      const h = await tx.query<{ inventory_no: string }>(`SELECT inventory_no FROM wh_inventory WHERE inventory_id = $1 AND status = 2 FOR UPDATE`, [id]);
      if (!h.rows.length) throw new Error('status changed');
      await tx.query(
        `SELECT 1 FROM stock_balance b JOIN wh_inventory_det d ON d.inventory_id = $1 AND d.diff_quantity <> 0 AND b.wh_id = $2 AND b.sku_id = d.sku_id
          ORDER BY b.wh_id, b.sku_id FOR UPDATE OF b`,
        [id, wh],
      );
      const up = await tx.query(
        `UPDATE stock_balance b SET on_hand = b.on_hand + d.diff_quantity, update_time = now()
           FROM wh_inventory_det d WHERE d.inventory_id = $1 AND d.diff_quantity <> 0 AND b.wh_id = $2 AND b.sku_id = d.sku_id AND b.on_hand + d.diff_quantity - b.reserved >= 0`,
        [id, wh],
      );
      const ins = await tx.query(
        `INSERT INTO stock_ledger (tenant_id, wh_id, sku_id, wh_name, sku_code, sku_name, doc_type, doc_id, doc_no, line_id, qty, unit_cost, amount, on_hand_after)
         SELECT 1, b.wh_id, b.sku_id, b.wh_name, b.sku_code, b.sku_name, 'inventory', $1::int, $3, d.det_id, d.diff_quantity, b.avg_cost, round(d.diff_quantity * b.avg_cost, 2), b.on_hand
           FROM wh_inventory_det d JOIN stock_balance b ON b.wh_id = $2 AND b.sku_id = d.sku_id WHERE d.inventory_id = $1 AND d.diff_quantity <> 0`,
        [id, wh, h.rows[0].inventory_no],
      );
      if (up.rowCount !== ins.rowCount) throw new Error('short');
      await tx.query(`UPDATE wh_inventory SET status = 3, submit_time = now() WHERE inventory_id = $1`, [id]);
    });
  const apiTimes: number[] = [];
  const rawTimes: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Each posted before the next is prepared: a SKU is in one open stocktake of a warehouse at a time.
    const a = await prepare();
    let t0 = performance.now();
    await api('PUT', `wh-inventory/submit/${a}`, {});
    apiTimes.push(performance.now() - t0);
    const b = await prepare();
    t0 = performance.now();
    await rawSubmit(b);
    rawTimes.push(performance.now() - t0);
  }
  const check = await server.db.tenant(1, (tx) =>
    tx.query<{ off: number; neg: number }>(
      `SELECT (SELECT count(*)::int FROM stock_balance b WHERE b.wh_id = $1 AND b.on_hand <> (SELECT sum(qty) FROM stock_ledger l WHERE l.wh_id = b.wh_id AND l.sku_id = b.sku_id)) AS off,
              (SELECT count(*)::int FROM stock_balance WHERE on_hand < 0) AS neg`,
      [wh],
    ),
  );
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const [apiMs, rawMs] = [med(apiTimes), med(rawTimes)];
  console.log(`\n## Stocktake of ${n.toLocaleString('en')} counted lines posted, ${Math.ceil(n / 3).toLocaleString('en')} differences, median of ${rounds} (${label})`);
  console.log(
    `API submit ${apiMs.toFixed(0)} ms (runs ${apiTimes.map((t) => t.toFixed(0)).join(', ')}) | plain SQL ${rawMs.toFixed(0)} ms (runs ${rawTimes.map((t) => t.toFixed(0)).join(', ')})  ` +
      `(${(apiMs / rawMs).toFixed(2)}x the plain SQL; target < 2 s on the server); on_hand <> Σ ledger: ${check.rows[0].off}; negative balances: ${check.rows[0].neg}`,
  );
}

/** The documents benches start from `skus` SKUs in stock. */
const onBoth = (fn: (label: string, server: Server) => Promise<void>, skus: number) =>
  onBothBackends('docs', PORT, async (label, server) => {
    await seedStock(server.db, skus);
    await fn(label, server);
  });

export const benchConfirmOut = () => {
  // Counts transactions and round trips (the profile above); read when the server opens its database.
  process.env.WXY_SQL_TRACE = '1';
  return onBoth(confirmOut, 2_000);
};
export const benchSettlement = () => {
  process.env.WXY_SQL_TRACE = '1';
  return onBoth(settlement, 2_000);
};
export const benchStocktake = () => onBoth(stocktake, Number(process.env.BENCH_STOCKTAKE_LINES || 10_000));
