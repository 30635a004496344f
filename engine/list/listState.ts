import { proxy } from 'valtio';
import { PAGINATION } from '../../src/api/timeouts';
import { GROUP_UNITS, type GroupUnit } from '../../core/descriptors/grouping.ts';

export interface SortRule {
  id: string;
  desc: boolean;
}

/**
 * Everything a list screen's user has chosen: the one owner of that state (ARCHITECTURE §1). TanStack
 * Table gets sorting and selection from here as controlled state; the records themselves stay in
 * TanStack Query's cache and are never copied in.
 */
export interface ListState {
  /** Filter form values as typed, applied by 搜索. */
  draft: Record<string, unknown>;
  /** Filters the list query uses. */
  filters: Record<string, unknown>;
  page: number;
  size: number;
  sorting: SortRule[];
  /** Selected row ids (TanStack's RowSelectionState); kept across pages for bulk actions. */
  selection: Record<string, boolean>;
  /** The list grouped on one field (counts and sums per group above the table), or not. */
  group: GroupChoice | null;
}

/** A list's group-by: the field and, for a date, its day or month. */
export interface GroupChoice {
  field: string;
  unit?: GroupUnit;
}

export function createListState(defaultFilters: Record<string, unknown> = {}, size: number = PAGINATION.limit, saved?: SavedListState | null): ListState {
  const filters = saved ? saved.filters : defaultFilters;
  return proxy<ListState>({
    draft: { ...filters },
    filters: { ...filters },
    page: saved?.page ?? PAGINATION.page,
    size: saved?.size ?? size,
    sorting: saved ? [...saved.sorting] : [],
    selection: {},
    group: saved?.group ? { ...saved.group } : null,
  });
}

/** What a list keeps over a reload of its tab (session storage): applied filters, page, size and sort; never the selection. */
export interface SavedListState {
  filters: Record<string, unknown>;
  page: number;
  size: number;
  sorting: SortRule[];
  group?: GroupChoice | null;
}

export function saveListState(state: Pick<ListState, 'filters' | 'page' | 'size' | 'sorting' | 'group'>, owner: string): string {
  return JSON.stringify({ owner, filters: state.filters, page: state.page, size: state.size, sorting: state.sorting, group: state.group });
}

/** A group choice read back from storage or a saved view, or null when it is not one. */
export function readGroupChoice(v: unknown): GroupChoice | null {
  if (!v || typeof v !== 'object') return null;
  const { field, unit } = v as { field?: unknown; unit?: unknown };
  if (typeof field !== 'string' || !field) return null;
  if (unit !== undefined && !(GROUP_UNITS as readonly unknown[]).includes(unit)) return null;
  return unit ? { field, unit: unit as GroupUnit } : { field };
}

/** Groups the list on a field (null: no groups). */
export function setGroup(state: ListState, group: GroupChoice | null): void {
  state.group = group;
}

/** The saved state of `owner` (tenant and user) from session storage's text; anything else (another user, a broken value) is null. */
export function readListState(raw: string | null, owner: string, sizes: readonly number[] = PAGINATION.sizes): SavedListState | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<SavedListState> & { owner?: unknown };
    const sortingOk = Array.isArray(v.sorting) && v.sorting.every((r) => r && typeof r.id === 'string' && typeof r.desc === 'boolean');
    if (v.owner !== owner || !v.filters || typeof v.filters !== 'object' || Array.isArray(v.filters) || !sortingOk) return null;
    if (!Number.isInteger(v.page) || (v.page as number) < 1 || !sizes.includes(v.size as number)) return null;
    return { filters: v.filters, page: v.page as number, size: v.size as number, sorting: (v.sorting as SortRule[]).slice(0, 1), group: readGroupChoice(v.group) };
  } catch {
    return null;
  }
}

/** 搜索: the typed filters apply from page 1; the selection belonged to the old result. */
export function applyFilters(state: ListState): void {
  state.filters = { ...state.draft };
  state.page = 1;
  state.selection = {};
}

/** 重置: back to the screen's default filters. */
export function resetFilters(state: ListState, defaultFilters: Record<string, unknown>): void {
  state.draft = { ...defaultFilters };
  applyFilters(state);
}

export function setPage(state: ListState, page: number): void {
  state.page = Math.max(1, Math.floor(page));
}

/** A new page size starts again at page 1. */
export function setPageSize(state: ListState, size: number): void {
  state.size = size;
  state.page = 1;
}

/** Server-side sorting by one column; a new order starts at page 1. */
export function setSorting(state: ListState, sorting: SortRule[]): void {
  state.sorting = sorting.slice(0, 1);
  state.page = 1;
}

export function setSelection(state: ListState, selection: Record<string, boolean>): void {
  state.selection = Object.fromEntries(Object.entries(selection).filter(([, on]) => on));
}

export function selectedIds(state: Pick<ListState, 'selection'>): string[] {
  return Object.keys(state.selection).filter((id) => state.selection[id]);
}

/**
 * After a mutation the list keeps its page, unless the page no longer exists (the last row of the
 * last page was deleted): then the last page that does.
 */
export function clampPage(page: number, size: number, total: number): number {
  const last = Math.max(1, Math.ceil(total / size));
  return Math.min(Math.max(1, page), last);
}

/** The body of the list call: filters without empty values, plus the sort when one is chosen. */
export function listQuery(state: Pick<ListState, 'filters' | 'sorting'>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state.filters)) {
    if (value === '' || value === null || value === undefined) continue;
    if (Array.isArray(value) && value.every((v) => v === null || v === '' || v === undefined)) continue;
    body[key] = value;
  }
  // Paging options of every page route (engine/README.md): sort + order, whitelisted by the server.
  const sort = state.sorting[0];
  if (sort) {
    body.sort = sort.id;
    body.order = sort.desc ? 'desc' : 'asc';
  }
  return body;
}
