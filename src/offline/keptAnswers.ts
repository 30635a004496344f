import { proxy } from 'valtio';

/**
 * Answers the register reads at start (its session, shift, last order, payment methods), kept in this browser so
 * that a cold start without network (a reload, a browser restart) opens the register as it was: each is saved
 * whenever the server answers it, and read back only when the server cannot be reached. `keptState.usedAt` says
 * that the page shows such a copy (the register's offline banner names it).
 */
export const keptState = proxy<{ usedAt: number | null }>({ usedAt: null });

const PREFIX = 'wxyKept:';
// Back online, what the page shows is asked of the server again: the copies stop being the page's source.
if (typeof window !== 'undefined') window.addEventListener('online', () => void (keptState.usedAt = null));

/** A failed call that never got an answer (offline, timeout, server down): worth answering from a kept copy. */
export function isUnreachable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { httpStatus?: number };
  return e.httpStatus === undefined || e.httpStatus >= 502;
}

export function keepAnswer(key: string, value: unknown, owner = ''): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ at: Date.now(), owner, value }));
  } catch {
    // A full or refused storage keeps nothing: the register then needs the network to start, as before.
  }
}

/** Forgets every kept answer (a logout: nothing of the session stays in the browser). */
export function forgetAnswers(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((k): k is string => Boolean(k?.startsWith(PREFIX)));
    for (const k of keys) localStorage.removeItem(k);
  } catch {
    // nothing kept
  }
}

/** The copy kept under `key`, if it was kept for `owner` (another session's copy is never read). */
export function keptAnswer<T>(key: string, owner = ''): { at: number; value: T } | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    const kept = raw ? (JSON.parse(raw) as { at: number; owner: string; value: T }) : null;
    return kept && kept.owner === owner ? { at: kept.at, value: kept.value } : null;
  } catch {
    return null;
  }
}

/** Asks the server and keeps its answer; when the server cannot be reached, the kept answer (if any) instead. */
export async function orKept<T>(key: string, load: () => Promise<T>): Promise<T> {
  try {
    const value = await load();
    keepAnswer(key, value);
    return value;
  } catch (error) {
    const kept = isUnreachable(error) ? keptAnswer<T>(key) : null;
    if (!kept) throw error;
    keptState.usedAt = Math.min(keptState.usedAt ?? kept.at, kept.at);
    return kept.value;
  }
}

/** A short fingerprint of a session (tenant and token), so a kept session is read back only by the same session. */
export function sessionOwner(tenantId: string, token: string): string {
  let h = 0x811c9dc5;
  for (const ch of `${tenantId}\u0000${token}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(36);
}
