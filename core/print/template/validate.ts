/**
 * validateTemplate: the only way a stored or imported template becomes a PrintTemplate.
 * Every error names its JSON path; unknown properties, code strings and foreign templates are refused.
 */
import {
  AXES, BARCODE_MODES, BORDER_SIDE_STYLES, BORDER_STYLES, DATA_TYPES, FONT_WEIGHTS, IMAGE_FITS, PANEL_PAGE_RULES,
  PANEL_PAPER_RULES, SHOW_IN_PAGE, TABLE_BARCODE_MODES, TABLE_BORDERS, TABLE_FOOTER_REPEATS, TABLE_HEADER_REPEATS,
  TABLE_PART_BORDERS, TABLE_SUMMARIES, TABLE_TEXT_TYPES, TEXT_ALIGNS, TEXT_CONTENT_VERTICAL_ALIGNS, TEXT_CONTENT_WRAPS,
  TEXT_DECORATIONS, TEXT_TYPES, UN_SHOW_IN_PAGE, VERTICAL_ALIGNS,
} from '../options/index.ts';
import { MIN_HEADER_FOOTER_GAP, isPaperTypeName, units } from '../paper/index.ts';
import { SUMMARY_NUM_FORMATS, UPPER_CASE_MODES } from '../upperCase/index.ts';
import { FUNCTION_KEY_FIELDS, FUNCTION_KEY_PATTERN, type FormatterRegistry } from './registry.ts';
import {
  ELEMENT_TYPES, TEMPLATE_KIND, TEMPLATE_VERSION, type ElementType, type PrintTemplate, type TemplateError,
  type TemplateValidation,
} from './types.ts';

export const REMOVED_TABLE_CUSTOM = 'The element type tableCustom has been removed; use table instead';

type Rule =
  | { t: 'number'; min?: number; max?: number; int?: boolean; positive?: boolean }
  | { t: 'string' }
  | { t: 'boolean' }
  | { t: 'enum'; values: readonly (string | number)[] }
  | { t: 'fn' }
  | { t: 'custom'; check: (value: unknown, path: string, ctx: Ctx) => void };
type Rules = Record<string, Rule>;

interface Ctx {
  errors: TemplateError[];
  registry?: FormatterRegistry;
}

const num = (extra: Omit<Extract<Rule, { t: 'number' }>, 't'> = {}): Rule => ({ t: 'number', ...extra });
const str: Rule = { t: 'string' };
const bool: Rule = { t: 'boolean' };
const fn: Rule = { t: 'fn' };
const oneOf = (values: readonly (string | number)[]): Rule => ({ t: 'enum', values });
const nonNeg = num({ min: 0 });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const describe = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'string' ? `'${v.slice(0, 40)}'` : String(v));

function checkRule(rule: Rule, value: unknown, path: string, ctx: Ctx): void {
  const fail = (message: string): void => {
    ctx.errors.push({ path, message });
  };
  switch (rule.t) {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail(`must be a finite number, got ${describe(value)}`);
      if (rule.int && !Number.isInteger(value)) return fail(`must be a whole number, got ${value}`);
      if (rule.positive && value <= 0) return fail(`must be greater than 0, got ${value}`);
      if (rule.min !== undefined && value < rule.min) return fail(`must be at least ${rule.min}, got ${value}`);
      if (rule.max !== undefined && value > rule.max) return fail(`must be at most ${rule.max}, got ${value}`);
      return;
    case 'string':
      if (typeof value !== 'string') fail(`must be text, got ${describe(value)}`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') fail(`must be true or false, got ${describe(value)}`);
      return;
    case 'enum':
      if (!rule.values.includes(value as string | number)) fail(`must be one of ${rule.values.join(', ')}; got ${describe(value)}`);
      return;
    case 'fn': {
      const key = path.slice(path.lastIndexOf('.') + 1);
      if (typeof value !== 'string' || !FUNCTION_KEY_PATTERN.test(value)) {
        return fail('must be the name of a registered function; a template never carries code');
      }
      const kind = FUNCTION_KEY_FIELDS[key];
      if (ctx.registry && kind && !ctx.registry.has(kind, value)) fail(`'${value}' is not a registered ${kind} function`);
      return;
    }
    case 'custom':
      rule.check(value, path, ctx);
  }
}

function checkObject(value: unknown, rules: Rules, path: string, ctx: Ctx, what: string): value is Record<string, unknown> {
  if (!isRecord(value)) {
    ctx.errors.push({ path, message: `${what} must be an object, got ${describe(value)}` });
    return false;
  }
  for (const [key, v] of Object.entries(value)) {
    const rule = rules[key];
    const at = `${path}.${key}`;
    if (!rule) ctx.errors.push({ path: at, message: `unknown property of ${what}` });
    else if (v !== undefined) checkRule(rule, v, at, ctx);
  }
  return true;
}

const listOf = (item: (v: unknown, path: string, ctx: Ctx) => void): Rule => ({
  t: 'custom',
  check(value, path, ctx) {
    if (!Array.isArray(value)) return void ctx.errors.push({ path, message: `must be a list, got ${describe(value)}` });
    value.forEach((v, i) => item(v, `${path}[${i}]`, ctx));
  },
});
const stringList = listOf((v, path, ctx) => checkRule(str, v, path, ctx));
const fieldList = listOf((v, path, ctx) => void checkObject(v, { text: str, field: str }, path, ctx, 'field entry'));

const COMMON: Rules = {
  left: num(), top: num(), width: nonNeg, height: nonNeg, field: str, title: str, testData: str, hideTitle: bool,
  fixed: bool, pageBreak: bool, showInPage: oneOf(SHOW_IN_PAGE), unShowInPage: oneOf(UN_SHOW_IN_PAGE), axis: oneOf(AXES),
  transform: num({ min: -360, max: 360 }), zIndex: num({ int: true }), color: str, backgroundColor: str,
  borderLeft: oneOf(BORDER_SIDE_STYLES), borderTop: oneOf(BORDER_SIDE_STYLES), borderRight: oneOf(BORDER_SIDE_STYLES),
  borderBottom: oneOf(BORDER_SIDE_STYLES), borderWidth: nonNeg, borderColor: str, borderStyle: oneOf(BORDER_STYLES),
  contentPaddingLeft: nonNeg, contentPaddingTop: nonNeg, contentPaddingRight: nonNeg, contentPaddingBottom: nonNeg,
  fontFamily: str, fontSize: num({ positive: true }), fontWeight: oneOf(FONT_WEIGHTS), letterSpacing: num(),
  textAlign: oneOf(TEXT_ALIGNS), lineHeight: num({ positive: true }), textDecoration: oneOf(TEXT_DECORATIONS),
  textContentVerticalAlign: oneOf(TEXT_CONTENT_VERTICAL_ALIGNS), textContentWrap: oneOf(TEXT_CONTENT_WRAPS),
  formatter: fn, styler: fn,
};
const QR_LEVELS = [0, 1, 2, 3] as const;
const TEXTISH: Rules = { dataType: oneOf(DATA_TYPES), format: str, upperCase: oneOf(UPPER_CASE_MODES) };

const COLUMN: Rules = {
  width: nonNeg, title: str, field: str, checked: bool, columnId: str, rowspan: num({ int: true, min: 1 }),
  colspan: num({ int: true, min: 1 }), align: oneOf(TEXT_ALIGNS), halign: oneOf(TEXT_ALIGNS), vAlign: oneOf(VERTICAL_ALIGNS),
  paddingLeft: nonNeg, paddingRight: nonNeg, renderFormatter: fn, formatter2: fn, styler2: fn, stylerHeader: fn,
  tableColumnHeight: nonNeg, tableTextType: oneOf(TABLE_TEXT_TYPES), tableBarcodeMode: oneOf(TABLE_BARCODE_MODES),
  tableQRCodeLevel: oneOf(QR_LEVELS), tableSummaryTitle: bool, tableSummaryText: str,
  tableSummaryColspan: num({ int: true, min: 0 }), tableSummary: oneOf(TABLE_SUMMARIES), tableSummaryAlign: oneOf(TEXT_ALIGNS),
  tableSummaryNumFormat: oneOf(SUMMARY_NUM_FORMATS), tableSummaryFormatter: fn, upperCase: oneOf(UPPER_CASE_MODES),
};
const columnRow = listOf((v, path, ctx) => void checkObject(v, COLUMN, path, ctx, 'table column'));
const columnRows = listOf((v, path, ctx) => checkRule(columnRow, v, path, ctx));

const TYPE_RULES: Record<ElementType, Rules> = {
  text: { ...COMMON, ...TEXTISH, textType: oneOf(TEXT_TYPES), barcodeMode: oneOf(BARCODE_MODES), qrCodeLevel: oneOf(QR_LEVELS) },
  image: { ...COMMON, src: str, fit: oneOf(IMAGE_FITS), borderRadius: str },
  longText: { ...COMMON, ...TEXTISH, longTextIndent: nonNeg, leftSpaceRemoved: bool, lHeight: nonNeg },
  html: { ...COMMON, content: str },
  vline: COMMON,
  hline: COMMON,
  rect: { ...COMMON, borderRadius: str },
  oval: { ...COMMON, borderRadius: str },
  barcode: { ...COMMON, barcodeType: str },
  qrcode: { ...COMMON, qrcodeType: str, qrCodeLevel: oneOf(QR_LEVELS) },
  table: {
    ...COMMON, columns: columnRows, fields: fieldList, gridColumns: num({ int: true, min: 1, max: 4 }),
    gridColumnsGutter: nonNeg, tableHeaderRepeat: oneOf(TABLE_HEADER_REPEATS), tableFooterRepeat: oneOf(TABLE_FOOTER_REPEATS),
    tableGrandTotal: bool, autoCompletion: bool, maxRows: num({ int: true, min: 1 }), rowsColumnsMerge: fn,
    rowsColumnsMergeClean: bool, lHeight: nonNeg, content: str, footerFormatter: fn, gridColumnsFooterFormatter: fn,
    rowStyler: fn, groupFields: stringList, groupFormatter: fn, groupFooterFormatter: fn, groupFieldsFormatter: fn,
    tableBorder: oneOf(TABLE_BORDERS), tableHeaderBorder: oneOf(TABLE_PART_BORDERS), tableHeaderCellBorder: oneOf(TABLE_BORDERS),
    tableHeaderRowHeight: num({ positive: true }), tableHeaderFontSize: num({ positive: true }),
    tableHeaderFontWeight: oneOf(FONT_WEIGHTS), tableHeaderBackground: str, tableBodyRowHeight: num({ positive: true }),
    tableBodyRowBorder: oneOf(TABLE_PART_BORDERS), tableBodyCellBorder: oneOf(TABLE_BORDERS),
    tableFooterBorder: oneOf(TABLE_PART_BORDERS), tableFooterCellBorder: oneOf(TABLE_BORDERS),
  },
};

function checkElement(value: unknown, path: string, ctx: Ctx): void {
  if (!isRecord(value)) return void ctx.errors.push({ path, message: `print element must be an object, got ${describe(value)}` });
  const type = value.type;
  if (type === 'tableCustom') return void ctx.errors.push({ path: `${path}.type`, message: REMOVED_TABLE_CUSTOM });
  if (!(ELEMENT_TYPES as readonly unknown[]).includes(type)) {
    return void ctx.errors.push({ path: `${path}.type`, message: `unknown element type ${describe(type)}; expected one of ${ELEMENT_TYPES.join(', ')}` });
  }
  const rules = TYPE_RULES[type as ElementType];
  checkObject(value, {
    type: str, tid: str, title: str, text: str, field: str, fields: fieldList, data: str, formatter: fn, styler: fn,
    options: { t: 'custom', check: (v, p, c) => void checkObject(v, rules, p, c, `${String(type)} options`) },
  }, path, ctx, 'print element');
  if (value.options === undefined) ctx.errors.push({ path: `${path}.options`, message: 'is required' });
}

const WATERMARK: Rules = {
  content: str, fillStyle: str, fontSize: str, rotate: num({ min: 0, max: 360 }), width: num({ positive: true }),
  height: num({ positive: true }), timestamp: bool, format: str,
};
const LAYOUT: Rules = { layoutType: oneOf(['column', 'row']), layoutRowGap: nonNeg, layoutColumnGap: nonNeg };

const PANEL: Rules = {
  index: num({ int: true, min: 0 }), name: str, width: num({ positive: true }), height: num({ positive: true }),
  paperType: {
    t: 'custom',
    check: (v, path, ctx) => {
      if (typeof v !== 'string' || !(isPaperTypeName(v) || v === 'other')) ctx.errors.push({ path, message: `not found pagetype: ${describe(v)}` });
    },
  },
  paperHeader: nonNeg, paperFooter: nonNeg, printElements: listOf(checkElement),
  paperNumberLeft: num(), paperNumberTop: num(), paperNumberDisabled: bool, paperNumberContinue: bool, paperNumberFormat: str,
  panelPaperRule: oneOf(PANEL_PAPER_RULES), panelPageRule: oneOf(PANEL_PAGE_RULES),
  firstPaperFooter: nonNeg, evenPaperFooter: nonNeg, oddPaperFooter: nonNeg, lastPaperFooter: nonNeg,
  topOffset: num(), leftOffset: num(), fontFamily: str, orient: oneOf([1, 2]), rotate: bool, scale: num({ positive: true }),
  watermarkOptions: { t: 'custom', check: (v, p, c) => void checkObject(v, WATERMARK, p, c, 'watermarkOptions') },
  panelLayoutOptions: { t: 'custom', check: (v, p, c) => void checkObject(v, LAYOUT, p, c, 'panelLayoutOptions') },
};
const REQUIRED_PANEL_FIELDS = ['index', 'width', 'height', 'paperHeader', 'paperFooter', 'printElements'] as const;
const FOOTER_FIELDS = ['paperFooter', 'firstPaperFooter', 'evenPaperFooter', 'oddPaperFooter', 'lastPaperFooter'] as const;

function checkPanel(value: unknown, path: string, ctx: Ctx): void {
  if (!checkObject(value, PANEL, path, ctx, 'panel')) return;
  for (const key of REQUIRED_PANEL_FIELDS) {
    if (value[key] === undefined) ctx.errors.push({ path: `${path}.${key}`, message: 'is required' });
  }
  const header = value.paperHeader;
  if (typeof header !== 'number' || !Number.isFinite(header)) return;
  const heightPt = typeof value.height === 'number' ? units.mmToPt(value.height) : Infinity;
  for (const key of FOOTER_FIELDS) {
    const footer = value[key];
    if (typeof footer !== 'number' || !Number.isFinite(footer)) continue;
    if (footer - header < MIN_HEADER_FOOTER_GAP) {
      ctx.errors.push({ path: `${path}.${key}`, message: `the header line (${header}) must be at least ${MIN_HEADER_FOOTER_GAP} above the footer line (${footer})` });
    }
    if (footer > heightPt + 0.5) {
      ctx.errors.push({ path: `${path}.${key}`, message: `the footer line (${footer}pt) lies below the paper (${Math.round(heightPt * 100) / 100}pt high)` });
    }
  }
}

/** Finds JavaScript functions anywhere in the value (possible when a caller passes objects, not JSON text). */
function findFunctions(value: unknown, path: string, ctx: Ctx, seen: Set<object>): void {
  if (typeof value === 'function') return void ctx.errors.push({ path, message: 'a template cannot carry code (function value)' });
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) value.forEach((v, i) => findFunctions(v, `${path}[${i}]`, ctx, seen));
  else for (const [k, v] of Object.entries(value)) findFunctions(v, path ? `${path}.${k}` : k, ctx, seen);
}

export interface ValidateOptions {
  /** when given, every function key must be registered here */
  registry?: FormatterRegistry;
}

/**
 * Validate a template (JSON text or parsed value).
 * @example
 * const result = validateTemplate(stored.json);
 * if (!result.ok) showErrors(result.errors); else designer.load(result.template);
 */
export function validateTemplate(json: unknown, options: ValidateOptions = {}): TemplateValidation {
  const ctx: Ctx = { errors: [], registry: options.registry };
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (e) {
      return { ok: false, errors: [{ path: '', message: `template is not valid JSON: ${(e as Error).message}` }] };
    }
  }
  if (!isRecord(value)) return { ok: false, errors: [{ path: '', message: `a template must be an object, got ${describe(value)}` }] };
  findFunctions(value, '', ctx, new Set());
  if (ctx.errors.length) return { ok: false, errors: ctx.errors };
  if (value.version === undefined) {
    return {
      ok: false,
      errors: [{ path: 'version', message: `template has no version: an old or foreign template (e.g. a hiprint export) cannot be loaded; this designer reads version ${TEMPLATE_VERSION}` }],
    };
  }
  if (value.version !== TEMPLATE_VERSION) {
    return { ok: false, errors: [{ path: 'version', message: `unsupported template version ${describe(value.version)}; this designer reads version ${TEMPLATE_VERSION}` }] };
  }
  checkObject(value, {
    version: num(),
    kind: oneOf([TEMPLATE_KIND]),
    panels: listOf(checkPanel),
  }, '', ctx, 'template');
  if (!Array.isArray(value.panels)) {
    if (value.panels === undefined) ctx.errors.push({ path: 'panels', message: 'is required' });
  } else if (value.panels.length === 0) ctx.errors.push({ path: 'panels', message: 'a template needs at least one panel' });
  if (ctx.errors.length) return { ok: false, errors: ctx.errors.map((e) => ({ ...e, path: e.path.replace(/^\./, '') })) };
  const template = structuredClone(value) as unknown as PrintTemplate;
  template.kind = TEMPLATE_KIND;
  return { ok: true, template };
}

/** A new, valid, empty A4 template. */
export function emptyTemplate(): PrintTemplate {
  const heightPt = Math.floor(units.mmToPt(297) * 100) / 100;
  return {
    version: TEMPLATE_VERSION,
    kind: TEMPLATE_KIND,
    panels: [{ index: 0, name: '1', paperType: 'A4', width: 210, height: 297, paperHeader: 0, paperFooter: heightPt, printElements: [], paperNumberContinue: true }],
  };
}
