import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { ApiError } from '../../errors.ts';
import { assertCents } from '../../http/fields.ts';
import { fieldPermissionNames } from '../../permissions.ts';

/**
 * Manual corrections of report snapshot rows: the corrected value goes into the row's edit_* column beside the
 * computed one (a recompute rewrites only the computed one, so both stay visible), and each changed figure is a
 * row of report_edit_log (who, when, before, after, why). Clearing a correction (null) goes back to the computed value.
 */

export type FieldGuard = '毛利率' | '成本总金额';

export interface EditableFigure {
  /** Body field of the edit call (editSaleAmount). */
  field: string;
  /** Column of the correction (edit_sale_amount) and of the computed value (sale_amount). */
  editColumn: string;
  computedColumn: string;
  title: string;
  /** Integer figures (stars) take whole numbers within [min, max]; money takes 2 decimals. */
  integer?: { min: number; max: number };
  guard?: FieldGuard;
}

export interface EditableReport {
  type: string;
  table: string;
  /** SQL text of the row's period (report_date or report_month) as shown in the log. */
  periodSql: string;
  /** SQL of the person's name column, or null for shop rows. */
  userNameSql: string | null;
  figures: EditableFigure[];
}

const MAX_AMOUNT = 99_999_999_999;

/** The field permissions the caller lacks among those a report guards (毛利率, 成本总金额). */
export async function missingGuards(tx: Queryable, auth: AuthContext): Promise<Set<FieldGuard>> {
  const have = new Set(await fieldPermissionNames(tx, auth));
  return new Set((['毛利率', '成本总金额'] as const).filter((g) => !have.has(g)));
}

function checkFigure(f: EditableFigure, v: unknown): number | null {
  if (v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new ApiError('BAD_REQUEST', `${f.title}必须是数字`);
  if (f.integer) {
    if (!Number.isInteger(v) || v < f.integer.min || v > f.integer.max) throw new ApiError('BAD_REQUEST', `${f.title}必须是 ${f.integer.min} 到 ${f.integer.max} 的整数`);
    return v;
  }
  assertCents(v, f.title);
  if (Math.abs(v) > MAX_AMOUNT) throw new ApiError('BAD_REQUEST', `${f.title}超出允许范围`);
  return v;
}

const shown = (v: string | number | null) => (v === null ? '' : String(v));

/**
 * Writes the corrections in `input` (figures not sent stay as they are) with the remark, and a log row per changed
 * figure. Refuses an unknown row (404), a figure the caller may not see, no remark, or nothing changed.
 */
export async function editReportRow(
  tx: Queryable, auth: AuthContext, report: EditableReport, id: number, input: Record<string, unknown>, remark: unknown,
): Promise<{ id: number; changed: number }> {
  if (typeof remark !== 'string' || !remark.trim()) throw new ApiError('BAD_REQUEST', '修改原因不能为空');
  const guards = await missingGuards(tx, auth);
  const cols = report.figures.flatMap((f) => [`${f.editColumn}::text AS "${f.editColumn}"`, `${f.computedColumn}::text AS "${f.computedColumn}"`]).join(', ');
  const row = (await tx.query<Record<string, string | null>>(
    `SELECT id, ${report.periodSql} AS period, shop_name, ${report.userNameSql ?? 'NULL'} AS user_name, ${cols} FROM ${report.table} WHERE id = $1 FOR UPDATE`, [id],
  )).rows[0];
  if (!row) throw new ApiError('NOT_FOUND', '该报表记录不存在或已被删除');
  const sets: string[] = [];
  const values: unknown[] = [id];
  const logs: { field: string; title: string; before: string; after: string }[] = [];
  for (const f of report.figures) {
    if (!(f.field in input) || input[f.field] === undefined) continue;
    if (f.guard && guards.has(f.guard)) throw new ApiError('FORBIDDEN', `无权修改${f.title}`);
    const next = checkFigure(f, input[f.field]);
    const cur = row[f.editColumn] === null ? null : Number(row[f.editColumn]);
    if (cur === next) continue;
    const computed = Number(row[f.computedColumn]);
    values.push(next);
    sets.push(`${f.editColumn} = $${values.length}`);
    logs.push({ field: f.field, title: f.title, before: shown(cur ?? computed), after: shown(next ?? computed) });
  }
  if (!logs.length) throw new ApiError('BAD_REQUEST', '没有修改任何数值');
  const who = auth.displayName ?? auth.userName;
  values.push(remark.trim().slice(0, 200), who);
  await tx.query(`UPDATE ${report.table} SET ${sets.join(', ')}, edit_remark = $${values.length - 1}, edit_user_name = $${values.length}, edit_time = now() WHERE id = $1`, values);
  await tx.query(
    `INSERT INTO report_edit_log (tenant_id, report_type, row_id, period, shop_name, user_name, field_name, field_title, before_value, after_value, remark, edit_user_name)
     SELECT app_current_tenant(), $1, $2, $3, $4, $5, f, t, b, a, $6, $7 FROM unnest($8::text[], $9::text[], $10::text[], $11::text[]) AS x(f, t, b, a)`,
    [report.type, id, row.period, row.shop_name, row.user_name, remark.trim().slice(0, 200), who,
      logs.map((l) => l.field), logs.map((l) => l.title), logs.map((l) => l.before), logs.map((l) => l.after)],
  );
  return { id, changed: logs.length };
}

export interface EditLogRow {
  logId: number;
  rowId: number;
  period: string;
  shopName: string | null;
  userName: string | null;
  fieldName: string;
  fieldTitle: string;
  beforeValue: string | null;
  afterValue: string | null;
  remark: string;
  editUserName: string | null;
  editTime: string;
}

/** The corrections of one row, or of every row of a report (newest first); figures the caller may not see are left out. */
export async function editLog(tx: Queryable, auth: AuthContext, report: EditableReport, rowId: number | null): Promise<EditLogRow[]> {
  const guards = await missingGuards(tx, auth);
  const hidden = report.figures.filter((f) => f.guard && guards.has(f.guard)).map((f) => f.field);
  const r = await tx.query<EditLogRow>(
    `SELECT log_id AS "logId", row_id AS "rowId", period, shop_name AS "shopName", user_name AS "userName", field_name AS "fieldName",
            field_title AS "fieldTitle", before_value AS "beforeValue", after_value AS "afterValue", remark, edit_user_name AS "editUserName",
            to_char(edit_time, 'YYYY-MM-DD HH24:MI:SS') AS "editTime"
       FROM report_edit_log
      WHERE report_type = $1 AND ($2::int IS NULL OR row_id = $2) AND NOT (field_name = ANY($3::text[]))
      ORDER BY log_id DESC LIMIT 1000`,
    [report.type, rowId, hidden],
  );
  return r.rows;
}
