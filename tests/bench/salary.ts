/**
 * Salary bench (issue 15): a month's salary refresh of BENCH_SALARY_PEOPLE (default 1,000) people over a month of
 * their orders (BENCH_SALARY_ORDERS_PER_DAY each, default 3, so about 90,000 orders), their clock-ins (22 days each)
 * and some approved half-day leaves, on the PostgreSQL server when one answers (a throwaway database; PGlite too
 * with BENCH_SALARY_PGLITE=1). The refresh runs as the background job runs it (the people in chunks of 200, each
 * chunk computed in one query, then written with the month's detail lines); the baseline is the raw aggregate SQL
 * of the same month (orders, refunds and clock days grouped by person in one statement), timed in the same run.
 * Then the written month is checked against the raw figures: every person once, sales equal to the fen.
 *
 *   node --import tsx tests/bench/salary.ts      (BENCH_PORT, default 18099)
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { computePeople, peopleOfMonth, writePeople, type PersonMonth } from '../../server/domains/salary/month.ts';
import { startServer } from '../../server/start.ts';
import { onBothBackends } from './backends.ts';

const PORT = Number(process.env.BENCH_PORT || 18099);
const CHUNK = 200;
type Server = Awaited<ReturnType<typeof startServer>>;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function setUp(server: Server, people: number, perDay: number): Promise<{ month: string; planId: number }> {
  return server.db.tenant(1, async (tx) => {
    const month = (await tx.query<{ m: string }>(`SELECT to_char(date_trunc('month', current_date) - interval '1 month', 'YYYY-MM') AS m`)).rows[0].m;
    const shop = (await tx.query<{ shop_id: number }>(`SELECT min(shop_id) AS shop_id FROM shop_base`)).rows[0].shop_id;
    const planId = (await tx.query<{ plan_id: number }>(`INSERT INTO fd_salary_plan (tenant_id, plan_name) VALUES (1, '压测方案') RETURNING plan_id`)).rows[0].plan_id;
    const rule = (await tx.query<{ rule_id: number }>(
      `INSERT INTO fd_position_rule (tenant_id, position_name, base_salary, commission_rate, required_days) VALUES (1, '压测店员', 4000, 3, 26) RETURNING rule_id`,
    )).rows[0].rule_id;
    const users = (await tx.query<{ id: number }>(
      `INSERT INTO sys_user (tenant_id, user_no, user_name, name, password_hash)
       SELECT 1, 'S' || lpad(g::text, 5, '0'), 'salary' || g, '店员' || g, 'x' FROM generate_series(1, $1) g RETURNING id`,
      [people],
    )).rows.map((r) => r.id);
    await tx.query(
      `INSERT INTO fd_personal_pc (tenant_id, user_id, shop_id, position_rule_id, plan_id, entry_date)
       SELECT 1, u, $2, $3, $4, to_date($5, 'YYYY-MM') - 30 FROM unnest($1::int[]) u`,
      [users, shop, rule, planId, month],
    );
    // 22 clocked days each, from the month's first day (spread so people differ).
    await tx.query(
      `INSERT INTO attn_clock (tenant_id, user_id, user_name, shop_id, clock_type, clock_time, clock_date, photo_key)
       SELECT 1, u, 'x', $2, 1, d + interval '9 hours', d, 'bench.png'
         FROM unnest($1::int[]) WITH ORDINALITY AS x(u, n)
         CROSS JOIN LATERAL generate_series(to_date($3, 'YYYY-MM') + (n % 5)::int, to_date($3, 'YYYY-MM') + (n % 5)::int + 21, interval '1 day') AS d`,
      [users, shop, month],
    );
    // A tenth of them took half a day of 年假 on an unclocked day.
    await tx.query(
      `INSERT INTO attn_request (tenant_id, doc_no, request_type, leave_type, user_id, create_user_id, shop_id, start_time, end_time, days, hours, reason, status)
       SELECT 1, 'BENCH-' || n, 1, 3, u, u, $2, to_date($3, 'YYYY-MM') + 26 + interval '9 hours', to_date($3, 'YYYY-MM') + 26 + interval '13 hours', 0.5, 4, '压测半天年假', 2
         FROM unnest($1::int[]) WITH ORDINALITY AS x(u, n) WHERE n % 10 = 0`,
      [users, shop, month],
    );
    // perDay orders a day each for the whole month; one in twenty refunded in the month.
    await tx.query(
      `INSERT INTO po_order (tenant_id, order_no, client_uuid, shop_id, status, total_amount, pay_amount, paid_amount, cashier_user_id, cashier_name, create_time, refund_amount, refund_time)
       SELECT 1, 'B' || u || '-' || d::date || '-' || k, gen_random_uuid(), $2, CASE WHEN (u + k) % 20 = 0 THEN 2 ELSE 1 END,
              ((u * 7 + k * 13) % 300) + 9.9, ((u * 7 + k * 13) % 300) + 9.9, ((u * 7 + k * 13) % 300) + 9.9, u, 'x', d + make_interval(hours => 9 + k),
              CASE WHEN (u + k) % 20 = 0 THEN ((u * 7 + k * 13) % 300) + 9.9 ELSE 0 END,
              CASE WHEN (u + k) % 20 = 0 THEN d + make_interval(hours => 10 + k) END
         FROM unnest($1::int[]) AS u
         CROSS JOIN generate_series(to_date($3, 'YYYY-MM'), (to_date($3, 'YYYY-MM') + interval '1 month - 1 day')::date, interval '1 day') AS d
         CROSS JOIN generate_series(1, $4) AS k`,
      [users, shop, month, perDay],
    );
    return { month, planId };
  });
}

/** The refresh as the background job runs it (server/domains/salary/salaryRoutes.ts). */
async function refresh(server: Server, month: string, planId: number): Promise<{ people: number; ms: number }> {
  const t0 = performance.now();
  const ids = await server.db.tenant(1, (tx) => peopleOfMonth(tx, month, planId));
  const people: PersonMonth[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) people.push(...(await server.db.tenant(1, (tx) => computePeople(tx, month, planId, ids.slice(i, i + CHUNK)))));
  const written = await server.db.tenant(1, (tx) => writePeople(tx, month, planId, people, true));
  return { people: written, ms: performance.now() - t0 };
}

const RAW = `
  WITH sales AS (SELECT o.cashier_user_id AS user_id, sum(o.pay_amount) AS paid FROM po_order o
                  WHERE NOT o.is_practice AND o.status IN (1, 2) AND o.create_time >= $1::date AND o.create_time < $2::date AND o.tenant_id = 1 GROUP BY 1),
  refunds AS (SELECT o.cashier_user_id AS user_id, sum(o.refund_amount) AS refunded FROM po_order o
               WHERE NOT o.is_practice AND o.refund_time >= $1::date AND o.refund_time < $2::date AND o.tenant_id = 1 GROUP BY 1),
  days AS (SELECT c.user_id, count(DISTINCT c.clock_date) AS n FROM attn_clock c WHERE c.clock_date >= $1::date AND c.clock_date < $2::date AND c.tenant_id = 1 GROUP BY 1)
  SELECT pc.user_id, coalesce(s.paid, 0) - coalesce(r.refunded, 0) AS net, coalesce(d.n, 0) AS days
    FROM fd_personal_pc pc LEFT JOIN sales s USING (user_id) LEFT JOIN refunds r USING (user_id) LEFT JOIN days d USING (user_id)
   WHERE pc.plan_id = $3 AND pc.tenant_id = 1`;

type RawQuery = (sql: string, params: unknown[]) => Promise<{ user_id: number; net: string; days: string }[]>;

async function run(label: string, server: Server, rawQuery?: RawQuery) {
  // The baseline as a DBA would run it: one statement on a plain connection (the tenant named in the WHERE);
  // without one (PGlite), in the tenant's transaction like the refresh.
  const raw: RawQuery = rawQuery ?? (async (q, params) => (await server.db.tenant(1, (tx) => tx.query<{ user_id: number; net: string; days: string }>(q, params))).rows);
  const people = Number(process.env.BENCH_SALARY_PEOPLE || 1000);
  const perDay = Number(process.env.BENCH_SALARY_ORDERS_PER_DAY || 3);
  const s0 = performance.now();
  const { month, planId } = await setUp(server, people, perDay);
  const orders = (await server.db.tenant(1, (tx) => tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM po_order WHERE cashier_user_id IS NOT NULL AND create_time >= to_date($1, 'YYYY-MM')`, [month]))).rows[0].n;
  // Fresh statistics for both sides (a real database has them; the tenant's role may not analyse).
  if (rawQuery) await rawQuery('ANALYZE', []);
  const setupMs = performance.now() - s0;
  const { first, next } = (await server.db.tenant(1, (tx) => tx.query<{ first: string; next: string }>(
    `SELECT to_char(to_date($1, 'YYYY-MM'), 'YYYY-MM-DD') AS first, to_char(to_date($1, 'YYYY-MM') + interval '1 month', 'YYYY-MM-DD') AS next`, [month]))).rows[0];

  const raws: number[] = [];
  const refreshes: number[] = [];
  let rawRows: { user_id: number; net: string; days: string }[] = [];
  let written = 0;
  for (let i = 0; i < 3; i++) {
    const r0 = performance.now();
    rawRows = await raw(RAW, [first, next, planId]);
    raws.push(performance.now() - r0);
    const r = await refresh(server, month, planId);
    refreshes.push(r.ms);
    written = r.people;
  }
  const check = (await server.db.tenant(1, (tx) =>
    tx.query<{ user_id: number; sales: string; work_days: string }>(`SELECT user_id, sales_amount::text AS sales, work_days::text AS work_days FROM fd_monthly_salary_stat WHERE month = $1 AND plan_id = $2`, [month, planId]),
  )).rows;
  const byUser = new Map(check.map((c) => [Number(c.user_id), c]));
  const salesMismatch = rawRows.filter((r) => Number(byUser.get(Number(r.user_id))?.sales) !== Number(Number(r.net).toFixed(2))).length;
  const halfDays = check.filter((c) => Number(c.work_days) % 1 === 0.5).length;
  const refreshMs = median(refreshes);
  const rawMs = median(raws);
  console.log(`\n## Salary refresh of a month (${label})`);
  console.log(`data: ${people} people, ${orders} orders of ${month}, 22 clocked days each, ${Math.floor(people / 10)} half-day leaves (set up in ${(setupMs / 1000).toFixed(1)} s)`);
  console.log(`baseline: raw aggregate SQL (sales, refunds, clock days per person; one statement), median of 3   ${rawMs.toFixed(0)} ms`);
  console.log(`refresh (chunks of ${CHUNK}, computed and written), median of 3                      ${refreshMs.toFixed(0)} ms  (${(refreshMs / rawMs).toFixed(1)}x baseline; target < 10000 ms; runs ${refreshes.map((x) => x.toFixed(0)).join(', ')} ms)`);
  console.log(`written: ${written} people, ${check.length} rows; sales different from the raw SQL: ${salesMismatch}; people with a half day: ${halfDays}`);
}

async function main(): Promise<void> {
  // PGlite only on request (BENCH_SALARY_PGLITE=1): seeding a month of orders there takes minutes.
  await onBothBackends('salary', PORT, async (label, server, url) => {
    if (!url) return run(label, server);
    const plain = new pg.Client({ connectionString: url });
    await plain.connect();
    try {
      await run(label, server, async (q, params) => (await plain.query(q, params)).rows);
    } finally {
      await plain.end().catch(() => undefined);
    }
  }, { pglite: process.env.BENCH_SALARY_PGLITE === '1' });
}

export const benchSalary = main;

if (import.meta.url === `file://${process.argv[1]}`) await main();
