import { useEffect, useState } from 'react';
import { subscribe } from 'valtio';
import type { ScreenDescriptor } from '../../core/descriptors/index.ts';
import { PAGINATION } from '../../src/api/timeouts';
import { viewStateKey } from '../../src/tabs/tabRules';
import { defaultFilterValues } from '../runtime/screenModel';
import { type ListState, createListState, readListState, saveListState } from './listState';

/**
 * The list's choices (filters, page, size, sorting) for the tab at `path`: they survive a reload of the tab
 * (session storage, per `owner`, the tenant and user); closing the tab forgets them.
 */
export function usePersistedListState(screen: ScreenDescriptor, path: string, owner: string): ListState {
  const stateKey = viewStateKey(path);
  const [state] = useState<ListState>(() => {
    const sizes = screen.pageSize ? [...PAGINATION.sizes, screen.pageSize] : PAGINATION.sizes;
    return createListState(defaultFilterValues(screen.filters ?? []), screen.pageSize, readListState(sessionStorage.getItem(stateKey), owner, sizes));
  });
  useEffect(() => subscribe(state, () => sessionStorage.setItem(stateKey, saveListState(state, owner))), [state, stateKey, owner]);
  return state;
}
