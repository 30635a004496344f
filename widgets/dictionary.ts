import { useQuery } from '@tanstack/react-query';
import { call } from '../src/api/http';
import { SELECT_LIST_PAGE } from '../src/api/timeouts';
import { fillPath } from '../engine/api/paths';
import type { EndpointRef } from '../engine/api/paths';
import type { RefSelectOptions } from '../core/descriptors/types.ts';
import { referenceOptions } from './referenceOptions';

export interface DictionaryItem {
  label: string;
  value: string;
  sort?: number;
}

/** Dictionaries change rarely: one fetch per code for a few minutes. */
const DICTIONARY_STALE_MS = 5 * 60_000;

export const dictionaryKey = (code: string) => ['engine', 'dictionary', code] as const;

/** Items of a data dictionary (ms-data-dictionary/findList/{code}); values as text, so 1 and "1" match. */
export function useDictionary(code: string | undefined) {
  return useQuery({
    queryKey: dictionaryKey(code ?? ''),
    enabled: Boolean(code),
    staleTime: DICTIONARY_STALE_MS,
    queryFn: async () => {
      const items = await call<DictionaryItem[]>({ method: 'GET', url: fillPath('/wxy-system-server/ms-data-dictionary/findList/{code}', { code }) });
      return items.map((item) => ({ ...item, value: String(item.value) }));
    },
  });
}

/** value -> label of a dictionary, for cell formatters. */
export function labelMap(items: readonly DictionaryItem[] | undefined): Map<string, string> {
  return new Map((items ?? []).map((item) => [String(item.value), item.label]));
}

/**
 * Options of a select fed by a page, list or pulldown route: everything in one page (a page route gets pageNum 1,
 * pageSize 99999, spec 000 §9); labels are the name with the code beside it.
 * @example useSelectList(resolveRoute(set, screen, 'pd-spu#findPage'), { valueField: 'spuId', labelField: 'spuName', codeField: 'spuCode' })
 */
export function useSelectList(endpoint: EndpointRef | null, fields: Pick<RefSelectOptions, 'valueField' | 'labelField' | 'codeField' | 'rows'>) {
  return useQuery({
    queryKey: ['engine', 'selectList', endpoint?.method ?? '', endpoint?.path ?? '', fields.valueField, fields.labelField, fields.codeField ?? '', fields.rows ?? ''],
    enabled: endpoint !== null,
    staleTime: 60_000,
    retry: false,
    queryFn: async () => {
      const url = fillPath(endpoint!.path, SELECT_LIST_PAGE);
      const withBody = endpoint!.method === 'POST' || endpoint!.method === 'PUT';
      const paging = endpoint!.path.includes('{pageNum}') ? {} : SELECT_LIST_PAGE;
      const answer = await call<unknown>({ method: endpoint!.method, url, data: withBody ? { ...paging } : undefined, params: withBody ? undefined : paging });
      // A custom route answering several lists (a form's choices): the rows are under `rows`.
      return referenceOptions(fields.rows ? (answer as Record<string, unknown> | null)?.[fields.rows] : answer, fields);
    },
  });
}
