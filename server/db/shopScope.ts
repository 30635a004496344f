import type { Database, Queryable } from './index.ts';

/**
 * The shop scope of every shop-owned table is declared once, in SQL (app_shop_scope_declare, migration 350 and any
 * later migration that adds such a table): what ties a row to a shop — a shop column, a warehouse column (the
 * warehouse's shop), its header's row, an expression of its own — or why the table is chain-wide. The declaration
 * creates the RESTRICTIVE `shop_scope` policies for the shop-scoped role (wxy_shop), under which every transaction of
 * a caller who reaches only some shops runs (req.tenantTx, callerDb): so descriptor routes and hand-written routes,
 * reads, lists, exports, pulldowns, line lookups, writes, batch actions and actions reached through a document's lines
 * are all bounded by one rule the route cannot skip.
 */
export interface ShopScopeDecl {
  table: string;
  tie: 'shop' | 'warehouse' | 'parent' | 'master' | 'custom' | 'chain';
  columns: string[] | null;
  parentTable: string | null;
  note: string;
  usingSql: string | null;
}

export async function shopScopeDecls(tx: Queryable): Promise<ShopScopeDecl[]> {
  const r = await tx.query<{ table_name: string; tie: ShopScopeDecl['tie']; columns: string[] | null; parent_table: string | null; note: string; using_sql: string | null }>(
    `SELECT table_name, tie, columns, parent_table, note, using_sql FROM app_shop_scope ORDER BY table_name`,
  );
  return r.rows.map((x) => ({ table: x.table_name, tie: x.tie, columns: x.columns, parentTable: x.parent_table, note: x.note, usingSql: x.using_sql }));
}

/** A column that names a shop or a warehouse (shop_id, from_shop_id, wh_id, in_wh_id, default_wh_id, …). */
export const SHOP_COLUMN = /(^|_)(shop|wh)_id$/;

/**
 * Tables a declaration is missing for: every table with a shop or warehouse column, and every table with a foreign
 * key to a scoped table (lines, logs), must say what ties it to a shop or why it is chain-wide. A declared table whose
 * policy is gone (dropped by hand, a table re-created) is reported too. Start-up refuses to run with any.
 */
export async function undeclaredShopTables(tx: Queryable): Promise<string[]> {
  const r = await tx.query<{ problem: string }>(
    `WITH decl AS (SELECT table_name, tie FROM app_shop_scope),
          cols AS (
            SELECT c.table_name, string_agg(c.column_name, ', ' ORDER BY c.column_name) AS cols
              FROM information_schema.columns c JOIN pg_class k ON k.relname = c.table_name AND k.relkind = 'r' AND k.relnamespace = 'public'::regnamespace
             WHERE c.table_schema = 'public' AND c.column_name ~ $1
             GROUP BY c.table_name),
          refs AS (
            SELECT DISTINCT c.conrelid::regclass::text AS table_name, c.confrelid::regclass::text AS parent
              FROM pg_constraint c JOIN decl d ON d.table_name = c.confrelid::regclass::text AND d.tie NOT IN ('chain', 'master')
             WHERE c.contype = 'f' AND c.conrelid <> c.confrelid)
     SELECT format('table %s has %s but declares no shop scope', cols.table_name, cols.cols) AS problem
       FROM cols WHERE cols.table_name NOT IN (SELECT table_name FROM decl)
     UNION ALL
     SELECT format('table %s refers to the shop-scoped table %s but declares no shop scope', refs.table_name, refs.parent)
       FROM refs WHERE refs.table_name NOT IN (SELECT table_name FROM decl)
     UNION ALL
     SELECT format('table %s declares a shop scope (%s) but has no shop_scope policy: declare it again (app_shop_scope_declare)', d.table_name, d.tie)
       FROM decl d
      WHERE d.tie <> 'chain' AND NOT EXISTS (SELECT 1 FROM pg_policies p WHERE p.schemaname = 'public' AND p.tablename = d.table_name AND p.policyname LIKE 'shop_scope%')
     ORDER BY 1`,
    [SHOP_COLUMN.source],
  );
  return r.rows.map((x) => x.problem);
}

/** Start-up check, run once migrations are applied. */
export async function verifyShopScope(db: Database): Promise<void> {
  const problems = await db.system(undeclaredShopTables);
  if (problems.length) {
    throw new Error(`shop scope (server/db/shopScope.ts; declare each table with app_shop_scope_declare in a migration):\n${problems.join('\n')}`);
  }
}
