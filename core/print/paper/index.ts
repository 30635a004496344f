/**
 * Paper sizes and unit conversions of the designer.
 * Design coordinates are pt; paper sizes are mm; the screen is CSS px (1 px = 0.75 pt, the "0.75" of spec 001 §9).
 */

export interface PaperSize {
  /** mm */
  width: number;
  /** mm */
  height: number;
}

export const PAPER_SIZES = {
  A1: { width: 594, height: 841 },
  A2: { width: 420, height: 594 },
  A3: { width: 297, height: 420 },
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
  A6: { width: 105, height: 148 },
  A7: { width: 74, height: 105 },
  A8: { width: 52, height: 74 },
  B1: { width: 707, height: 1000 },
  B2: { width: 500, height: 707 },
  B3: { width: 353, height: 500 },
  B4: { width: 250, height: 353 },
  B5: { width: 176, height: 250 },
  B6: { width: 125, height: 176 },
  B7: { width: 88, height: 125 },
  B8: { width: 62, height: 88 },
} as const satisfies Record<string, PaperSize>;

export type PaperTypeName = keyof typeof PAPER_SIZES;
export const PAPER_TYPE_NAMES = Object.keys(PAPER_SIZES) as PaperTypeName[];
export const DEFAULT_PAPER_TYPE: PaperTypeName = 'A4';

export const NOT_FOUND_PAGETYPE = 'not found pagetype';
/** Minimum distance (pt) between the header line and the footer line. */
export const MIN_HEADER_FOOTER_GAP = 10;

const CUSTOM_DIMENSION = /^(?:\d+)(?:\.\d{1,2})?$/;

export function isPaperTypeName(name: string): name is PaperTypeName {
  return Object.prototype.hasOwnProperty.call(PAPER_SIZES, name);
}

/** A custom paper dimension: a positive number with up to 2 decimals ('210', '99.5', 80.25); otherwise null. */
export function parseCustomDimension(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!CUSTOM_DIMENSION.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** Size of a named paper type in mm; an unknown name throws 'not found pagetype'. */
export function paperSize(name: string): PaperSize {
  if (!isPaperTypeName(name)) throw new Error(NOT_FOUND_PAGETYPE);
  const { width, height } = PAPER_SIZES[name];
  return { width, height };
}

/**
 * Resolve a paper choice: a named type (A1-A8, B1-B8), or a custom width/height pair of
 * positive numbers with up to 2 decimals. Orient 2 (landscape) swaps a custom pair only.
 */
export function resolvePaper(choice: { paperType?: string; width?: string | number; height?: string | number; orient?: number }): PaperSize {
  const name = choice.paperType ?? DEFAULT_PAPER_TYPE;
  if (name !== 'other' && name !== 'custom') return paperSize(name);
  const width = choice.width === undefined ? null : parseCustomDimension(choice.width);
  const height = choice.height === undefined ? null : parseCustomDimension(choice.height);
  if (width === null || height === null) throw new Error(NOT_FOUND_PAGETYPE);
  return choice.orient === 2 ? { width: height, height: width } : { width, height };
}

const PT_PER_PX = 0.75;
const PT_PER_MM = 72 / 25.4;

export const units = {
  ptToPx: (pt: number): number => pt / PT_PER_PX,
  pxToPt: (px: number): number => px * PT_PER_PX,
  mmToPt: (mm: number): number => mm * PT_PER_MM,
  ptToMm: (pt: number): number => pt / PT_PER_MM,
  mmToPx: (mm: number): number => (mm * PT_PER_MM) / PT_PER_PX,
  pxToMm: (px: number): number => (px * PT_PER_PX) / PT_PER_MM,
} as const;

/** Round to one decimal place (image auto-size and displayed coordinates). */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** True when the header line lies at least MIN_HEADER_FOOTER_GAP above the footer line. */
export function headerFooterLinesValid(paperHeader: number, paperFooter: number): boolean {
  return Number.isFinite(paperHeader) && Number.isFinite(paperFooter) && paperFooter - paperHeader >= MIN_HEADER_FOOTER_GAP;
}

/** Where a dragged header line may go: never lower than 10 above the footer line, never above the paper. */
export function clampHeaderLine(proposed: number, paperFooter: number): number {
  return Math.max(0, Math.min(proposed, paperFooter - MIN_HEADER_FOOTER_GAP));
}

/** Where a dragged footer line may go: never higher than 10 below the header line, never below the paper. */
export function clampFooterLine(proposed: number, paperHeader: number, paperHeightPt: number): number {
  return Math.min(paperHeightPt, Math.max(proposed, paperHeader + MIN_HEADER_FOOTER_GAP));
}
