import { mkdtempSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/config.ts';
import { alignSalesSummaryZone, APP_ROLE, openDatabase, type Database, type Queryable } from '../../server/db/index.ts';
import { checksum, migrate, migrationFiles } from '../../server/db/migrate.ts';
import { seedDemoData } from '../../server/db/seed/index.ts';
import { startServer, type RunningServer } from '../../server/start.ts';
import { BASIC, freshDatabaseConfig } from './harness.ts';

/**
 * Upgrades in place (issue 25): a database made by main 4d49ae4 — its 99 migrations as they were then
 * (tests/fixtures/migrations-4d49ae4.tar.gz, `git archive 4d49ae4 server/db/migrations | gzip`), applied the way its
 * migrate.ts applied them, names recorded without checksums, then the demo seed and a few more sales — starts on
 * today's code: the start succeeds, the schema equals a new database's, every row is still there and the sales
 * summaries give the same answers. Then, on that database, the two rules of today's migrate.ts: a versioned migration
 * changed after it ran stops the start naming the file, and a module's changed definition is applied at the next start.
 */

const FIXTURE = new URL('../fixtures/migrations-4d49ae4.tar.gz', import.meta.url).pathname;

/** The regular files of a (ustar / pax, as `git archive` writes) tar.gz: path -> text. */
function untar(gz: Buffer): Map<string, string> {
  const tar = gunzipSync(gz);
  const files = new Map<string, string>();
  const field = (b: Buffer, from: number, len: number) => b.subarray(from, from + len).toString('utf8').replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = field(header, 156, 1);
    const prefix = field(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    if (type === '0' || type === '') files.set(name, tar.subarray(at + 512, at + 512 + size).toString('utf8'));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** What main 4d49ae4's migrate() did on an empty database: every file in name order, names recorded, then the grants. */
async function migrateAs4d49ae4(db: Database, files: Map<string, string>): Promise<void> {
  await db.system(async (tx) => {
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    await tx.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} NOLOGIN; END IF;
    END $$`);
    for (const [name, sql] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations(name) VALUES ($1)', [name]);
    }
    await tx.query(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);
    await tx.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`);
    await tx.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`);
  });
}

/**
 * The schema as sorted lines: columns (type, default, nullability, generated, identity, position), RLS flags,
 * indexes, constraints, functions (arguments, result, language, volatility, md5 of the body), triggers, policies,
 * views (md5 of the definition) and sequences.
 */
const CATALOG = `
SELECT line FROM (
  SELECT format('column %s.%s #%s %s notnull=%s default=%s generated=%s identity=%s', c.relname, a.attname, rank() OVER (PARTITION BY a.attrelid ORDER BY a.attnum),
                format_type(a.atttypid, a.atttypmod), a.attnotnull, coalesce(pg_get_expr(d.adbin, d.adrelid), ''), a.attgenerated, a.attidentity) AS line
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
   WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v') AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL SELECT format('table %s rls=%s force=%s', relname, relrowsecurity, relforcerowsecurity)
    FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p')
  UNION ALL SELECT format('index %s', indexdef) FROM pg_indexes WHERE schemaname = 'public'
  UNION ALL SELECT format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
  UNION ALL SELECT format('function %s(%s) returns %s %s %s md5=%s', p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid), l.lanname, p.provolatile, md5(p.prosrc))
    FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.pronamespace = 'public'::regnamespace
  UNION ALL SELECT format('trigger %s enabled=%s', pg_get_triggerdef(t.oid), t.tgenabled)
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace
  UNION ALL SELECT format('policy %s.%s %s %s roles=%s using=%s check=%s', tablename, policyname, permissive, cmd, roles, qual, with_check)
    FROM pg_policies WHERE schemaname = 'public'
  UNION ALL SELECT format('view %s md5=%s', viewname, md5(definition)) FROM pg_views WHERE schemaname = 'public'
  UNION ALL SELECT format('sequence %s %s start=%s inc=%s', sequencename, data_type, start_value, increment_by) FROM pg_sequences WHERE schemaname = 'public'
) x ORDER BY line COLLATE "C"`;

const catalog = async (db: Database) => (await db.system((tx) => tx.query<{ line: string }>(CATALOG))).rows.map((r) => r.line);

/** Rows per table (as the owner: a superuser, past row-level security), the bookkeeping of migrate.ts left out. */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  return db.system(async (tx) => {
    const tables = (await tx.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('schema_migrations', 'schema_definitions') ORDER BY 1`)).rows;
    const counts = await tx.query<{ t: string; n: number }>(tables.map(({ t }) => `SELECT '${t}' AS t, count(*)::int AS n FROM "${t}"`).join(' UNION ALL '));
    return Object.fromEntries(counts.rows.map((r) => [r.t, r.n]));
  });
}

/** The five sales summaries' rows, folded first; rows whose figures are all zero are left out (a rebuild writes none). */
async function summaries(tx: Queryable): Promise<string[]> {
  await tx.query('SELECT sales_summary_fold()');
  const tables: Record<string, string> = {
    po_sales_day: 'orders, amount, qty, line_amount, cost',
    po_sales_day_sku: 'n, qty, amount, cost',
    po_sales_day_hour: 'orders, amount',
    po_sales_point: 'orders, lines, qty_milli, amount_fen',
    po_sales_day_pay: 'n, amount',
  };
  const sql = Object.entries(tables)
    .map(([t, m]) => `SELECT '${t} ' || x::text AS line FROM ${t} x WHERE (${m}) IS DISTINCT FROM (${m.replace(/\w+/g, '0')})`)
    .join(' UNION ALL ');
  return (await tx.query<{ line: string }>(`${sql} ORDER BY 1`)).rows.map((r) => r.line);
}

/** A few writes the demo seed does not make: an exchange (换货) with its lines and payment, an order given a 导购. */
async function moreSales(db: Database): Promise<void> {
  await db.tenant(1, async (tx) => {
    const o = (
      await tx.query<{ order_id: number; order_no: string; shop_id: number; shop_name: string; wh_id: number; det_id: number; sku_id: number; unit_cost: string }>(
        `SELECT o.order_id, o.order_no, o.shop_id, o.shop_name, o.wh_id, d.det_id, d.sku_id, d.unit_cost
           FROM po_order o JOIN po_order_det d ON d.order_id = o.order_id
          WHERE o.status = 1 AND NOT o.is_practice ORDER BY o.order_id, d.det_id LIMIT 1`,
      )
    ).rows[0];
    expect(o, 'the demo seed made no sale').toBeDefined();
    const x = (
      await tx.query<{ exchange_id: number }>(
        `INSERT INTO po_order_exchange (tenant_id, exchange_no, client_uuid, order_id, order_no, shop_id, shop_name, wh_id, return_quantity, give_quantity,
                                        return_amount, give_amount, diff_amount, paid_amount, user_id, user_name, create_time)
         VALUES (1, 'HX-UPGRADE-1', gen_random_uuid(), $1, $2, $3, $4, $5, 1, 2, 10, 25, 15, 20, 1, '系统管理员', now() - interval '1 day')
         RETURNING exchange_id`,
        [o.order_id, o.order_no, o.shop_id, o.shop_name, o.wh_id],
      )
    ).rows[0];
    await tx.query(
      `INSERT INTO po_order_exchange_det (tenant_id, exchange_id, line_no, direction, order_det_id, sku_id, quantity, unit_price, amount, unit_cost)
       VALUES (1, $1, 1, 1, $2, $3, 1, 10, 10, $4), (1, $1, 2, 2, NULL, $3, 2, 12.5, 25, $4)`,
      [x.exchange_id, o.det_id, o.sku_id, o.unit_cost],
    );
    await tx.query(`INSERT INTO po_order_exchange_pay (tenant_id, exchange_id, pay_type, amount) VALUES (1, $1, 1, 20)`, [x.exchange_id]);
    await tx.query(`UPDATE po_order_exchange SET change_amount = 5 WHERE exchange_id = $1`, [x.exchange_id]);
    await tx.query(
      `UPDATE po_order SET salesman_id = u.id, salesman_name = u.name FROM sys_user u
        WHERE u.user_name = 'shop01' AND po_order.order_id = (SELECT max(order_id) FROM po_order WHERE status = 1 AND NOT is_practice)`,
    );
  });
}

const noSms = { sendLoginCode: async () => {} };
const start = (config: ServerConfig, extraSchemaDirs: string[] = []) =>
  startServer({ ...config, schemaDirs: [...config.schemaDirs, ...extraSchemaDirs] }, { logger: false, listen: false, sms: noSms });

/** Columns today's demo seed writes that were added after 4d49ae4 (table, column; all text). */
const SEED_COLUMNS_AFTER_4D49AE4: [string, string, string][] = [
  ['po_order', 'request_digest', 'text'],
  ['mb_balance_recharge', 'request_digest', 'text'],
  ['po_order_exchange', 'request_digest', 'text'],
  ['pd_supplier_account_det', 'request_digest', 'text'],
  ['sys_role', 'all_shops', 'boolean NOT NULL DEFAULT false'], // 350: a role's 数据范围
  ['po_order_exchange', 'kind', 'smallint NOT NULL DEFAULT 1'], // 391: 换货 or 部分退款 (a whole refund reads it)
  ['po_order_exchange', 'write_off_no', 'varchar(32)'], // 398: a refund's 报损单 (an exchange's answer reads it)
  ['po_order_exchange_det', 'damaged', 'boolean NOT NULL DEFAULT false'], // 398: a refunded line written off
];

/**
 * Tables today's demo seed writes that came after 4d49ae4, made for the seed and dropped again, so the upgrade finds
 * the old shape. 390: a shop's petty-cash balance row, made here with its settings row; the upgrade rebuilds the
 * balances from the ledger the seed wrote.
 */
const SEED_TABLES_AFTER_4D49AE4 = `
  CREATE TABLE petty_cash_balance (tenant_id integer NOT NULL, shop_id integer NOT NULL, balance numeric(14,2) NOT NULL DEFAULT 0,
                                   update_time timestamptz NOT NULL DEFAULT now(), UNIQUE (tenant_id, shop_id));
  GRANT SELECT, INSERT, UPDATE, DELETE ON petty_cash_balance TO ${APP_ROLE};
  CREATE FUNCTION seed_petty_cash_balance() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO petty_cash_balance (tenant_id, shop_id) VALUES (NEW.tenant_id, NEW.shop_id); RETURN NULL; END $$;
  CREATE TRIGGER seed_petty_cash_balance AFTER INSERT ON petty_cash_shop_config FOR EACH ROW EXECUTE FUNCTION seed_petty_cash_balance();`;
const DROP_SEED_TABLES = `DROP TABLE petty_cash_balance; DROP FUNCTION seed_petty_cash_balance() CASCADE;`;

/**
 * 385's lots, made for the seed (its demo receives, sells and reports dated lots) from the migration itself, less what
 * needs what 4d49ae4 did not have (the write-off's lines, 350's shop-scope declarations, 000's enable_tenancy);
 * dropped again after.
 */
const SEED_LOTS = readFileSync(path.resolve('server/db/migrations/385_stock_lots.sql'), 'utf8')
  .replace(/ALTER TABLE wh_write_off_det[^;]*;/, '')
  .replace(/SELECT enable_tenancy[\s\S]*$/, ['stock_lot_balance', 'stock_lot_ledger', 'wh_lot_config'].map((t) =>
    `ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY; ALTER TABLE ${t} FORCE ROW LEVEL SECURITY;
     CREATE POLICY tenant_isolation ON ${t} USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
     GRANT SELECT, INSERT, UPDATE, DELETE ON ${t} TO ${APP_ROLE};`).join('\n'));
const DROP_SEED_LOTS = `
  DROP TABLE stock_lot_balance, stock_lot_ledger, wh_lot_config;
  ALTER TABLE pd_sku DROP COLUMN lot_managed, DROP COLUMN expiry_managed, DROP COLUMN shelf_life_days, DROP COLUMN near_expiry_days;
  ALTER TABLE wh_other_stock_in_det DROP COLUMN lot_no, DROP COLUMN production_date, DROP COLUMN expiry_date;
  ALTER TABLE wh_receipt_det DROP COLUMN lot_no, DROP COLUMN production_date, DROP COLUMN expiry_date;
  ALTER TABLE wh_other_stock_out_det DROP COLUMN lot_no;
  ALTER TABLE wh_allocation_det DROP COLUMN lot_no;`;

describe('a database made by main 4d49ae4, started on today\'s code', () => {
  let config: ServerConfig;
  let cleanup: () => Promise<void>;
  let server: RunningServer | undefined;
  let before: { counts: Record<string, number>; summaries: string[] };
  const moduleDir = mkdtempSync(path.join(tmpdir(), 'wxy-upgrade-module-'));

  // The demo seed queues a report job (访问报表): a running job runner would add its rows while the tests count them.
  const jobRunner = process.env.JOB_RUNNER;

  beforeAll(async () => {
    process.env.JOB_RUNNER = '0';
    ({ config, cleanup } = await freshDatabaseConfig({ template: false }));
    const old = untar(readFileSync(FIXTURE));
    const files = new Map([...old].filter(([p]) => p.endsWith('.sql')).map(([p, sql]) => [path.basename(p), sql]));
    expect(files.size).toBe(99);
    const db = await openDatabase(config);
    try {
      // 4d49ae4's start: migrate, align the summaries' zone, seed the demo.
      await migrateAs4d49ae4(db, files);
      await alignSalesSummaryZone(db);
      // Today's seed writes columns 4d49ae4 did not have (343's request digests, 350's 数据范围): they exist while it seeds
      // and are dropped again, so the upgrade finds the old shape and adds them itself.
      const later = (verb: 'ADD' | 'DROP') =>
        db.system((tx) => tx.exec(SEED_COLUMNS_AFTER_4D49AE4.map(([t, c, type]) => `ALTER TABLE ${t} ${verb} COLUMN ${c}${verb === 'ADD' ? ` ${type}` : ''};`).join('\n')));
      await later('ADD');
      await db.system((tx) => tx.exec(SEED_TABLES_AFTER_4D49AE4));
      await db.system((tx) => tx.exec(SEED_LOTS));
      await seedDemoData(db);
      await moreSales(db);
      await later('DROP');
      await db.system((tx) => tx.exec(DROP_SEED_TABLES));
      await db.system((tx) => tx.exec(DROP_SEED_LOTS));
      // The old writer's answer, recomputed from the orders.
      await db.system((tx) => tx.query('SELECT sales_summary_rebuild()'));
      before = { counts: await rowCounts(db), summaries: await db.system(summaries) };
    } finally {
      await db.close();
    }
    server = await start(config);
  }, 300_000); // old migrations, the demo seed and a start: about 40 s on PGlite, minutes when the machine is loaded

  afterAll(async () => {
    if (jobRunner === undefined) delete process.env.JOB_RUNNER;
    else process.env.JOB_RUNNER = jobRunner;
    await server?.close();
    await cleanup?.();
    rmSync(moduleDir, { recursive: true, force: true });
  });

  it('starts: the two new migrations ran, and every migration is recorded with its file\'s checksum', async () => {
    const rows = (await server!.db.system((tx) => tx.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations ORDER BY name'))).rows;
    const files = migrationFiles();
    expect(rows.map((r) => r.name)).toEqual([...files.keys()].sort());
    for (const r of rows) expect(r.checksum, r.name).toBe(checksum(readFileSync(path.join(files.get(r.name)!, r.name), 'utf8')));
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['000_enable_tenancy.sql', '342_one_sales_summary_writer.sql']));
  });

  it('has the schema of a new database: columns, indexes, constraints, functions, triggers, policies, views, RLS', async () => {
    const fresh = await freshDatabaseConfig();
    const db = await openDatabase(fresh.config);
    try {
      await migrate(db, fresh.config.schemaDirs); // nothing to do on the run's template; everything on an empty one
      const upgraded = await catalog(server!.db);
      expect(upgraded.length).toBeGreaterThan(2000);
      expect(upgraded).toEqual(await catalog(db));
    } finally {
      await db.close();
      await fresh.cleanup();
    }
  });

  it('keeps every row', async () => {
    // Tables made by later migrations (350's app_shop_scope, a catalogue of declarations) are not the old data.
    const after = await rowCounts(server!.db);
    // A start syncs the dictionaries shipped in schemas/dictionaries and the default print templates (migration 397)
    // into every tenant (and notes their versions in app_meta): those tables gain rows; none loses any.
    const synced = ['sys_data_dictionary', 'app_meta', 'print_template'];
    for (const t of synced) expect(after[t], t).toBeGreaterThanOrEqual(before.counts[t]);
    const kept = Object.keys(before.counts).filter((t) => !synced.includes(t));
    expect(Object.fromEntries(kept.map((t) => [t, after[t]]))).toEqual(Object.fromEntries(kept.map((t) => [t, before.counts[t]])));
  });

  it('petty cash: each shop has its balance row, rebuilt from its ledger (390)', async () => {
    const rows = await server!.db.system((tx) =>
      tx.query<{ shop_id: number; balance: string; ledger: string }>(
        `SELECT b.shop_id, b.balance::text AS balance, (SELECT coalesce(sum(l.amount), 0) FROM petty_cash_ledger l WHERE l.tenant_id = b.tenant_id AND l.shop_id = b.shop_id)::text AS ledger
           FROM petty_cash_balance b`,
      ),
    );
    expect(rows.rows.length).toBe(before.counts.petty_cash_shop_config);
    expect(rows.rows.filter((r) => Number(r.balance) !== 0).length).toBeGreaterThan(0); // the demo's floats
    expect(rows.rows.filter((r) => Number(r.balance) !== Number(r.ledger))).toEqual([]);
  });

  it('gives the same sales figures: the stored summaries, a rebuild by the one writer, and a change made after', async () => {
    const db = server!.db;
    const today = (await db.system((tx) => tx.query<{ from: string; to: string }>(`SELECT to_char(current_date - 365, 'YYYY-MM-DD') AS from, to_char(current_date, 'YYYY-MM-DD') AS to`))).rows[0];
    const sales = async () => {
      const login = await server!.app.inject({ method: 'POST', url: '/api/wxy-auth-server/oauth/token?grant_type=password&username=admin&password=admin123', headers: { authorization: BASIC, 'x-tenant-id': '1' } });
      const r = await server!.app.inject({
        method: 'POST',
        url: '/api/wxy-order-server/po-order-sales/order/sales',
        headers: { authorization: `Bearer ${login.json().access_token}`, 'x-tenant-id': '1', 'content-type': 'application/json' },
        payload: JSON.stringify({ startDate: today.from, endDate: today.to }),
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data;
    };
    expect(await db.system(summaries)).toEqual(before.summaries);
    const answer = await sales();
    expect(answer.orderCount).toBeGreaterThan(0);
    await db.system((tx) => tx.query('SELECT sales_summary_rebuild()'));
    expect(await db.system(summaries)).toEqual(before.summaries);
    expect(await sales()).toEqual(answer);
    // Through the triggers: an order refunded, another given a 导购, a line added to the exchange.
    await db.tenant(1, async (tx) => {
      await tx.query(`UPDATE po_order SET status = 2, refund_amount = pay_amount, refund_time = now() WHERE order_id = (SELECT min(order_id) FROM po_order WHERE status = 1 AND NOT is_practice)`);
      await tx.query(
        `UPDATE po_order SET salesman_id = u.id, salesman_name = u.name FROM sys_user u
          WHERE u.user_name = 'manager01' AND po_order.order_id = (SELECT max(order_id) FROM po_order WHERE status = 1 AND NOT is_practice AND salesman_id IS NULL)`,
      );
      await tx.query(
        `INSERT INTO po_order_exchange_det (tenant_id, exchange_id, line_no, direction, sku_id, quantity, unit_price, amount, unit_cost)
         SELECT 1, exchange_id, 3, 2, sku_id, 1, 3, 3, unit_cost FROM po_order_exchange_det WHERE line_no = 2 AND tenant_id = 1 LIMIT 1`,
      );
    });
    const changed = await db.system(summaries);
    expect(changed).not.toEqual(before.summaries);
    await db.system((tx) => tx.query('SELECT sales_summary_rebuild()'));
    expect(await db.system(summaries)).toEqual(changed);
  });

  it('stops the start when a migration that ran was changed since, naming the file; applies a changed definition of a module at the next start', async () => {
    const db = server!.db;
    mkdirSync(path.join(moduleDir, 'migrations'), { recursive: true });
    mkdirSync(path.join(moduleDir, 'definitions/functions'), { recursive: true });
    const migration = path.join(moduleDir, 'migrations/901_upgrade_probe.sql');
    const definition = path.join(moduleDir, 'definitions/functions/upgrade_probe.sql');
    const original = "CREATE TABLE upgrade_probe (id integer PRIMARY KEY, tenant_id integer NOT NULL);\r\nSELECT enable_tenancy('upgrade_probe');\r\n";
    const probe = (n: number) => `CREATE OR REPLACE FUNCTION upgrade_probe() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT ${n} $$;\n`;
    writeFileSync(migration, original);
    writeFileSync(definition, probe(1));
    // What a start with the module runs first (server/start.ts).
    expect(await migrate(db, [...config.schemaDirs, moduleDir])).toEqual({ migrations: ['901_upgrade_probe.sql'], definitions: expect.arrayContaining(['functions/upgrade_probe.sql']) });
    expect(await migrate(db, [...config.schemaDirs, moduleDir])).toEqual({ migrations: [], definitions: [] });
    const version = async () => (await server!.db.system((tx) => tx.query<{ v: number }>('SELECT upgrade_probe() AS v'))).rows[0].v;
    expect(await version()).toBe(1);
    await server!.close();
    server = undefined;

    writeFileSync(migration, original.replace('id integer', 'id bigint'));
    writeFileSync(definition, probe(2));
    await expect(start(config, [moduleDir])).rejects.toThrow(
      /^migration 901_upgrade_probe\.sql was changed after it ran on this database \(checksum recorded \w+…, file \w+…: .*901_upgrade_probe\.sql\); put the change in a new migration/,
    );
    // The same text with other line endings is the same migration; the changed definition is applied, nothing else.
    writeFileSync(migration, original.replace(/\r\n/g, '\n'));
    server = await start(config, [moduleDir]);
    expect(await version()).toBe(2);
    const recorded = await server.db.system((tx) => tx.query<{ checksum: string }>(`SELECT checksum FROM schema_definitions WHERE name = 'functions/upgrade_probe.sql'`));
    expect(recorded.rows).toEqual([{ checksum: checksum(probe(2)) }]);
    expect((await server.db.system((tx) => tx.query(`SELECT relforcerowsecurity AS forced FROM pg_class WHERE relname = 'upgrade_probe'`))).rows).toEqual([{ forced: true }]);
  });
});
