import { appState } from '../store/appStore';
import { closeSidebar } from './sidebarState';

/** Body width under which the layout switches to mobile mode (spec §9). */
export const MOBILE_BREAKPOINT = 992;
export const RESIZE_DEBOUNCE_MS = 100;

export function isMobileWidth(bodyWidth: number): boolean {
  return bodyWidth - 1 < MOBILE_BREAKPOINT;
}

export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(userAgent);
}

/** On mobile user agents the root font size is the viewport width / 7.5 (spec §1). */
export function mobileRootFontSize(viewportWidth: number): number {
  return viewportWidth / 7.5;
}

/** Applies the root font size; returns the Mantine scale that keeps components at their normal size. */
export function applyRootFontSize(): number {
  if (!isMobileUserAgent(navigator.userAgent)) return 1;
  const size = mobileRootFontSize(window.innerWidth);
  document.documentElement.style.fontSize = `${size}px`;
  return 16 / size;
}

function checkDevice(): void {
  const mobile = isMobileWidth(document.body.getBoundingClientRect().width);
  appState.device = mobile ? 'mobile' : 'desktop';
  if (mobile && appState.sidebar.opened) closeSidebar(true);
}

/** Follows the body width: mobile mode closes the sidebar. Returns the unsubscribe function. */
export function watchDevice(): () => void {
  checkDevice();
  let timer = 0;
  const onResize = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(checkDevice, RESIZE_DEBOUNCE_MS);
  };
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
}
