/**
 * Value lists of the property catalogue (spec 001 §3 and §9) and the two list rules every dropdown
 * follows: a stored value missing from its list is shown as an extra option, and choosing "empty"
 * (default) leaves the property unset instead of storing ''.
 */

export interface OptionItem<V extends string | number = string | number> {
  value: V;
  label: string;
  /** true when the value came from a stored template and is not part of the built-in list */
  extra?: boolean;
}

/** from, from+step, ... up to `to` (inclusive), without float drift (0.75 steps stay exact). */
export function numberSteps(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  const count = Math.floor((to - from) / step + 1e-9);
  for (let i = 0; i <= count; i++) out.push(Math.round((from + i * step) * 1000) / 1000);
  return out;
}

function ptOptions(values: number[]): OptionItem<number>[] {
  return values.map((value) => ({ value, label: `${value}pt` }));
}

/** Font size: 3 to 21.75 pt in 0.75 steps, then whole sizes up to 60. */
export const FONT_SIZES: readonly number[] = [...numberSteps(3, 21.75, 0.75), 22, 24, 26, 28, 30, 32, 36, 40, 44, 48, 54, 60];
/** Line height: 3 to 36 pt in 0.75 steps, then up to 60. */
export const LINE_HEIGHTS: readonly number[] = [...numberSteps(3, 36, 0.75), 40, 44, 48, 54, 60];
export const LETTER_SPACINGS: readonly number[] = numberSteps(0.75, 12, 0.75);
export const BORDER_WIDTHS: readonly number[] = numberSteps(0.75, 6.75, 0.75);
export const PADDINGS: readonly number[] = numberSteps(0.75, 21.75, 0.75);
export const GRID_GUTTERS: readonly number[] = numberSteps(1.5, 9, 1.5);

export const FONT_SIZE_OPTIONS = ptOptions([...FONT_SIZES]);
export const LINE_HEIGHT_OPTIONS = ptOptions([...LINE_HEIGHTS]);
export const LETTER_SPACING_OPTIONS = ptOptions([...LETTER_SPACINGS]);
export const BORDER_WIDTH_OPTIONS = ptOptions([...BORDER_WIDTHS]);
export const PADDING_OPTIONS = ptOptions([...PADDINGS]);
export const GRID_GUTTER_OPTIONS = ptOptions([...GRID_GUTTERS]);

/** Used when the host provides no font list. '' is the default font. */
export const DEFAULT_FONT_FAMILIES: ReadonlyArray<OptionItem<string>> = [
  { value: '', label: '默认' },
  { value: 'SimSun', label: '宋体' },
  { value: 'Microsoft YaHei', label: '微软雅黑' },
];

/** panelLayoutOptions.layoutType: pages one under the other (default) or side by side. */
export const LAYOUT_TYPES = ['column', 'row'] as const;

export const FONT_WEIGHTS = ['lighter', 'bold', 'bolder', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];
export const TEXT_ALIGNS = ['left', 'center', 'right', 'justify'] as const;
export type TextAlign = (typeof TEXT_ALIGNS)[number];
export const TEXT_DECORATIONS = ['underline', 'overline', 'line-through'] as const;
export type TextDecoration = (typeof TEXT_DECORATIONS)[number];
export const VERTICAL_ALIGNS = ['top', 'middle', 'bottom'] as const;
export type VerticalAlign = (typeof VERTICAL_ALIGNS)[number];
export const TEXT_CONTENT_VERTICAL_ALIGNS = ['middle', 'bottom'] as const;
export type TextContentVerticalAlign = (typeof TEXT_CONTENT_VERTICAL_ALIGNS)[number];
export const TEXT_CONTENT_WRAPS = ['nowrap', 'clip', 'ellipsis'] as const;
export type TextContentWrap = (typeof TEXT_CONTENT_WRAPS)[number];

/** borderTop/Left/Right/Bottom: empty means no border. */
export const BORDER_SIDE_STYLES = ['solid', 'dotted'] as const;
export type BorderSideStyle = (typeof BORDER_SIDE_STYLES)[number];
/** borderStyle of lines and shapes. */
export const BORDER_STYLES = ['solid', 'dashed', 'dotted'] as const;
export type BorderStyle = (typeof BORDER_STYLES)[number];
export const TABLE_BORDERS = ['border', 'noBorder'] as const;
export type TableBorder = (typeof TABLE_BORDERS)[number];
export const TABLE_PART_BORDERS = [
  'border', 'noBorder', 'leftBorder', 'rightBorder', 'leftRightBorder', 'topBorder', 'bottomBorder', 'topBottomBorder',
] as const;
export type TablePartBorder = (typeof TABLE_PART_BORDERS)[number];

/** barcodeMode of text elements (JsBarcode names). */
export const BARCODE_MODES = [
  'CODE128', 'CODE128A', 'CODE128B', 'CODE128C', 'CODE39', 'EAN13', 'EAN8', 'EAN5', 'EAN2', 'UPC',
  'ITF', 'ITF14', 'MSI', 'MSI10', 'MSI11', 'MSI1010', 'MSI1110', 'pharmacode',
] as const;
export type BarcodeMode = (typeof BARCODE_MODES)[number];
export const DEFAULT_BARCODE_MODE: BarcodeMode = 'CODE128';
/** tableBarcodeMode: the same list with hyphenated EAN names. */
export const TABLE_BARCODE_MODES = [
  'CODE128', 'CODE128A', 'CODE128B', 'CODE128C', 'CODE39', 'EAN-13', 'EAN-8', 'EAN-5', 'EAN-2', 'UPC',
  'ITF', 'ITF-14', 'MSI', 'MSI10', 'MSI11', 'MSI1010', 'MSI1110', 'pharmacode',
] as const;
export type TableBarcodeMode = (typeof TABLE_BARCODE_MODES)[number];

/** qrCodeLevel: 1 = L, 0 = M, 3 = Q, 2 = H (the QRCode.js correct-level numbers). */
export const QR_CODE_LEVEL_OPTIONS: ReadonlyArray<OptionItem<number>> = [
  { value: 1, label: '7% · L' },
  { value: 0, label: '15% · M' },
  { value: 3, label: '25% · Q' },
  { value: 2, label: '30% · H' },
];
export type QrCodeLevel = 0 | 1 | 2 | 3;

/** bwip-js symbologies for the barcode element, grouped as the dropdown shows them. */
export const BARCODE_TYPE_GROUPS: ReadonlyArray<{ group: string; items: ReadonlyArray<OptionItem<string>> }> = [
  { group: '常用', items: [
    { value: 'code128', label: 'Code 128' }, { value: 'code39', label: 'Code 39' }, { value: 'code93', label: 'Code 93' },
    { value: 'ean13', label: 'EAN-13' }, { value: 'ean8', label: 'EAN-8' }, { value: 'upca', label: 'UPC-A' },
    { value: 'upce', label: 'UPC-E' }, { value: 'itf14', label: 'ITF-14' }, { value: 'interleaved2of5', label: 'Interleaved 2 of 5' },
  ] },
  { group: 'GS1', items: [
    { value: 'gs1-128', label: 'GS1-128' }, { value: 'databaromni', label: 'GS1 DataBar Omnidirectional' },
    { value: 'databarlimited', label: 'GS1 DataBar Limited' }, { value: 'databarexpanded', label: 'GS1 DataBar Expanded' },
  ] },
  { group: '物流与医药', items: [
    { value: 'code11', label: 'Code 11' }, { value: 'codabar', label: 'Codabar' }, { value: 'msi', label: 'MSI Plessey' },
    { value: 'pharmacode', label: 'Pharmacode' }, { value: 'hibccode128', label: 'HIBC Code 128' },
    { value: 'hibccode39', label: 'HIBC Code 39' }, { value: 'isbn', label: 'ISBN' }, { value: 'issn', label: 'ISSN' },
  ] },
  { group: '邮政', items: [
    { value: 'postnet', label: 'USPS POSTNET' }, { value: 'royalmail', label: 'Royal Mail 4 State' },
    { value: 'japanpost', label: 'Japan Post 4 State' },
  ] },
];
export const DEFAULT_BARCODE_TYPE = 'code128';
export const QRCODE_TYPE_OPTIONS: ReadonlyArray<OptionItem<string>> = [
  { value: 'qrcode', label: 'QR Code' }, { value: 'microqrcode', label: 'Micro QR Code' },
  { value: 'swissqrcode', label: 'Swiss QR Code' }, { value: 'rectangularmicroqrcode', label: 'Rectangular Micro QR Code' },
  { value: 'azteccode', label: 'Aztec Code' }, { value: 'azteccodecompact', label: 'Compact Aztec Code' },
  { value: 'datamatrix', label: 'Data Matrix' }, { value: 'datamatrixrectangular', label: 'Data Matrix Rectangular' },
  { value: 'hanxin', label: 'Han Xin Code' }, { value: 'gs1qrcode', label: 'GS1 QR Code' },
  { value: 'gs1datamatrix', label: 'GS1 Data Matrix' }, { value: 'hibcqrcode', label: 'HIBC QR Code' },
  { value: 'hibcdatamatrix', label: 'HIBC Data Matrix' }, { value: 'hibcazteccode', label: 'HIBC Aztec Code' },
];
export const DEFAULT_QRCODE_TYPE = 'qrcode';

export const TEXT_TYPES = ['text', 'barcode', 'qrcode'] as const;
export type TextType = (typeof TEXT_TYPES)[number];
export const TABLE_TEXT_TYPES = ['text', 'sequence', 'barcode', 'qrcode', 'image'] as const;
export type TableTextType = (typeof TABLE_TEXT_TYPES)[number];
export const DATA_TYPES = ['datetime', 'boolean'] as const;
export type DataType = (typeof DATA_TYPES)[number];
export const IMAGE_FITS = ['contain', 'cover', 'fill', 'none'] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];

export const SHOW_IN_PAGE = ['none', 'first', 'odd', 'even', 'last'] as const;
export type ShowInPage = (typeof SHOW_IN_PAGE)[number];
export const UN_SHOW_IN_PAGE = ['first', 'last'] as const;
export type UnShowInPage = (typeof UN_SHOW_IN_PAGE)[number];
export const PANEL_PAPER_RULES = ['odd', 'even'] as const;
export type PanelPaperRule = (typeof PANEL_PAPER_RULES)[number];
export const PANEL_PAGE_RULES = ['none'] as const;
export type PanelPageRule = (typeof PANEL_PAGE_RULES)[number];
export const AXES = ['h', 'v'] as const;
export type Axis = (typeof AXES)[number];

/** tableHeaderRepeat: default (unset) behaves as 'page'. */
export const TABLE_HEADER_REPEATS = ['page', 'first', 'none'] as const;
export type TableHeaderRepeat = (typeof TABLE_HEADER_REPEATS)[number];
export const TABLE_FOOTER_REPEATS = ['no', 'page', 'last'] as const;
export type TableFooterRepeat = (typeof TABLE_FOOTER_REPEATS)[number];
export const TABLE_SUMMARIES = ['none', 'count', 'sum', 'avg', 'min', 'max', 'text'] as const;
export type TableSummary = (typeof TABLE_SUMMARIES)[number];
/** Columns per row of a table: unset is 1. */
export const GRID_COLUMNS = [2, 3, 4] as const;

export const WATERMARK_DEFAULTS = {
  content: '',
  fillStyle: 'rgba(184,184,184,0.3)',
  fontSize: '14px',
  rotate: 25,
  width: 200,
  height: 200,
  timestamp: false,
  format: 'YYYY-MM-DD HH:mm',
} as const;
export const WATERMARK_SLIDERS = {
  fontSize: { min: 10, max: 80 },
  rotate: { min: 0, max: 180 },
  width: { min: 100, max: 800 },
  height: { min: 100, max: 800 },
} as const;
export const WATERMARK_TIME_FORMATS = [
  'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH', 'YYYY-MM-DD', 'YYYY-MMMM', 'YYYY-MM', 'YYYY',
] as const;

/** Designer constants of §9. */
export const DESIGNER_CONSTANTS = {
  movingDistance: 1.5,
  paperHeightTrim: 1,
  adsorbMin: 3,
  adsorbLineMin: 6,
  dragSnap: 3,
  resizeSnap: 1.5,
  minColumnWidth: 10,
  historyMax: 50,
  paperNumberFormat: 'paperNo-paperCount',
  paperNumberFromRight: 30,
  paperNumberFromBottom: 22,
  imageLoadRetries: 10,
  imageLoadRetryDelayMs: 500,
  tableContextMenuWidth: 215,
} as const;

/** Default sizes (pt) of a newly dropped element. */
export const DEFAULT_ELEMENT_SIZES = {
  text: { width: 120, height: 9.75 },
  longText: { width: 550, height: 42 },
  table: { width: 550, height: 36 },
  hline: { width: 90, height: 9 },
  vline: { width: 9, height: 90 },
  rect: { width: 90, height: 90 },
  oval: { width: 90, height: 90 },
  html: { width: 90, height: 90 },
  barcode: { width: 160, height: 40 },
  qrcode: { width: 80, height: 80 },
  image: { width: 90, height: 90 },
} as const;

const isEmpty = (v: unknown): v is '' | null | undefined => v === '' || v === null || v === undefined;

/**
 * The options a dropdown shows for a stored value: the list itself, plus the stored value as an
 * extra option when it is not in the list (so an old template's 13.3pt is not silently lost).
 */
export function optionsWithStoredValue<V extends string | number>(list: ReadonlyArray<OptionItem<V>>, stored: V | '' | null | undefined, label?: (v: V) => string): OptionItem<V>[] {
  const items = [...list];
  if (isEmpty(stored)) return items;
  if (!items.some((item) => String(item.value) === String(stored))) {
    items.push({ value: stored, label: label ? label(stored) : String(stored), extra: true });
  }
  return items;
}

/**
 * Apply a dropdown choice to an options object without mutating it: empty ('' / null / undefined)
 * means "default" and removes the property; anything else sets it.
 */
export function applyOptionValue<T extends object, K extends keyof T>(options: T, key: K, value: T[K] | '' | null | undefined): T {
  const next = { ...options };
  if (isEmpty(value)) delete next[key];
  else next[key] = value as T[K];
  return next;
}
