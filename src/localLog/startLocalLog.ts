import { i18n } from '../i18n/i18n';
import { pruneLocalLogs } from './logWriter';
import { storageSupportProblems } from './support';

const PRUNE_EVERY_MS = 3600 * 1000;

function storageOf(name: 'localStorage' | 'sessionStorage'): Storage | null {
  // Reading the property itself throws where storage is blocked (some private modes, disabled cookies).
  try {
    return window[name];
  } catch {
    return null;
  }
}

/** Start-up: alerts when the browser lacks IndexedDB or storage (spec §8), then keeps the logs pruned. */
export function startLocalLog(): void {
  let idb: IDBFactory | null = null;
  try {
    idb = window.indexedDB;
  } catch {
    idb = null;
  }
  for (const problem of storageSupportProblems({ indexedDB: idb, localStorage: storageOf('localStorage'), sessionStorage: storageOf('sessionStorage') })) {
    window.alert(i18n.t(`localLog.${problem}`));
  }
  if (!idb) return;
  pruneLocalLogs();
  window.setInterval(() => pruneLocalLogs(), PRUNE_EVERY_MS);
}
