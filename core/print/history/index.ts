/**
 * Undo/redo history of a template being designed (spec 001 §4). Immutable: every function returns a
 * new History, so the designer store can keep it as plain state.
 */

/** Why an entry was recorded: the spec's reasons, plus the initial entry, single moves and property edits. */
export const HISTORY_REASONS = ['init', 'add', 'delete', 'copy', 'clear', 'resize', 'zoom', 'batch edit', 'box-move', 'move', 'edit'] as const;
export type HistoryReason = (typeof HISTORY_REASONS)[number];

export interface HistoryEntry {
  id: number;
  type: HistoryReason;
  /** the whole template, serialised, after the change */
  json: string;
}

export interface History {
  readonly entries: readonly HistoryEntry[];
  /** position of the entry the designer shows */
  readonly index: number;
  readonly max: number;
  readonly nextId: number;
}

export const HISTORY_MAX = 50;

const serialise = (json: unknown): string => (typeof json === 'string' ? json : JSON.stringify(json));

/** A history holding only the initial entry. */
export function createHistory(initialJson: unknown, max: number = HISTORY_MAX): History {
  const cap = Number.isFinite(max) && max >= 1 ? Math.floor(max) : HISTORY_MAX;
  return { entries: [{ id: 1, type: 'init', json: serialise(initialJson) }], index: 0, max: cap, nextId: 2 };
}

/**
 * Record a change. Entries after the current one (the redo side) are dropped; the oldest entries are
 * dropped beyond `max`. A change that leaves the template identical records nothing.
 */
export function recordChange(history: History, type: HistoryReason, json: unknown): History {
  const snapshot = serialise(json);
  if (history.entries[history.index]?.json === snapshot) return history;
  const kept = history.entries.slice(0, history.index + 1);
  kept.push({ id: history.nextId, type, json: snapshot });
  const entries = kept.length > history.max ? kept.slice(kept.length - history.max) : kept;
  return { entries, index: entries.length - 1, max: history.max, nextId: history.nextId + 1 };
}

export const canUndo = (history: History): boolean => history.index > 0;
export const canRedo = (history: History): boolean => history.index < history.entries.length - 1;

export function undo(history: History): History {
  return canUndo(history) ? { ...history, index: history.index - 1 } : history;
}

export function redo(history: History): History {
  return canRedo(history) ? { ...history, index: history.index + 1 } : history;
}

/** The entry the designer shows now. */
export function currentEntry(history: History): HistoryEntry {
  return history.entries[history.index];
}
