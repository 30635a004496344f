import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { DescriptorSet, ScreenDescriptor } from '../../core/descriptors/index.ts';
import { fetchListPage } from '../api/calls';
import { type RowData, filterRequest, resolveRoute, screenListKey } from '../runtime/screenModel';
import { type ListState, clampPage, listQuery, setPage } from './listState';

/** The month of a snapshot report that no job computed yet, as the list's answer names it. */
export interface NotCollected {
  reportMonth: string;
  message: string;
}

/**
 * The records of a list: the page its state asks for (filters, sorting, the tab's fixed query filters), and
 * `refresh` for after a mutation.
 */
export function useListRecords(set: DescriptorSet, screen: ScreenDescriptor, state: ListState, viewQuery: Readonly<Record<string, string>>) {
  const client = useQueryClient();
  const snap = useSnapshot(state);
  const resource = set.resources.get(screen.resource)!;
  const listRoute = resolveRoute(set, screen, screen.endpoint)!;
  // A list opened for one record (a notice's ?id=) keeps to it whatever else is filtered.
  const fixed = Object.fromEntries(Object.entries(screen.queryFilters ?? {}).flatMap(([key, filter]) => (viewQuery[key] ? [[filter, viewQuery[key]]] : [])));
  const request = { ...filterRequest(resource, screen.filters ?? [], snap.filters), ...fixed, ...listQuery({ filters: {}, sorting: snap.sorting as ListState['sorting'] }) };
  // A kept-alive list shows what it showed when its tab comes back (React's Activity re-subscribes the
  // query); it fetches again only on its first mount or when its data was invalidated meanwhile
  // (a link with refreshTable=true, a mutation).
  const mountedBefore = useRef(false);
  const list = useQuery({
    queryKey: [...screenListKey(screen.name), snap.page, snap.size, request],
    queryFn: ({ signal }) => fetchListPage(listRoute, snap.page, snap.size, request, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: (query) => !mountedBefore.current || query.state.isInvalidated,
  });
  useEffect(() => { mountedBefore.current = true; }, []);
  const rows = (list.data?.records ?? []) as RowData[];
  const total = list.data?.total ?? 0;
  const notCollected = (list.data as { notCollected?: NotCollected } | undefined)?.notCollected;

  /** After a mutation: refetch the list, staying on this page unless it no longer exists. */
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: screenListKey(screen.name) });
    const fresh = client.getQueryData<{ total: number }>([...screenListKey(screen.name), state.page, state.size, request]);
    if (fresh) setPage(state, clampPage(state.page, state.size, fresh.total));
  };
  return { list, listRoute, request, rows, total, notCollected, refresh };
}
