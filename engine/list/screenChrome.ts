import { useEffect, useRef, useState } from 'react';
import { notifyWarning } from '../../src/feedback/notify';
import { SCROLL_TO_TOP_MS, scrollTopAt } from './layout';

/** Scrolls an element (and the page) back to the top over 800 ms, as the pager does on a page change. */
export function scrollToTop(element: HTMLElement | null): void {
  const targets: { get: () => number; set: (v: number) => void; from: number }[] = [];
  const page = document.scrollingElement;
  if (element && element.scrollTop > 0) targets.push({ get: () => element.scrollTop, set: (v) => { element.scrollTop = v; }, from: element.scrollTop });
  if (page && page.scrollTop > 0) targets.push({ get: () => page.scrollTop, set: (v) => { page.scrollTop = v; }, from: page.scrollTop });
  if (targets.length === 0) return;
  const started = performance.now();
  const step = (now: number) => {
    const elapsed = now - started;
    for (const target of targets) target.set(scrollTopAt(target.from, elapsed, SCROLL_TO_TOP_MS));
    if (elapsed < SCROLL_TO_TOP_MS) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * Full-screen toggle of the table tool. The document goes full screen and the list fills it (the caller
 * fixes it over the page while `on`): full-screening the list element itself would hide the dialogs,
 * menus and messages Mantine renders at the end of the body. Browsers without the API get the original's warning.
 */
export function useFullScreen(): { on: boolean; toggle: () => void } {
  const [on, setOn] = useState(false);
  // Set when this list asked for full screen, so another screen's full screen does not expand it.
  const asked = useRef(false);
  useEffect(() => {
    const changed = () => {
      if (!document.fullscreenElement) asked.current = false;
      setOn(asked.current);
    };
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const toggle = () => {
    const root = document.documentElement;
    if (!document.fullscreenEnabled || typeof root.requestFullscreen !== 'function') {
      notifyWarning({ key: 'engine.fullScreen.unsupported' });
      return;
    }
    if (document.fullscreenElement) {
      void document.exitFullscreen();
      return;
    }
    asked.current = true;
    root.requestFullscreen().catch(() => { asked.current = false; });
  };
  return { on, toggle };
}
