/**
 * The print-template model (spec 001 §3). Lengths are pt unless marked mm. Every formatter/styler
 * field holds the *name* of a function registered in `formatterRegistry`, never code.
 */
import type {
  Axis, BarcodeMode, BorderSideStyle, BorderStyle, DataType, FontWeight, ImageFit, PanelPageRule, PanelPaperRule,
  QrCodeLevel, ShowInPage, TableBarcodeMode, TableBorder, TableFooterRepeat, TableHeaderRepeat, TablePartBorder,
  TableSummary, TableTextType, TextAlign, TextContentVerticalAlign, TextContentWrap, TextDecoration, TextType,
  UnShowInPage, VerticalAlign,
} from '../options/index.ts';
import type { SummaryNumFormat, UpperCaseMode } from '../upperCase/index.ts';

export const TEMPLATE_VERSION = 1;
export const TEMPLATE_KIND = 'wxy-print-template';

/** Name of a function in formatterRegistry. */
export type FunctionKey = string;

export const ELEMENT_TYPES = ['text', 'image', 'longText', 'table', 'html', 'vline', 'hline', 'rect', 'oval', 'barcode', 'qrcode'] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

export interface CommonOptions {
  left?: number;
  top?: number;
  width?: number;
  height?: number;
  field?: string;
  title?: string;
  testData?: string;
  hideTitle?: boolean;
  fixed?: boolean;
  pageBreak?: boolean;
  showInPage?: ShowInPage;
  unShowInPage?: UnShowInPage;
  axis?: Axis;
  /** rotation in degrees, wraps at ±360 */
  transform?: number;
  zIndex?: number;
  color?: string;
  backgroundColor?: string;
  borderLeft?: BorderSideStyle;
  borderTop?: BorderSideStyle;
  borderRight?: BorderSideStyle;
  borderBottom?: BorderSideStyle;
  borderWidth?: number;
  borderColor?: string;
  borderStyle?: BorderStyle;
  contentPaddingLeft?: number;
  contentPaddingTop?: number;
  contentPaddingRight?: number;
  contentPaddingBottom?: number;
  fontFamily?: string;
  fontSize?: number;
  fontWeight?: FontWeight;
  letterSpacing?: number;
  textAlign?: TextAlign;
  lineHeight?: number;
  textDecoration?: TextDecoration;
  textContentVerticalAlign?: TextContentVerticalAlign;
  textContentWrap?: TextContentWrap;
  formatter?: FunctionKey;
  styler?: FunctionKey;
}

export interface TextOptions extends CommonOptions {
  textType?: TextType;
  barcodeMode?: BarcodeMode;
  qrCodeLevel?: QrCodeLevel;
  dataType?: DataType;
  format?: string;
  upperCase?: UpperCaseMode;
}
export interface ImageOptions extends CommonOptions {
  src?: string;
  fit?: ImageFit;
  borderRadius?: string;
}
export interface LongTextOptions extends CommonOptions {
  longTextIndent?: number;
  leftSpaceRemoved?: boolean;
  /** minimum height */
  lHeight?: number;
  dataType?: DataType;
  format?: string;
  upperCase?: UpperCaseMode;
}
export interface HtmlOptions extends CommonOptions {
  content?: string;
}
export type LineOptions = CommonOptions;
export type ShapeOptions = CommonOptions & { borderRadius?: string };
export interface BarcodeOptions extends CommonOptions {
  barcodeType?: string;
}
export interface QrcodeOptions extends CommonOptions {
  qrcodeType?: string;
  qrCodeLevel?: QrCodeLevel;
}

export interface TableColumn {
  width?: number;
  title?: string;
  field?: string;
  checked?: boolean;
  columnId?: string;
  rowspan?: number;
  colspan?: number;
  align?: TextAlign;
  halign?: TextAlign;
  vAlign?: VerticalAlign;
  paddingLeft?: number;
  paddingRight?: number;
  renderFormatter?: FunctionKey;
  formatter2?: FunctionKey;
  styler2?: FunctionKey;
  stylerHeader?: FunctionKey;
  tableColumnHeight?: number;
  tableTextType?: TableTextType;
  tableBarcodeMode?: TableBarcodeMode;
  tableQRCodeLevel?: QrCodeLevel;
  /** false hides the summary title; default shown */
  tableSummaryTitle?: boolean;
  tableSummaryText?: string;
  tableSummaryColspan?: number;
  tableSummary?: TableSummary;
  tableSummaryAlign?: TextAlign;
  tableSummaryNumFormat?: SummaryNumFormat;
  tableSummaryFormatter?: FunctionKey;
  upperCase?: UpperCaseMode;
}

export interface TableOptions extends CommonOptions {
  /** header rows, each a list of cells (multi-row headers use rowspan/colspan) */
  columns?: TableColumn[][];
  fields?: Array<{ text: string; field: string }>;
  gridColumns?: number;
  gridColumnsGutter?: number;
  tableHeaderRepeat?: TableHeaderRepeat;
  tableFooterRepeat?: TableFooterRepeat;
  /** with tableFooterRepeat 'page': also print the grand total after the last page's summary */
  tableGrandTotal?: boolean;
  autoCompletion?: boolean;
  maxRows?: number;
  rowsColumnsMerge?: FunctionKey;
  rowsColumnsMergeClean?: boolean;
  lHeight?: number;
  content?: string;
  footerFormatter?: FunctionKey;
  gridColumnsFooterFormatter?: FunctionKey;
  rowStyler?: FunctionKey;
  groupFields?: string[];
  groupFormatter?: FunctionKey;
  groupFooterFormatter?: FunctionKey;
  groupFieldsFormatter?: FunctionKey;
  tableBorder?: TableBorder;
  tableHeaderBorder?: TablePartBorder;
  tableHeaderCellBorder?: TableBorder;
  tableHeaderRowHeight?: number;
  tableHeaderFontSize?: number;
  tableHeaderFontWeight?: FontWeight;
  tableHeaderBackground?: string;
  tableBodyRowHeight?: number;
  tableBodyRowBorder?: TablePartBorder;
  tableBodyCellBorder?: TableBorder;
  tableFooterBorder?: TablePartBorder;
  tableFooterCellBorder?: TableBorder;
}

export interface ElementOptionsByType {
  text: TextOptions;
  image: ImageOptions;
  longText: LongTextOptions;
  table: TableOptions;
  html: HtmlOptions;
  vline: LineOptions;
  hline: LineOptions;
  rect: ShapeOptions;
  oval: ShapeOptions;
  barcode: BarcodeOptions;
  qrcode: QrcodeOptions;
}

interface ElementBase<T extends ElementType> {
  type: T;
  tid?: string;
  title?: string;
  text?: string;
  field?: string;
  fields?: Array<{ text: string; field: string }>;
  data?: string;
  formatter?: FunctionKey;
  styler?: FunctionKey;
  options: ElementOptionsByType[T];
}

export type PrintElement = { [T in ElementType]: ElementBase<T> }[ElementType];
export type PrintElementOf<T extends ElementType> = ElementBase<T>;

export interface WatermarkOptions {
  content?: string;
  fillStyle?: string;
  /** CSS size, e.g. '14px' */
  fontSize?: string;
  rotate?: number;
  width?: number;
  height?: number;
  timestamp?: boolean;
  format?: string;
}

export interface PanelLayoutOptions {
  layoutType?: 'column' | 'row';
  layoutRowGap?: number;
  layoutColumnGap?: number;
}

export interface Panel {
  index: number;
  name?: string;
  /** mm */
  width: number;
  /** mm */
  height: number;
  /** A1-A8, B1-B8, or 'other' for a custom width/height; default A4 */
  paperType?: string;
  /** y of the header line */
  paperHeader: number;
  /** y of the footer line */
  paperFooter: number;
  printElements: PrintElement[];
  paperNumberLeft?: number;
  paperNumberTop?: number;
  paperNumberDisabled?: boolean;
  /** default true: numbering continues from the previous panel */
  paperNumberContinue?: boolean;
  /** text template; default 'paperNo-paperCount' */
  paperNumberFormat?: string;
  panelPaperRule?: PanelPaperRule;
  panelPageRule?: PanelPageRule;
  firstPaperFooter?: number;
  evenPaperFooter?: number;
  oddPaperFooter?: number;
  lastPaperFooter?: number;
  topOffset?: number;
  leftOffset?: number;
  fontFamily?: string;
  /** 1 portrait, 2 landscape (custom paper only) */
  orient?: 1 | 2;
  rotate?: boolean;
  scale?: number;
  watermarkOptions?: WatermarkOptions;
  panelLayoutOptions?: PanelLayoutOptions;
}

export interface PrintTemplate {
  version: typeof TEMPLATE_VERSION;
  kind: typeof TEMPLATE_KIND;
  panels: Panel[];
}

export interface TemplateError {
  /** JSON path, e.g. panels[0].printElements[2].options.fontSize */
  path: string;
  message: string;
}

export type TemplateValidation = { ok: true; template: PrintTemplate } | { ok: false; errors: TemplateError[] };
