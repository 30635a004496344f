/** Collects positional parameters while a statement is assembled. */
export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/**
 * Writes each value into the statement as a literal instead of a `$n`, for the one statement that
 * takes no parameters: COPY (the PostgreSQL-server CSV export). `values` stays empty.
 */
export class InlineParams extends Params {
  override add(v: unknown): string {
    return sqlLiteral(v);
  }
}

/** E'' strings mean the same whatever standard_conforming_strings is: backslashes and quotes doubled. */
const quoteText = (s: string) => `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A value as an SQL literal of unknown type, resolved by its context like a parameter would be
 * (`E'5'::bigint`, `t.tenant_id = E'1'`); arrays as array literals for `= ANY(...::t[])`.
 */
export function sqlLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (Array.isArray(v)) return quoteText(`{${v.map((e) => (e === null || e === undefined ? 'NULL' : `"${String(e).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`);
  if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean' && typeof v !== 'bigint') throw new Error(`no literal for a ${typeof v}`);
  return quoteText(String(v));
}
