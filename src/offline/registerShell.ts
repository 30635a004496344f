import { proxy } from 'valtio';
import { SKIP_WAITING } from './shellRules';

/**
 * The register's side of its offline shell (sw.ts): registers the service worker for the register's own path
 * (never for the back-office, which has no offline mode), says when the shell is ready to open without network, and
 * when a new version is installed and waiting. The register applies it (`applyUpdate`) only at a safe moment (an empty
 * cart, see safeToUpdate in registerStore.ts); the page then reloads on the new version.
 */
export const shellState = proxy({
  /** The shell is installed: a reload without network opens the register. */
  ready: false,
  /** A new version is installed and waits for a safe moment. */
  updateWaiting: false,
});

/** How often an open register asks whether a new version is out (besides a reload and the server's version notice). */
export const UPDATE_CHECK_MS = 10 * 60_000;

let registration: ServiceWorkerRegistration | null = null;
let applying = false;

/** Only the built app has a worker (/sw.js): the dev server's register runs without one. */
export async function installRegisterShell(scope: string): Promise<void> {
  if (!import.meta.env.PROD || registration || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  let reg: ServiceWorkerRegistration;
  try {
    reg = await sw.register('/sw.js', { scope });
  } catch {
    // No worker (a private window, a browser that refuses it): the register works online as before.
    return;
  }
  registration = reg;
  const follow = (w: ServiceWorker | null) => {
    if (!w) return;
    const seen = () => {
      // A worker installed while another controls the page is a new version; the first one simply activates.
      if (w.state === 'installed' && sw.controller) shellState.updateWaiting = true;
      if (w.state === 'activated') shellState.ready = true;
    };
    seen();
    w.addEventListener('statechange', seen);
  };
  if (reg.active) shellState.ready = true;
  follow(reg.waiting);
  follow(reg.installing);
  reg.addEventListener('updatefound', () => follow(reg.installing));
  sw.addEventListener('controllerchange', () => {
    if (applying) window.location.reload();
  });
  window.setInterval(checkForUpdate, UPDATE_CHECK_MS);
}

/** Asks the server whether a new version is out (the server's version notice calls it too). */
export function checkForUpdate(): void {
  void registration?.update().catch(() => undefined);
}

/**
 * Whether the register runs under its shell worker (a version notice is then taken by the worker's update): registered
 * and controlling this page. On the first visit (or where the browser keeps workers from running) nothing controls it
 * yet, and the notice asks as everywhere else (更新提示: a reload then loads the new version from the server).
 */
export function hasShellWorker(): boolean {
  return registration !== null && typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

/** The waiting version takes over and the page reloads on it: called by the register at a safe moment only. */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting || applying) return;
  applying = true;
  waiting.postMessage(SKIP_WAITING);
}
