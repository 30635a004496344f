/**
 * Drag maths of the design canvas (spec 001 §5, §9): positions snap to 3 pt, then stick to the
 * edges/centres of the other elements within adsorbMin and show guide lines within adsorbLineMin.
 * Pure: pt in, pt out.
 */
import { DESIGNER_CONSTANTS } from '../../../core/print/options/index.ts';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A guide line: axis 'x' is a vertical line at x = at, axis 'y' a horizontal line at y = at. */
export interface Guide {
  axis: 'x' | 'y';
  at: number;
}

/** Round to a multiple of `step`, without float drift (0.1 + 0.2 stays 0.3). */
export function snapTo(value: number, step: number): number {
  if (!(step > 0) || !Number.isFinite(value)) return value;
  return Math.round(Math.round(value / step) * step * 1000) / 1000;
}

export interface DragOptions {
  snap?: number;
  adsorbMin?: number;
  adsorbLineMin?: number;
  /** 'h' moves only horizontally, 'v' only vertically (the element's axis option) */
  axis?: 'h' | 'v';
  /** paper size in pt: the element stays on the paper */
  bounds?: { width: number; height: number };
}

const xLines = (b: Box) => [b.left, b.left + b.width / 2, b.left + b.width];
const yLines = (b: Box) => [b.top, b.top + b.height / 2, b.top + b.height];

/** The shift that brings one of `own` lines onto one of `others` lines when within `min`, else 0. */
function adsorb(own: number[], others: number[][], min: number): number {
  let best = Infinity;
  for (const lines of others) for (const o of lines) for (const m of own) {
    const d = o - m;
    if (Math.abs(d) <= min && Math.abs(d) < Math.abs(best)) best = d;
  }
  return Number.isFinite(best) ? best : 0;
}

function guidesFor(own: number[], others: number[][], min: number, axis: 'x' | 'y'): Guide[] {
  const found = new Set<number>();
  for (const lines of others) for (const o of lines) for (const m of own) if (Math.abs(o - m) <= min) found.add(Math.round(o * 1000) / 1000);
  return [...found].sort((a, b) => a - b).map((at) => ({ axis, at }));
}

/**
 * Where a dragged box lands when the pointer moved (dx, dy) pt from where the drag started.
 * @example dragPosition({left: 10, top: 10, width: 50, height: 20}, 4.2, 0, []) // -> left 15 (snapped to 3)
 */
export function dragPosition(start: Box, dx: number, dy: number, others: readonly Box[], options: DragOptions = {}): { left: number; top: number; guides: Guide[] } {
  const snap = options.snap ?? DESIGNER_CONSTANTS.dragSnap;
  const adsorbMin = options.adsorbMin ?? DESIGNER_CONSTANTS.adsorbMin;
  const lineMin = options.adsorbLineMin ?? DESIGNER_CONSTANTS.adsorbLineMin;
  let left = options.axis === 'v' ? start.left : snapTo(start.left + dx, snap);
  let top = options.axis === 'h' ? start.top : snapTo(start.top + dy, snap);
  const ox = others.map(xLines);
  const oy = others.map(yLines);
  if (options.axis !== 'v') left += adsorb(xLines({ ...start, left, top }), ox, adsorbMin);
  if (options.axis !== 'h') top += adsorb(yLines({ ...start, left, top }), oy, adsorbMin);
  if (options.bounds) {
    left = Math.min(Math.max(0, left), Math.max(0, options.bounds.width - start.width));
    top = Math.min(Math.max(0, top), Math.max(0, options.bounds.height - start.height));
  }
  left = Math.round(left * 1000) / 1000;
  top = Math.round(top * 1000) / 1000;
  const moved = { ...start, left, top };
  const guides = [...guidesFor(xLines(moved), ox, lineMin, 'x'), ...guidesFor(yLines(moved), oy, lineMin, 'y')];
  return { left, top, guides };
}

/** Arrow-key move of a selected group by movingDistance (1.5 pt) per press. */
export function nudge(boxes: readonly Box[], key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown', distance: number = DESIGNER_CONSTANTS.movingDistance): Box[] {
  const dx = key === 'ArrowLeft' ? -distance : key === 'ArrowRight' ? distance : 0;
  const dy = key === 'ArrowUp' ? -distance : key === 'ArrowDown' ? distance : 0;
  return boxes.map((b) => ({ ...b, left: Math.round((b.left + dx) * 1000) / 1000, top: Math.round((b.top + dy) * 1000) / 1000 }));
}

/** Boxes inside (touching) a rubber-band rectangle, by index. */
export function boxSelect(area: Box, boxes: readonly Box[]): number[] {
  const r = area.left + area.width;
  const b = area.top + area.height;
  const out: number[] = [];
  boxes.forEach((box, i) => {
    if (box.left < r && box.left + box.width > area.left && box.top < b && box.top + box.height > area.top) out.push(i);
  });
  return out;
}

/** The rectangle between two pointer positions, whichever way the user dragged. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  return { left: Math.min(a.x, b.x), top: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}
