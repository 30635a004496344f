/**
 * The property catalogue of spec 001 §3: every property the settings panel edits, with its control,
 * value list, how it reads and writes its value on an options object (element options, a table
 * column or a panel), and how it applies itself as CSS to the element. Pure: no React.
 *
 * Rules every property follows: empty ('' / null / undefined) means default and removes the
 * property; a stored value missing from a dropdown list is offered as an extra option
 * (optionsWithStoredValue, at the control).
 */
import {
  AXES, BARCODE_MODES, BARCODE_TYPE_GROUPS, BORDER_SIDE_STYLES, BORDER_STYLES, BORDER_WIDTH_OPTIONS, DATA_TYPES,
  DEFAULT_FONT_FAMILIES, FONT_SIZE_OPTIONS, FONT_WEIGHTS, GRID_COLUMNS, GRID_GUTTER_OPTIONS, IMAGE_FITS,
  LAYOUT_TYPES, LETTER_SPACING_OPTIONS, LINE_HEIGHT_OPTIONS, PADDING_OPTIONS, PANEL_PAGE_RULES, PANEL_PAPER_RULES, QRCODE_TYPE_OPTIONS,
  QR_CODE_LEVEL_OPTIONS, SHOW_IN_PAGE, TABLE_BARCODE_MODES, TABLE_BORDERS, TABLE_FOOTER_REPEATS, TABLE_HEADER_REPEATS,
  TABLE_PART_BORDERS, TABLE_SUMMARIES, TABLE_TEXT_TYPES, TEXT_ALIGNS, TEXT_CONTENT_VERTICAL_ALIGNS, TEXT_CONTENT_WRAPS,
  TEXT_DECORATIONS, TEXT_TYPES, UN_SHOW_IN_PAGE, VERTICAL_ALIGNS, WATERMARK_DEFAULTS, applyOptionValue, type OptionItem,
} from '../../../core/print/options/index.ts';
import { PAPER_TYPE_NAMES } from '../../../core/print/paper/index.ts';
import { SUMMARY_NUM_FORMAT_OPTIONS, UPPER_CASE_OPTIONS } from '../../../core/print/upperCase/index.ts';
import { wrapRotation } from '../interaction/resize.ts';

export type Target = Record<string, unknown>;
export type PropertyTab = 'basic' | 'style' | 'border' | 'column' | 'advanced';
export const PROPERTY_TABS: readonly PropertyTab[] = ['basic', 'style', 'border', 'column', 'advanced'];

/** What the host application provides to the property editors (spec 001 §7). */
export interface HostContext {
  /** font list; default plus SimSun and Microsoft YaHei when absent */
  fonts?: ReadonlyArray<OptionItem<string>>;
  /** field list of the business type the template prints */
  fields?: ReadonlyArray<{ text: string; field: string }>;
  /** the field list for a business type (the designer passes the type chosen in its toolbar) */
  fieldsFor?: (businessType: string | null) => ReadonlyArray<{ text: string; field: string }>;
  /** image chooser: resolves to an image address, or undefined when cancelled */
  chooseImage?: () => Promise<string | undefined>;
  /** names of registered formatter functions, by kind */
  functionNames?: (kind: 'cell' | 'style' | 'merge' | 'group' | 'footer') => string[];
}

export type OptionGroup = { group: string; items: ReadonlyArray<OptionItem> };
export type Control =
  | { kind: 'select'; options: (host: HostContext) => ReadonlyArray<OptionItem> | ReadonlyArray<OptionGroup>; numeric?: boolean; translate?: boolean }
  | { kind: 'text' }
  | { kind: 'field' }
  | { kind: 'textarea' }
  | { kind: 'number'; min?: number; max?: number; step?: number; integer?: boolean }
  | { kind: 'slider'; min: number; max: number; step?: number }
  | { kind: 'checkbox' }
  | { kind: 'color' }
  | { kind: 'coordinate' }
  | { kind: 'widthHeight' }
  | { kind: 'src' }
  | { kind: 'watermark' }
  | { kind: 'columns' };

export type Css = Record<string, string>;

export interface PropertyDef {
  name: string;
  control: Control;
  read(target: Target): unknown;
  /** a new target with the value set; empty removes the property */
  write(target: Target, value: unknown): Target;
  /** the CSS this property gives the element (absent when it only affects layout or data) */
  apply?(target: Target): Css;
}

const isEmpty = (v: unknown) => v === '' || v === null || v === undefined;
const toNumber = (v: unknown): number | undefined => {
  if (isEmpty(v)) return undefined;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : undefined;
};
const items = <V extends string | number>(values: readonly V[]): OptionItem<V>[] => values.map((value) => ({ value, label: String(value) }));
const pt = (v: unknown) => `${v}pt`;

/** A property stored under its own name. */
function plain(name: string, control: Control, apply?: (value: unknown, target: Target) => Css, convert?: (v: unknown) => unknown): PropertyDef {
  return {
    name,
    control,
    read: (t) => t[name],
    write: (t, v) => applyOptionValue(t, name, convert && !isEmpty(v) ? convert(v) : v),
    apply: apply && ((t) => (isEmpty(t[name]) ? {} : apply(t[name], t))),
  };
}
type OptionSource = (host: HostContext) => ReadonlyArray<OptionItem> | ReadonlyArray<OptionGroup>;
const select = (name: string, list: OptionSource, apply?: (v: unknown, t: Target) => Css, opts: { numeric?: boolean; translate?: boolean } = {}) =>
  plain(name, { kind: 'select', options: list, ...opts }, apply, opts.numeric ? toNumber : undefined);
const ptSelect = (name: string, list: ReadonlyArray<OptionItem>, apply?: (v: unknown, t: Target) => Css) => select(name, () => list, apply, { numeric: true });
const enumSelect = (name: string, values: readonly (string | number)[], apply?: (v: unknown, t: Target) => Css) => select(name, () => items(values), apply, { translate: true });
const text = (name: string, apply?: (v: unknown) => Css) => plain(name, { kind: 'text' }, apply);
const textarea = (name: string) => plain(name, { kind: 'textarea' });
const number = (name: string, c: Omit<Control & { kind: 'number' }, 'kind'> = {}, apply?: (v: unknown) => Css) =>
  plain(name, { kind: 'number', ...c }, apply, (v) => {
    const n = toNumber(v);
    if (n === undefined) return undefined;
    const bounded = Math.min(c.max ?? Infinity, Math.max(c.min ?? -Infinity, c.integer ? Math.round(n) : n));
    return bounded;
  });
/** A true-or-unset flag (the spec's "true or unset" properties). */
const flag = (name: string) => ({ ...plain(name, { kind: 'checkbox' }), write: (t: Target, v: unknown) => applyOptionValue(t, name, v === true ? true : undefined) });
/** A stored true/false flag. */
const bool = (name: string) => ({ ...plain(name, { kind: 'checkbox' }), write: (t: Target, v: unknown) => applyOptionValue(t, name, isEmpty(v) ? undefined : v === true) });
const color = (name: string, apply?: (v: unknown) => Css) => plain(name, { kind: 'color' }, apply);
const fn = (name: string, kind: Parameters<NonNullable<HostContext['functionNames']>>[0]) =>
  select(name, (host) => items(host.functionNames?.(kind) ?? []));

const borderSide = (side: 'Left' | 'Top' | 'Right' | 'Bottom'): PropertyDef => ({
  ...enumSelect(`border${side}`, BORDER_SIDE_STYLES),
  apply: (t) => {
    const style = t[`border${side}`];
    if (isEmpty(style)) return {};
    return { [`border${side}`]: `${pt(toNumber(t.borderWidth) ?? 0.75)} ${style} ${typeof t.borderColor === 'string' && t.borderColor ? t.borderColor : '#000'}` };
  },
});

const pair = (name: 'coordinate' | 'widthHeight', a: 'left' | 'width', b: 'top' | 'height'): PropertyDef => ({
  name,
  control: { kind: name },
  read: (t) => ({ [a]: toNumber(t[a]) ?? 0, [b]: toNumber(t[b]) ?? 0 }),
  // an empty position or size is 0 (§5)
  write: (t, v) => {
    const value = (v ?? {}) as Record<string, unknown>;
    return { ...t, [a]: toNumber(value[a]) ?? 0, [b]: toNumber(value[b]) ?? 0 };
  },
  apply: (t) => ({ [a]: pt(toNumber(t[a]) ?? 0), [b]: pt(toNumber(t[b]) ?? 0) }),
});

const fontFamily: PropertyDef = {
  ...select('fontFamily', (host) => (host.fonts && host.fonts.length ? [{ value: '', label: DEFAULT_FONT_FAMILIES[0].label }, ...host.fonts.filter((f) => f.value !== '')] : DEFAULT_FONT_FAMILIES), (v) => ({ fontFamily: String(v) })),
};

const watermark: PropertyDef = {
  name: 'watermarkOptions',
  control: { kind: 'watermark' },
  read: (t) => ({ ...WATERMARK_DEFAULTS, ...((t.watermarkOptions as object) ?? {}) }),
  // only what differs from the defaults is stored; nothing when it is all default
  write: (t, v) => {
    const value = (v ?? {}) as Record<string, unknown>;
    const stored: Record<string, unknown> = {};
    for (const [k, def] of Object.entries(WATERMARK_DEFAULTS)) if (!isEmpty(value[k]) && value[k] !== def) stored[k] = value[k];
    return applyOptionValue(t, 'watermarkOptions', Object.keys(stored).length ? stored : undefined);
  },
};

const columnsList: PropertyDef = {
  name: 'columns',
  control: { kind: 'columns' },
  read: (t) => t.columns ?? [],
  write: (t, v) => applyOptionValue(t, 'columns', Array.isArray(v) && v.length ? v : undefined),
};

const srcProperty: PropertyDef = plain('src', { kind: 'src' });

const fieldProperty: PropertyDef = plain('field', { kind: 'field' });

/** Properties of print elements (options of every type; each type's propPanel picks its own). */
export const ELEMENT_PROPERTIES: Readonly<Record<string, PropertyDef>> = Object.fromEntries([
  // basic
  textarea('title'),
  fieldProperty,
  textarea('testData'),
  pair('coordinate', 'left', 'top'),
  pair('widthHeight', 'width', 'height'),
  flag('hideTitle'),
  enumSelect('textType', TEXT_TYPES),
  select('barcodeMode', () => items(BARCODE_MODES)),
  select('qrCodeLevel', () => QR_CODE_LEVEL_OPTIONS, undefined, { numeric: true }),
  enumSelect('dataType', DATA_TYPES),
  text('format'),
  select('upperCase', () => UPPER_CASE_OPTIONS),
  srcProperty,
  enumSelect('fit', IMAGE_FITS, (v) => ({ objectFit: String(v) })),
  textarea('content'),
  select('barcodeType', () => BARCODE_TYPE_GROUPS),
  select('qrcodeType', () => QRCODE_TYPE_OPTIONS),
  // style
  fontFamily,
  ptSelect('fontSize', FONT_SIZE_OPTIONS, (v) => ({ fontSize: pt(v) })),
  enumSelect('fontWeight', FONT_WEIGHTS, (v) => ({ fontWeight: String(v) })),
  ptSelect('letterSpacing', LETTER_SPACING_OPTIONS, (v) => ({ letterSpacing: pt(v) })),
  ptSelect('lineHeight', LINE_HEIGHT_OPTIONS, (v) => ({ lineHeight: pt(v) })),
  enumSelect('textAlign', TEXT_ALIGNS, (v) => ({ textAlign: String(v) })),
  enumSelect('textDecoration', TEXT_DECORATIONS, (v) => ({ textDecoration: String(v) })),
  color('color', (v) => ({ color: String(v) })),
  color('backgroundColor', (v) => ({ backgroundColor: String(v) })),
  enumSelect('textContentVerticalAlign', TEXT_CONTENT_VERTICAL_ALIGNS, (v) => ({ justifyContent: v === 'bottom' ? 'flex-end' : 'center' })),
  enumSelect('textContentWrap', TEXT_CONTENT_WRAPS, (v): Css => (v === 'nowrap'
    ? { whiteSpace: 'nowrap' }
    : v === 'clip' ? { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'clip' } : { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' })),
  ptSelect('longTextIndent', PADDING_OPTIONS, (v) => ({ textIndent: pt(v) })),
  bool('leftSpaceRemoved'),
  text('borderRadius', (v) => ({ borderRadius: /^\d+(\.\d+)?$/.test(String(v)) ? pt(v) : String(v) })),
  ptSelect('contentPaddingLeft', PADDING_OPTIONS, (v) => ({ paddingLeft: pt(v) })),
  ptSelect('contentPaddingTop', PADDING_OPTIONS, (v) => ({ paddingTop: pt(v) })),
  ptSelect('contentPaddingRight', PADDING_OPTIONS, (v) => ({ paddingRight: pt(v) })),
  ptSelect('contentPaddingBottom', PADDING_OPTIONS, (v) => ({ paddingBottom: pt(v) })),
  // border
  borderSide('Left'),
  borderSide('Top'),
  borderSide('Right'),
  borderSide('Bottom'),
  ptSelect('borderWidth', BORDER_WIDTH_OPTIONS),
  color('borderColor'),
  enumSelect('borderStyle', BORDER_STYLES),
  enumSelect('tableBorder', TABLE_BORDERS),
  enumSelect('tableHeaderBorder', TABLE_PART_BORDERS),
  enumSelect('tableHeaderCellBorder', TABLE_BORDERS),
  enumSelect('tableBodyRowBorder', TABLE_PART_BORDERS),
  enumSelect('tableBodyCellBorder', TABLE_BORDERS),
  enumSelect('tableFooterBorder', TABLE_PART_BORDERS),
  enumSelect('tableFooterCellBorder', TABLE_BORDERS),
  // column (table)
  columnsList,
  ptSelect('tableHeaderRowHeight', LINE_HEIGHT_OPTIONS),
  ptSelect('tableHeaderFontSize', FONT_SIZE_OPTIONS),
  enumSelect('tableHeaderFontWeight', FONT_WEIGHTS),
  color('tableHeaderBackground'),
  ptSelect('tableBodyRowHeight', LINE_HEIGHT_OPTIONS),
  select('gridColumns', () => items(GRID_COLUMNS), undefined, { numeric: true }),
  ptSelect('gridColumnsGutter', GRID_GUTTER_OPTIONS),
  enumSelect('tableHeaderRepeat', TABLE_HEADER_REPEATS),
  enumSelect('tableFooterRepeat', TABLE_FOOTER_REPEATS),
  flag('tableGrandTotal'),
  number('maxRows', { min: 1, step: 1, integer: true }),
  bool('autoCompletion'),
  // advanced
  bool('fixed'),
  enumSelect('axis', AXES),
  flag('pageBreak'),
  enumSelect('showInPage', SHOW_IN_PAGE),
  enumSelect('unShowInPage', UN_SHOW_IN_PAGE),
  { ...number('transform', { step: 1 }), write: (t: Target, v: unknown) => applyOptionValue(t, 'transform', toNumber(v) === undefined || wrapRotation(toNumber(v)!) === 0 ? undefined : wrapRotation(toNumber(v)!)), apply: (t: Target): Css => (toNumber(t.transform) ? { transform: `rotate(${toNumber(t.transform)}deg)` } : {}) },
  number('zIndex', { step: 1, integer: true }, (v) => ({ zIndex: String(v) })),
  number('lHeight', { min: 0, step: 0.75 }, (v) => ({ minHeight: pt(v) })),
  fn('formatter', 'cell'),
  fn('styler', 'style'),
  fn('rowStyler', 'style'),
  fn('rowsColumnsMerge', 'merge'),
  flag('rowsColumnsMergeClean'),
  fn('groupFormatter', 'group'),
  fn('groupFooterFormatter', 'group'),
  fn('footerFormatter', 'footer'),
  fn('gridColumnsFooterFormatter', 'footer'),
  {
    ...text('groupFields'),
    read: (t: Target) => (Array.isArray(t.groupFields) ? t.groupFields.join(',') : ''),
    write: (t: Target, v: unknown) => {
      const list = String(v ?? '').split(/[,，]/).map((s) => s.trim()).filter(Boolean);
      return applyOptionValue(t, 'groupFields', list.length ? list : undefined);
    },
  },
].map((p) => [p.name, p]));

/** Properties of a table column (the '<title> column properties' panel). */
export const COLUMN_PROPERTIES: Readonly<Record<string, PropertyDef>> = Object.fromEntries([
  text('title'),
  fieldProperty,
  number('width', { min: 10, step: 0.75 }),
  enumSelect('align', TEXT_ALIGNS),
  enumSelect('halign', TEXT_ALIGNS),
  enumSelect('vAlign', VERTICAL_ALIGNS),
  ptSelect('paddingLeft', PADDING_OPTIONS),
  ptSelect('paddingRight', PADDING_OPTIONS),
  enumSelect('tableTextType', TABLE_TEXT_TYPES),
  select('tableBarcodeMode', () => items(TABLE_BARCODE_MODES)),
  select('tableQRCodeLevel', () => QR_CODE_LEVEL_OPTIONS, undefined, { numeric: true }),
  number('tableColumnHeight', { min: 0, step: 0.75 }),
  {
    ...select('tableSummaryTitle', () => items(['show', 'hide']), undefined, { translate: true }),
    read: (t: Target) => (t.tableSummaryTitle === false ? 'hide' : 'show'),
    write: (t: Target, v: unknown) => applyOptionValue(t, 'tableSummaryTitle', v === 'hide' ? false : undefined),
  },
  text('tableSummaryText'),
  number('tableSummaryColspan', { min: 0, step: 1, integer: true }),
  enumSelect('tableSummary', TABLE_SUMMARIES),
  enumSelect('tableSummaryAlign', TEXT_ALIGNS),
  select('tableSummaryNumFormat', () => SUMMARY_NUM_FORMAT_OPTIONS),
  select('upperCase', () => UPPER_CASE_OPTIONS),
  fn('renderFormatter', 'cell'),
  fn('formatter2', 'cell'),
  fn('styler2', 'style'),
  fn('stylerHeader', 'style'),
  fn('tableSummaryFormatter', 'cell'),
].map((p) => [p.name, p]));

/** One field of a panel's panelLayoutOptions (layoutType, layoutRowGap, layoutColumnGap); the object goes when empty. */
const layoutOption = (base: PropertyDef): PropertyDef => ({
  ...base,
  read: (t) => ((t.panelLayoutOptions ?? {}) as Target)[base.name],
  write: (t, v) => {
    const next = base.write({ ...((t.panelLayoutOptions ?? {}) as Target) }, v);
    return applyOptionValue(t, 'panelLayoutOptions', Object.keys(next).length ? next : undefined);
  },
});

const paperTypeOptions = () => [...items(PAPER_TYPE_NAMES), { value: 'other', label: 'other' }];

/** Properties of a panel (paper). */
export const PANEL_PROPERTIES: Readonly<Record<string, PropertyDef>> = Object.fromEntries([
  text('name'),
  select('paperType', paperTypeOptions, undefined, { translate: true }),
  number('width', { min: 1, step: 1 }),
  number('height', { min: 1, step: 1 }),
  select('orient', () => [{ value: 1, label: 'portrait' }, { value: 2, label: 'landscape' }], undefined, { numeric: true, translate: true }),
  number('paperHeader', { min: 0, step: 0.75 }),
  number('paperFooter', { min: 0, step: 0.75 }),
  number('firstPaperFooter', { min: 0, step: 0.75 }),
  number('evenPaperFooter', { min: 0, step: 0.75 }),
  number('oddPaperFooter', { min: 0, step: 0.75 }),
  number('lastPaperFooter', { min: 0, step: 0.75 }),
  number('paperNumberLeft', { step: 0.75 }),
  number('paperNumberTop', { step: 0.75 }),
  flag('paperNumberDisabled'),
  bool('paperNumberContinue'),
  text('paperNumberFormat'),
  enumSelect('panelPaperRule', PANEL_PAPER_RULES),
  enumSelect('panelPageRule', PANEL_PAGE_RULES),
  number('topOffset', { step: 0.75 }),
  number('leftOffset', { step: 0.75 }),
  fontFamily,
  flag('rotate'),
  watermark,
  layoutOption(enumSelect('layoutType', LAYOUT_TYPES)),
  layoutOption(number('layoutRowGap', { min: 0, step: 1 })),
  layoutOption(number('layoutColumnGap', { min: 0, step: 1 })),
].map((p) => [p.name, p]));

/** All CSS an element's options give it (the "apply" of every element property it carries). */
export function elementCss(options: Target): Css {
  let css: Css = {};
  for (const p of Object.values(ELEMENT_PROPERTIES)) if (p.apply && p.name !== 'coordinate' && p.name !== 'widthHeight') css = { ...css, ...p.apply(options) };
  return css;
}
