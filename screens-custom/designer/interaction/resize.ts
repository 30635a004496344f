/**
 * Resize and rotate maths (spec 001 §5): sizes snap to 1.5 pt; a corner handle keeps the aspect
 * ratio unless shift is held; edge handles change one side; rotation wraps at ±360 degrees.
 */
import { DESIGNER_CONSTANTS } from '../../../core/print/options/index.ts';
import { snapTo, type Box } from './snap.ts';

export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
export const MIN_SIZE = 1.5;

export interface ResizeOptions {
  /** shift held: a corner handle resizes width and height independently */
  free?: boolean;
  snap?: number;
}

/**
 * The box after dragging `handle` by (dx, dy) pt.
 * @example resizeBox({left: 0, top: 0, width: 90, height: 45}, 'se', 30, 0) // -> 120 x 60 (ratio kept)
 */
export function resizeBox(start: Box, handle: Handle, dx: number, dy: number, options: ResizeOptions = {}): Box {
  const step = options.snap ?? DESIGNER_CONSTANTS.resizeSnap;
  const west = handle.includes('w');
  const north = handle.includes('n');
  const horizontal = handle.includes('e') || west;
  const vertical = north || handle.includes('s');
  let width = horizontal ? start.width + (west ? -dx : dx) : start.width;
  let height = vertical ? start.height + (north ? -dy : dy) : start.height;
  const corner = horizontal && vertical;
  if (corner && !options.free && start.width > 0 && start.height > 0) {
    // keep the ratio: follow whichever side grew relatively more
    const ratio = start.width / start.height;
    if (Math.abs(width / start.width - 1) >= Math.abs(height / start.height - 1)) height = width / ratio;
    else width = height * ratio;
  }
  width = Math.max(MIN_SIZE, snapTo(width, step));
  height = Math.max(MIN_SIZE, snapTo(height, step));
  return {
    left: west ? Math.round((start.left + start.width - width) * 1000) / 1000 : start.left,
    top: north ? Math.round((start.top + start.height - height) * 1000) / 1000 : start.top,
    width,
    height,
  };
}

/** Rotation in degrees kept within (-360, 360): 370 -> 10, -360 -> 0. */
export function wrapRotation(degrees: number): number {
  if (!Number.isFinite(degrees)) return 0;
  const r = degrees % 360;
  return r === 0 ? 0 : Math.round(r * 100) / 100;
}

/** The rotation handle: degrees from "up" of the pointer around the box centre, added to the start angle. */
export function rotationFromPointer(centre: { x: number; y: number }, from: { x: number; y: number }, to: { x: number; y: number }, startDegrees: number): number {
  const a0 = Math.atan2(from.y - centre.y, from.x - centre.x);
  const a1 = Math.atan2(to.y - centre.y, to.x - centre.x);
  return wrapRotation(startDegrees + ((a1 - a0) * 180) / Math.PI);
}
