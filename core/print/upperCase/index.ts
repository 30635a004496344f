/**
 * Chinese numerals and RMB amounts in words (the `upperCase` option of text elements and table
 * summaries), plus the number formats of `tableSummaryNumFormat`.
 *
 * Modes, shown for 10.8:
 *   '0' 十点八   '1' 一十点八   '2' 拾点捌   '3' 壹拾点捌
 *   '4' 人民币拾元捌角   '5' 人民币壹拾元捌角   '6' 人民币壹拾元捌角零分   '7' 壹拾元捌角零分
 */

export const UPPER_CASE_MODES = ['0', '1', '2', '3', '4', '5', '6', '7'] as const;
export type UpperCaseMode = (typeof UPPER_CASE_MODES)[number];

export const UPPER_CASE_OPTIONS: ReadonlyArray<{ value: UpperCaseMode; label: string }> = [
  { value: '0', label: '「小写」十点八' },
  { value: '1', label: '「小写」一十点八' },
  { value: '2', label: '「大写」拾点捌' },
  { value: '3', label: '「大写」壹拾点捌' },
  { value: '4', label: '「金额」人民币拾元捌角' },
  { value: '5', label: '「金额」人民币壹拾元捌角' },
  { value: '6', label: '「金额」人民币壹拾元捌角零分' },
  { value: '7', label: '「金额」壹拾元捌角零分' },
];

const LOWER_DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const UPPER_DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const LOWER_UNITS = ['', '十', '百', '千'];
const UPPER_UNITS = ['', '拾', '佰', '仟'];
const SECTION_UNITS = ['', '万', '亿', '万亿'];
/** Largest magnitude read out in words; beyond it the value is returned unchanged. */
const MAX_WORDS = 1e16;

export function isUpperCaseMode(value: unknown): value is UpperCaseMode {
  return typeof value === 'string' && (UPPER_CASE_MODES as readonly string[]).includes(value);
}

/** Digits of a non-negative finite number without exponent notation: [integer, fraction]. */
function splitDecimal(abs: number): [string, string] {
  const text = abs.toFixed(10).replace(/\.?0+$/, '');
  const [int, frac = ''] = text.split('.');
  return [int, frac];
}

/** Reads an integer digit string in Chinese: 10010 -> 一万零一十. */
function readInteger(digits: string, numerals: string[], units: string[]): string {
  const clean = digits.replace(/^0+/, '');
  if (clean === '') return numerals[0];
  let out = '';
  let pendingZero = false;
  const n = clean.length;
  for (let i = 0; i < n; i++) {
    const d = clean.charCodeAt(i) - 48;
    const power = n - 1 - i;
    const unit = power % 4;
    const section = Math.floor(power / 4);
    if (d === 0) {
      pendingZero = true;
    } else {
      if (pendingZero && out) out += numerals[0];
      pendingZero = false;
      out += numerals[d] + units[unit];
    }
    if (unit === 0 && section > 0 && /[1-9]/.test(clean.slice(Math.max(0, i - 3), i + 1))) {
      out += SECTION_UNITS[section];
    }
  }
  return out;
}

function readNumeral(abs: number, upper: boolean, leadingOne: boolean): string {
  const numerals = upper ? UPPER_DIGITS : LOWER_DIGITS;
  const [int, frac] = splitDecimal(abs);
  let words = readInteger(int, numerals, upper ? UPPER_UNITS : LOWER_UNITS);
  const ten = numerals[1] + (upper ? UPPER_UNITS : LOWER_UNITS)[1];
  if (!leadingOne && words.startsWith(ten)) words = words.slice(1);
  if (frac) words += '点' + [...frac].map((c) => numerals[Number(c)]).join('');
  return words;
}

function readAmount(abs: number, leadingOne: boolean, alwaysFen: boolean): string {
  // Integer fen, corrected for binary fractions (1.005 is stored as 1.00499...).
  const fen = Math.round(Number((abs * 100).toPrecision(15)));
  const yuanDigits = String(Math.floor(fen / 100));
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  let yuan = readInteger(yuanDigits, UPPER_DIGITS, UPPER_UNITS);
  if (!leadingOne && yuan.startsWith('壹拾')) yuan = yuan.slice(1);
  const hasYuan = yuanDigits !== '0';
  if (alwaysFen) return `${yuan}元${UPPER_DIGITS[jiao]}角${UPPER_DIGITS[cents]}分`;
  if (jiao === 0 && cents === 0) return `${yuan}元整`;
  let out = hasYuan ? `${yuan}元` : '';
  if (jiao > 0) out += `${UPPER_DIGITS[jiao]}角`;
  if (cents > 0) out += `${jiao === 0 && hasYuan ? '零' : ''}${UPPER_DIGITS[cents]}分`;
  return out;
}

/**
 * Convert a number (or numeric text) with one of the 8 modes. Non-numeric input and an unknown
 * mode return the value as text unchanged, so a bad option never breaks a printed page.
 * @example toChineseUpperCase('5', 10.8) // '人民币壹拾元捌角'
 */
export function toChineseUpperCase(mode: string, value: unknown): string {
  const asText = value === null || value === undefined ? '' : String(value);
  if (!isUpperCaseMode(mode)) return asText;
  const num = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(num) || Math.abs(num) >= MAX_WORDS) return asText;
  const sign = num < 0 ? '负' : '';
  const abs = Math.abs(num);
  switch (mode) {
    case '0':
      return sign + readNumeral(abs, false, false);
    case '1':
      return sign + readNumeral(abs, false, true);
    case '2':
      return sign + readNumeral(abs, true, false);
    case '3':
      return sign + readNumeral(abs, true, true);
    case '4':
      return '人民币' + sign + readAmount(abs, false, false);
    case '5':
      return '人民币' + sign + readAmount(abs, true, false);
    case '6':
      return '人民币' + sign + readAmount(abs, true, true);
    case '7':
      return sign + readAmount(abs, true, true);
  }
}

/** tableSummaryNumFormat values: '0' integer, '1'..'6' keep that many decimals. */
export const SUMMARY_NUM_FORMATS = ['0', '1', '2', '3', '4', '5', '6'] as const;
export type SummaryNumFormat = (typeof SUMMARY_NUM_FORMATS)[number];
export const SUMMARY_NUM_FORMAT_OPTIONS: ReadonlyArray<{ value: SummaryNumFormat; label: string }> = SUMMARY_NUM_FORMATS.map(
  (value) => ({ value, label: value === '0' ? '整数' : `保留${value}位` }),
);
export const DEFAULT_SUMMARY_DECIMALS = 2;

/** Round half away from zero at `decimals`, without binary-fraction surprises (1.005 -> 1.01). */
export function roundHalfUp(value: number, decimals: number): number {
  const f = 10 ** decimals;
  const scaled = Number((Math.abs(value) * f).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / f;
}

/**
 * Text of a summary number. With a format: exactly that many decimals ('2' -> 12.50).
 * Without: rounded to 2 decimals, trailing zeros dropped (12.5).
 */
export function formatSummaryNumber(value: number, numFormat?: string): string {
  if (!Number.isFinite(value)) return '';
  if (numFormat !== undefined && (SUMMARY_NUM_FORMATS as readonly string[]).includes(numFormat)) {
    const decimals = Number(numFormat);
    return roundHalfUp(value, decimals).toFixed(decimals);
  }
  const rounded = roundHalfUp(value, DEFAULT_SUMMARY_DECIMALS);
  return String(Object.is(rounded, -0) ? 0 : rounded);
}
