import { useEffect, useState } from 'react';
import { subscribe } from 'valtio';
import type { ScreenDescriptor } from '../../core/descriptors/index.ts';
import { PAGINATION } from '../../src/api/timeouts';
import { viewStateKey } from '../../src/tabs/tabRules';
import { defaultFilterValues } from '../runtime/screenModel';
import { type ListState, createListState, readListState, saveListState } from './listState';

/**
 * The list's choices (filters, page, size, sorting) for the tab at `path`: they survive a reload of the tab
 * (session storage, per `owner`, the tenant and user); closing the tab forgets them. `restored`: the tab's own
 * choices came back (a reload), so a default saved view is not put over them.
 */
export function usePersistedListState(screen: ScreenDescriptor, path: string, owner: string): { state: ListState; restored: boolean } {
  const stateKey = viewStateKey(path);
  const [persisted] = useState(() => {
    const sizes = screen.pageSize ? [...PAGINATION.sizes, screen.pageSize] : PAGINATION.sizes;
    const saved = readListState(sessionStorage.getItem(stateKey), owner, sizes);
    return { state: createListState(defaultFilterValues(screen.filters ?? []), screen.pageSize, saved), restored: saved !== null };
  });
  const { state } = persisted;
  useEffect(() => subscribe(state, () => sessionStorage.setItem(stateKey, saveListState(state, owner))), [state, stateKey, owner]);
  return persisted;
}
