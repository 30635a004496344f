/**
 * Money in integer fen (分): the one place amounts are parsed, rounded, split and written out.
 * The database keeps numeric(…, 2) yuan; a JavaScript number is binary (0.1 + 0.2 is 0.30000000000000004), so
 * whatever is added, compared or split becomes integer fen first and yuan again only to be shown or stored.
 * Rounding is half away from zero at the fen, as PostgreSQL's round(numeric) does on the SQL side.
 */

const AMOUNT = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

/**
 * Yuan (a number, or text such as "1,421.98", "-0.5", "¥12.30") to integer fen, exact to the decimal written:
 * "0.005" is 1 fen and 1.005 is 101 fen (not 100, as 1.005 × 100 would give). NaN when it is not an amount.
 */
export function toFen(yuan: number | string): number {
  if (typeof yuan === 'number') {
    if (!Number.isFinite(yuan)) return NaN;
    // The shortest decimal that reads back as this number is the one the user or the database wrote.
    const s = String(yuan);
    if (!s.includes('e')) return decimalToFen(s);
    return Math.abs(yuan) < 1 ? 0 : NaN; // 1e-7 is no fen; 1e21 is past any amount
  }
  return decimalToFen(yuan.trim().replace(/^([+-]?)[¥￥]\s*/, '$1'));
}

function decimalToFen(s: string): number {
  const m = AMOUNT.exec(s);
  if (!m || (!m[2] && !m[3])) return NaN;
  const decimals = m[3] ?? '';
  const whole = Number(m[2].replaceAll(',', '') || '0') * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  const fen = whole + (decimals.charAt(2) >= '5' ? 1 : 0);
  if (!Number.isSafeInteger(fen)) return NaN;
  return m[1] === '-' && fen !== 0 ? -fen : fen;
}

/** A value from SQL or JSON (numeric text, float8, null) as fen: null and undefined are 0, anything else not an amount NaN. */
export function fenOf(v: unknown): number {
  if (v === null || v === undefined) return 0;
  return typeof v === 'number' || typeof v === 'string' ? toFen(v) : NaN;
}

/** Fen to a yuan number for a JSON answer (the nearest double to the 2-decimal amount). */
export const toYuan = (fen: number): number => Math.round(fen) / 100;

/** A value from SQL or JSON as a yuan number rounded to the fen (null as 0): float8 sums come back as 12.300000000000001. */
export const yuanOf = (v: unknown): number => toYuan(fenOf(v));

/** Yuan with 2 decimals and no separators, for messages and for numeric parameters: 123456 -> "1234.56", -5 -> "-0.05". */
export function yuanText(fen: number): string {
  const f = Math.round(fen);
  const abs = Math.abs(f);
  return `${f < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A yuan amount (numeric text or a number; null as 0) as yuanText writes it, for messages and receipts: 12.5 -> "12.50". */
export const amountText = (yuan: unknown): string => yuanText(fenOf(yuan));

/** Yuan as the screens show it, with thousands separators: 142198 -> "1,421.98". */
export function yuanDisplay(fen: number): string {
  return yuanText(fen).replace(/\B(?=(\d{3})+\.)/g, ',');
}

/** A yuan amount from an API answer as the screens show it; '' when there is none (null, undefined, not a number). */
export function amountDisplay(yuan: unknown): string {
  if (typeof yuan !== 'number' && typeof yuan !== 'string') return '';
  const fen = toFen(yuan);
  return Number.isNaN(fen) ? '' : yuanDisplay(fen);
}

/** The sum of yuan amounts (numeric text, numbers, null as 0) in fen, exact: 0.1 + 0.2 is 30. */
export const sumFen = (amounts: Iterable<unknown>): number => {
  let total = 0;
  for (const a of amounts) total += fenOf(a);
  return total;
};

/**
 * At most 2 decimals, tolerating the binary noise of a sum made in the browser (0.1 + 0.2 passes, 0.125 does not).
 * Input checks use it before toFen, so an amount is refused rather than rounded.
 */
export const isWholeFen = (yuan: number): boolean => Number.isFinite(yuan) && Math.abs(yuan * 100 - Math.round(yuan * 100)) <= 1e-6;

/** a × b / c rounded half up, for a, b ≥ 0 and c > 0 (exact in integers below 2^53): a rate or a share of fen. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (a < 0 || b < 0 || c <= 0) throw new RangeError('mulDivHalfUp takes non-negative operands and a positive divisor');
  return Math.floor((2 * a * b + c) / (2 * c));
}

/**
 * Splits `totalFen` into parts proportional to `weights` (largest remainder): integers that add up to exactly
 * `totalFen`; ties go to the earlier part, so an even split of 100 in 3 is 34, 33, 33. All-zero weights split evenly.
 */
export function splitFen(totalFen: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalFen) || totalFen < 0) throw new RangeError(`bad amount ${totalFen}`);
  if (!weights.length) return [];
  const w = weights.some((x) => x > 0) ? weights.map((x) => Math.max(0, x)) : weights.map(() => 1);
  const sum = w.reduce((a, b) => a + b, 0);
  const exact = w.map((x) => (totalFen * x) / sum);
  const parts = exact.map(Math.floor);
  let left = totalFen - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k][1]]++;
  return parts;
}
