import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeId, routeUrl } from '../../core/descriptors/resource.ts';
import { loadDescriptorDirs } from '../../server/resources/descriptorFiles.ts';
import { shopScopeDecls, type ShopScopeDecl } from '../../server/db/shopScope.ts';
import type { Queryable } from '../../server/db/index.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The shop-scope sweep (issue 27): every operation of the OpenAPI document the server serves, called as a clerk
 * (shop01) and as a 店长 (manager01) of shop A (上海徐汇店, 1) — and as `sweep01`, who works at A alone but holds every
 * menu and button, so no permission stops a call before its shop scope does — aimed at shop B (上海浦东店, 3): B's ids in the path
 * and the body, B as shopId / whId filter, and once more without filters (lists, exports). Nothing of shop B may be
 * changed — B's rows (as the shop-scope declarations tie them to B) are digested whenever a call wrote anything — nor
 * read: no 2xx answer may name B, its warehouse, one of its document numbers, or carry `"shopId": 3`. The operations
 * are enumerated from the server, so a route is covered the day it lands.
 */

const A = 1;
const B = 3;
let aiBoxTimeout: string | undefined;
let s: TestServer;
let decls: ShopScopeDecl[];
/** Tables whose rows belong to shops (not chain-wide), and the master tables every caller reads (shops, warehouses). */
let scoped: ShopScopeDecl[];
let masters: ShopScopeDecl[];
let bName = '';
let bWarehouses: number[] = [];
/** Text that names a record of B: its name, its warehouses' names, its document numbers. */
let markers: string[] = [];
/** Primary keys of B's rows, per table (the first three, to aim at; all of them, to look for), and each table's primary key column. */
const bIds = new Map<string, number[]>();
const bAllIds = new Map<string, number[]>();
const pkOf = new Map<string, string>();
/** Descriptor routes: METHOD url -> table. */
const tableOfRoute = new Map<string, string>();

const snake = (camel: string) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (col: string) => col.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** Runs `fn` as B's own staff would see the tenant: exactly the rows the declarations tie to B (and chain-wide ones). */
const asB = <T>(fn: (tx: Queryable) => Promise<T>) => s.db.tenant(1, fn, { shops: [B] });
/** As A's staff would see it. */
const asA = <T>(fn: (tx: Queryable) => Promise<T>) => s.db.tenant(1, fn, { shops: [A] });

/** One digest per scoped table of B's rows (as the declarations tie them to B). */
async function digestB(): Promise<Map<string, string>> {
  const sql = [...scoped, ...masters]
    .map((d) => `SELECT '${d.table}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${d.table} x${d.tie === 'master' ? ` WHERE x.shop_id = ${B}` : ''}`)
    .join(' UNION ALL ');
  const rows = await asB((tx) => tx.query<{ t: string; h: string }>(sql));
  return new Map(rows.rows.map((r) => [r.t, r.h]));
}

/** Some rows for B where the demo has none (a row of A's copied to B, numbers made unique), so every kind can be aimed at. */
async function plantB(tx: Queryable): Promise<void> {
  for (const d of scoped.filter((x) => x.tie === 'shop' && x.columns?.length === 1 && x.columns[0] === 'shop_id')) {
    const has = (await tx.query(`SELECT 1 FROM ${d.table} WHERE shop_id = $1 LIMIT 1`, [B])).rows.length;
    if (has) continue;
    const cols = (await tx.query<{ column_name: string; data_type: string; is_identity: string; is_generated: string }>(
      `SELECT column_name, data_type, is_identity, is_generated FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`, [d.table])).rows
      .filter((c) => c.is_identity !== 'YES' && c.is_generated !== 'ALWAYS');
    const sel = cols.map((c) =>
      c.column_name === 'shop_id' ? `${B}`
      : c.column_name === 'shop_name' ? `'${bName}'`
      : /_no$|_code$|_uuid$/.test(c.column_name) && /char|text/.test(c.data_type) ? `left(${c.column_name} || 'B', 30)`
      : c.column_name === 'client_uuid' ? 'gen_random_uuid()'
      : c.column_name);
    await tx.query('SAVEPOINT plant');
    try {
      await tx.query(`INSERT INTO ${d.table} (${cols.map((c) => c.column_name).join(', ')}) SELECT ${sel.join(', ')} FROM ${d.table} WHERE shop_id = $1 ORDER BY 1 LIMIT 1`, [A]);
      await tx.query('RELEASE SAVEPOINT plant');
    } catch {
      await tx.query('ROLLBACK TO SAVEPOINT plant');
    }
  }
}

beforeAll(async () => {
  // No background job may write B's rows while the sweep runs (a report's snapshot asked for by a call).
  const jobRunner = process.env.JOB_RUNNER;
  process.env.JOB_RUNNER = '0';
  try {
    s = await startTestServer();
  } finally {
    if (jobRunner === undefined) delete process.env.JOB_RUNNER;
    else process.env.JOB_RUNNER = jobRunner;
  }
  // The demo camera boxes are at unreachable addresses: a pull waits for each only briefly (put back in afterAll).
  aiBoxTimeout = process.env.AI_BOX_TIMEOUT_MS;
  process.env.AI_BOX_TIMEOUT_MS = '100';
  decls = await s.db.system(shopScopeDecls);
  scoped = decls.filter((d) => d.tie !== 'chain' && d.tie !== 'master');
  masters = decls.filter((d) => d.tie === 'master');
  await s.db.tenant(1, async (tx) => {
    bName = (await tx.query<{ shop_name: string }>(`SELECT shop_name FROM shop_base WHERE shop_id = $1`, [B])).rows[0].shop_name;
    await plantB(tx);
  });
  const pks = await s.db.system((tx) =>
    tx.query<{ t: string; c: string }>(
      `SELECT i.indrelid::regclass::text AS t, a.attname AS c FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
        WHERE i.indisprimary AND i.indnkeyatts = 1 AND i.indrelid::regclass::text = ANY ($1::text[])`,
      [decls.map((d) => d.table)],
    ),
  );
  for (const r of pks.rows) pkOf.set(r.t, r.c);
  const idsQuery = (table: string) => `SELECT ${pkOf.get(table)} AS id FROM ${table} ORDER BY 1 LIMIT 1000`;
  // What A's staff see of each table (one transaction at a time: PGlite has one connection).
  const seenByA = new Map<string, Set<number>>();
  await asA(async (tx) => {
    for (const d of scoped) if (pkOf.get(d.table)) seenByA.set(d.table, new Set((await tx.query<{ id: number }>(idsQuery(d.table))).rows.map((r) => Number(r.id))));
  });
  await asB(async (tx) => {
    bWarehouses = (await tx.query<{ wh_id: number }>(`SELECT wh_id FROM wh_base_info WHERE shop_id = $1 ORDER BY wh_id`, [B])).rows.map((r) => r.wh_id);
    const whNames = (await tx.query<{ wh_name: string }>(`SELECT wh_name FROM wh_base_info WHERE shop_id = $1`, [B])).rows.map((r) => r.wh_name);
    markers = [bName, ...whNames];
    for (const d of scoped) {
      const pk = pkOf.get(d.table);
      if (pk) {
        // B's own rows: those B's staff see and A's do not (a chain-wide promotion or coupon is both's).
        const all = (await tx.query<{ id: number }>(idsQuery(d.table))).rows.map((r) => Number(r.id)).filter((id) => !seenByA.get(d.table)!.has(id));
        bAllIds.set(d.table, all);
        bIds.set(d.table, all.slice(0, 3));
      }
      // A lot number (lot_no) is the maker's: every warehouse holding goods of that lot shows it, so it names no shop.
      const noCols = (await tx.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_name ~ '_no$' AND column_name <> 'lot_no' AND data_type IN ('character varying', 'text')`, [d.table])).rows;
      for (const c of noCols) {
        const nos = (await tx.query<{ v: string }>(`SELECT DISTINCT ${c.column_name} AS v FROM ${d.table} WHERE length(${c.column_name}) >= 8 LIMIT 20`)).rows;
        markers.push(...nos.map((n) => n.v));
      }
    }
  });
  // sweep01: every menu and button, shop A only (数据范围 not 全部门店).
  const hash = await hashPassword('sweep123');
  await s.db.tenant(1, async (tx) => {
    const role = (await tx.query<{ id: number }>(`INSERT INTO sys_role (tenant_id, code, name, all_shops) VALUES (1, 'sweep_all', '全部菜单（仅本店）', false) RETURNING id`)).rows[0].id;
    await tx.query(`INSERT INTO sys_role_menu (tenant_id, role_id, menu_id) SELECT 1, $1, id FROM sys_menu`, [role]);
    const user = (await tx.query<{ id: number }>(`INSERT INTO sys_user (tenant_id, user_no, user_name, name, password_hash) VALUES (1, 'SW001', 'sweep01', '巡检01', $1) RETURNING id`, [hash])).rows[0].id;
    await tx.query(`INSERT INTO sys_user_role (tenant_id, user_id, role_id) VALUES (1, $1, $2)`, [user, role]);
    await tx.query(`INSERT INTO sys_user_shop (tenant_id, user_id, shop_id) VALUES (1, $1, $2)`, [user, A]);
  });
  const { set } = loadDescriptorDirs(s.config.schemaDirs);
  for (const r of set.resources.values()) for (const route of r.routes) tableOfRoute.set(`${route.method} ${routeUrl(r, route)}`, r.table);
  expect(markers.length).toBeGreaterThan(5);
  void routeId;
}, 240_000);
afterAll(async () => {
  if (aiBoxTimeout === undefined) delete process.env.AI_BOX_TIMEOUT_MS;
  else process.env.AI_BOX_TIMEOUT_MS = aiBoxTimeout;
  await s?.stop();
});

interface Op {
  method: string;
  path: string;
  params: { name: string; in: string; schema?: Json }[];
  body?: Json;
}
type Json = Record<string, any>;

/** The operations of the OpenAPI document, the auth server's (login, logout) left out: they have no shop. */
function operations(): Op[] {
  const doc = s.app.swagger() as Json;
  const ops: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/wxy-auth-server/')) continue;
    for (const [method, op] of Object.entries(item as Json)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      ops.push({ method: method.toUpperCase(), path, params: (op.parameters ?? []) as Op['params'], body: op.requestBody?.content?.['application/json']?.schema });
    }
  }
  return ops;
}

/** The table an operation addresses: its descriptor's, else one named like a path segment. */
function tableOf(op: Op): string | undefined {
  const t = tableOfRoute.get(`${op.method} ${op.path}`);
  if (t) return t;
  const segs = op.path.split('/').slice(3).filter((x) => !x.startsWith('{')).map((x) => x.replace(/-/g, '_'));
  for (const seg of segs) {
    for (const cand of [seg, `shop_${seg}`, `po_${seg}`, `wh_${seg}`, `petty_cash_${seg}`]) if (bIds.has(cand)) return cand;
  }
  return undefined;
}

/** B's ids a parameter may name: by its own name (recordId -> record_id of a scoped table), else the operation's table's. */
function idsFor(name: string, op: Op): number[] {
  if (/shop/i.test(name)) return [B];
  if (/^(wh|warehouse|inWh|outWh)/i.test(name)) return bWarehouses.slice(0, 1);
  const col = snake(name);
  const byName = [...bIds].filter(([t]) => pkOf.get(t) === col).flatMap(([, ids]) => ids.slice(0, 1));
  const table = tableOf(op);
  const byTable = table ? (bIds.get(table) ?? []).slice(0, 2) : [];
  const ids = [...new Set([...byTable, ...byName])];
  return ids.length ? ids.slice(0, 3) : [];
}

const isIdName = (name: string) => name === 'id' || /Id$/.test(name) || name === 'ids' || /Ids$/.test(name);

/** A value for a schema property: aimed at B where it names a shop, a warehouse or a record; something valid-looking otherwise. */
function valueFor(name: string, schema: Json, op: Op, required: boolean, depth = 0, variant = 0): unknown {
  const type = Array.isArray(schema?.type) ? schema.type.find((t: string) => t !== 'null') : schema?.type;
  if (/^shopIds?$|ShopIds?$/.test(name)) return type === 'array' ? [B] : type === 'string' ? String(B) : B;
  if (/^(whId|whIds|inWhId|outWhId|warehouseId)$/.test(name)) return type === 'array' ? bWarehouses.slice(0, 1) : bWarehouses[0];
  if (isIdName(name)) {
    const ids = idsFor(name === 'ids' ? 'id' : name.replace(/s$/, ''), op);
    const one = ids[Math.min(variant, ids.length - 1)];
    if (ids.length) return type === 'array' ? ids : type === 'string' ? String(one) : one;
  }
  if (!required) return undefined;
  if (schema?.enum?.length) return schema.enum.find((v: unknown) => v !== null);
  if (schema?.format === 'date') return today;
  if (schema?.format === 'date-time') return `${today} 10:00:00`;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, Number(schema.minimum ?? 1));
    case 'boolean':
      return false;
    case 'array':
      return schema.items && depth < 3 ? [objectFor(schema.items, op, depth + 1, variant)].filter((x) => x !== undefined) : [];
    case 'object':
      return depth < 3 ? objectFor(schema, op, depth + 1, variant) : {};
    default:
      return schema?.pattern ? undefined : 'sweep';
  }
}

function objectFor(schema: Json, op: Op, depth = 0, variant = 0): unknown {
  if (!schema || (schema.type !== 'object' && !(Array.isArray(schema.type) && schema.type.includes('object')) && !schema.properties)) return valueFor('', schema, op, true, depth, variant);
  const out: Json = {};
  const req = new Set<string>(schema.required ?? []);
  for (const [k, v] of Object.entries((schema.properties ?? {}) as Json)) {
    const val = valueFor(k, v as Json, op, req.has(k), depth, variant);
    if (val !== undefined) out[k] = val;
  }
  return out;
}

interface Call {
  label: string;
  url: string;
  body?: unknown;
}

/**
 * The calls of one operation: aimed at B (once per id of B's its id parameters may name, up to three), and (a list,
 * page or export) once without any filter.
 */
function callsOf(op: Op): Call[] {
  const pathParams = op.params.filter((p) => p.in === 'path').map((p) => p.name);
  const pick = (ids: number[], variant: number) => ids[Math.min(variant, ids.length - 1)];
  const fill = (variant: number) => {
    let url = op.path;
    for (const p of pathParams) {
      const v = p === 'pageNum' ? 1 : p === 'pageSize' ? 50 : (pick(idsFor(p, op), variant) ?? 1);
      url = url.replace(`{${p}}`, encodeURIComponent(String(v)));
    }
    return url;
  };
  const query = (aim: boolean, variant = 0) => {
    const q = new URLSearchParams();
    for (const p of op.params.filter((x) => x.in === 'query')) {
      const v = aim ? valueFor(p.name, p.schema ?? {}, op, !!(p as Json).required, 0, variant) : (p as Json).required ? valueFor(p.name, p.schema ?? {}, op, true) : undefined;
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) v.forEach((x) => q.append(p.name, String(x)));
      else q.set(p.name, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
    const t = q.toString();
    return t ? `?${t}` : '';
  };
  const calls: Call[] = [];
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const idNames = [...pathParams, ...op.params.filter((p) => p.in === 'query').map((p) => p.name), ...Object.keys(op.body?.properties ?? {})].filter(isIdName);
  const variants = Math.max(1, ...idNames.map((n) => idsFor(n === 'ids' ? 'id' : n.replace(/s$/, ''), op).length));
  const seen = new Set<string>();
  for (let v = 0; v < variants; v++) {
    const call = { label: 'aimed', url: fill(v) + query(true, v), body: hasBody ? (op.body ? objectFor(op.body, op, 0, v) : {}) : undefined };
    const key = call.url + JSON.stringify(call.body);
    if (!seen.has(key)) calls.push(call);
    seen.add(key);
  }
  if (/page|list|export|find|query|stat|tree|pulldown|select|all|report|summary|count|dashboard/i.test(op.path)) {
    calls.push({ label: 'unfiltered', url: fill(0) + query(false), body: hasBody ? {} : undefined });
  }
  return calls;
}

/** The text of an answer to search for B: JSON or CSV as it is, an xlsx's cells. */
async function answerText(res: { headers: Json; rawPayload: Buffer; body: string }): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (/spreadsheetml|octet-stream/.test(type) && res.rawPayload[0] === 0x50 && res.rawPayload[1] === 0x4b) {
    try {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as never);
      const cells: string[] = [];
      wb.eachSheet((ws) => ws.eachRow((row) => cells.push(JSON.stringify(row.values))));
      return cells.join('\n');
    } catch {
      return '';
    }
  }
  if (/json|text|csv/.test(type)) return res.body;
  return '';
}

/**
 * What in an answer names B: a marker, `"shopId": 3` (any key ending in shopId), or — for an operation on a scoped
 * table — one of B's rows of that table by its key (`"recordId": 12`).
 */
function namesB(text: string, op: Op): string | undefined {
  const m = markers.find((x) => x && text.includes(x));
  if (m) return m;
  const id = new RegExp(`"(\\w*[sS]hopId|shop_id)"\\s*:\\s*"?${B}"?(?![0-9])`).exec(text);
  if (id) return id[0];
  // Only where the table is certain (a descriptor's route) and its key is named for it (not a bare id lines share).
  const table = tableOfRoute.get(`${op.method} ${op.path}`);
  const pk = table && pkOf.get(table);
  const ids = table ? bAllIds.get(table) : undefined;
  if (!pk || pk === 'id' || !ids?.length) return undefined;
  return new RegExp(`"${camel(pk)}"\\s*:\\s*"?(${ids.join('|')})"?(?![0-9])`).exec(text)?.[0];
}

/**
 * Answers that name B although they hold none of B's records: chain-wide data, by the shop-scope declarations (see the
 * table in docs/security.md). Each with its reason.
 */
const CHAIN_WIDE_READS: Record<string, string> = {
  'GET /api/wxy-system-server/sys-department/tree': '组织架构 is one tree for the chain; a shop\'s department is named after its shop',
  'GET /api/wxy-system-server/user/options': 'the user form\'s department picker is the chain\'s tree (its shops are the caller\'s own)',
};

interface Reach {
  who: string;
  call: string;
  kind: 'write' | 'read';
  detail: string;
}

/** The slowest calls of the sweep (printed, to keep it fast as routes are added). */
const slow: [number, string][] = [];

async function sweep(who: string, password: string): Promise<{ reaches: Reach[]; calls: number; ops: number; statuses: Record<string, number> }> {
  let token = await s.login(who, password);
  const reaches: Reach[] = [];
  const statuses: Record<string, number> = {};
  let calls = 0;
  const ops = operations();
  let before = await digestB();
  let lastChange = Number((await s.db.system((tx) => tx.query<{ n: string }>(`SELECT coalesce(max(id), 0) AS n FROM sweep_change`))).rows[0].n);
  for (const op of ops) {
    for (const c of callsOf(op)) {
      calls++;
      const t0 = performance.now();
      const res = await s.call(op.method, c.url, { token, tenant: 1, body: c.body });
      slow.push([performance.now() - t0, `${who} ${op.method} ${c.url}`]);
      const kind = `${String(res.statusCode)[0]}xx`;
      statuses[kind] = (statuses[kind] ?? 0) + 1;
      if (res.statusCode === 401 || /^\{"code":47/.test(res.body)) {
        token = await s.login(who, password);
        continue;
      }
      const label = `${op.method} ${c.url}${c.body !== undefined ? ` ${JSON.stringify(c.body).slice(0, 120)}` : ''} (${c.label})`;
      if (res.statusCode >= 200 && res.statusCode < 300 && !CHAIN_WIDE_READS[`${op.method} ${op.path}`]) {
        const named = namesB(await answerText(res as never), op);
        if (named) reaches.push({ who, call: label, kind: 'read', detail: `${res.statusCode} names ${named}: ${res.body.slice(0, 200)}` });
      }
      const changed = Number((await s.db.system((tx) => tx.query<{ n: string }>(`SELECT coalesce(max(id), 0) AS n FROM sweep_change`))).rows[0].n);
      if (changed !== lastChange) {
        lastChange = changed;
        const after = await digestB();
        const diff = [...after].filter(([t, h]) => before.get(t) !== h).map(([t]) => t);
        if (diff.length) reaches.push({ who, call: label, kind: 'write', detail: `${res.statusCode} changed B's ${diff.join(', ')}: ${res.body.slice(0, 160)}` });
        before = after;
      }
    }
  }
  return { reaches, calls, ops: ops.length, statuses };
}

describe('shop scope sweep: shop A\'s clerk and 店长 reach nothing of shop B', () => {
  beforeAll(async () => {
    // Every write to a scoped table is noted, so B's rows are digested only after a call that wrote something.
    await s.db.system(async (tx) => {
      await tx.query(`CREATE TABLE IF NOT EXISTS sweep_change (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tbl text NOT NULL)`);
      await tx.query(`CREATE OR REPLACE FUNCTION sweep_note() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN INSERT INTO sweep_change (tbl) VALUES (TG_TABLE_NAME); RETURN NULL; END $$`);
      for (const d of [...scoped, ...masters]) await tx.query(`CREATE TRIGGER sweep_note AFTER INSERT OR UPDATE OR DELETE ON ${d.table} FOR EACH STATEMENT EXECUTE FUNCTION sweep_note()`);
    });
  });

  it('covers every operation as shop01 (clerk of A), manager01 (店长 of A) and sweep01 (every button, A only): nothing of B read or changed', async () => {
    const started = Date.now();
    const digest0 = await digestB();
    const clerk = await sweep('shop01', 'shop123');
    const manager = await sweep('manager01', 'manager123');
    // Last: holding every button, it also changes chain-wide data (products, roles) the others' calls would read.
    const every = await sweep('sweep01', 'sweep123');
    const reaches = [...clerk.reaches, ...manager.reaches, ...every.reaches];
    const digest1 = await digestB();
    const changedOverall = [...digest1].filter(([t, h]) => digest0.get(t) !== h).map(([t]) => t);
    console.log(`shop scope sweep: ${clerk.ops} operations, ${clerk.calls + manager.calls + every.calls} calls in ${Math.round((Date.now() - started) / 1000)} s; ` +
      `${reaches.filter((r) => r.kind === 'write').length} writes and ${reaches.filter((r) => r.kind === 'read').length} reads of shop B`);
    for (const [who, r] of [['shop01', clerk], ['manager01', manager], ['sweep01', every]] as const) console.log(`  ${who}: ${r.calls} calls, ${JSON.stringify(r.statuses)}`);
    for (const r of reaches) console.log(`  ${r.kind} as ${r.who}: ${r.call}\n      ${r.detail}`);
    console.log(`slowest calls:\n${slow.sort((a, b) => b[0] - a[0]).slice(0, 25).map(([ms, c]) => `  ${Math.round(ms)} ms ${c}`).join('\n')}`);
    expect(clerk.ops).toBeGreaterThan(500);
    expect(reaches.map((r) => `${r.kind} as ${r.who}: ${r.call}`)).toEqual([]);
    expect(changedOverall).toEqual([]);
  }, 600_000);
});
