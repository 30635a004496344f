/** Table sizing and scrolling of spec 000 §9. */
export const TABLE_HEIGHT = { initial: 694, minimum: 300, reserved: 86, resizeDebounceMs: 100, recalcDelayMs: 700 } as const;

export const SCROLL_TO_TOP_MS = 800;

/** The table fills the window below its top edge, less 86 px for the pager, never under 300 px. */
export function tableHeightFor(viewportHeight: number, tableTop: number): number {
  return Math.max(TABLE_HEIGHT.minimum, Math.floor(viewportHeight - tableTop - TABLE_HEIGHT.reserved));
}

/** easeInOutQuad position of a scroll from `from` to 0 after `elapsed` of `duration` ms. */
export function scrollTopAt(from: number, elapsed: number, duration: number = SCROLL_TO_TOP_MS): number {
  if (elapsed >= duration) return 0;
  let t = elapsed / (duration / 2);
  let eased: number;
  if (t < 1) eased = (t * t) / 2;
  else {
    t -= 1;
    eased = -(t * (t - 2) - 1) / 2;
  }
  return from - from * eased;
}

/** Virtualize only pages big enough to cost real layout time; small pages render plainly. */
export const VIRTUALIZE_FROM_ROWS = 100;
export const ROW_HEIGHT = 40;
