/** Table sizing and scrolling of spec 000 §9. */
export const TABLE_HEIGHT = { initial: 694, minimum: 300, reserved: 86, resizeDebounceMs: 100, recalcDelayMs: 700 } as const;

export const SCROLL_TO_TOP_MS = 800;

/** The table fills the window below its top edge, less 86 px for the pager, never under 300 px. */
export function tableHeightFor(viewportHeight: number, tableTop: number): number {
  return Math.max(TABLE_HEIGHT.minimum, Math.floor(viewportHeight - tableTop - TABLE_HEIGHT.reserved));
}

/**
 * Calls `measure` 700 ms after the window stops resizing: resize events are debounced by 100 ms, and a
 * resize during the 700 ms wait starts it again. Returns the clean-up (stops listening, cancels a pending call).
 */
export function onResizeSettled(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>, measure: () => void): () => void {
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let delay: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(debounce);
    clearTimeout(delay);
    debounce = setTimeout(() => {
      delay = setTimeout(measure, TABLE_HEIGHT.recalcDelayMs);
    }, TABLE_HEIGHT.resizeDebounceMs);
  };
  target.addEventListener('resize', onResize);
  return () => {
    target.removeEventListener('resize', onResize);
    clearTimeout(debounce);
    clearTimeout(delay);
  };
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
