import type { ResourceDescriptor } from './types.ts';

/**
 * Group-by on a list (issue 31): which fields a list may be grouped on and summed over, and where a page route's
 * groups are asked for. One rule for the server (which computes the groups over every matching row) and the browser
 * (which offers the choice), so neither offers what the other refuses.
 */

/** How a group's key reads: a dictionary code (its label), a yes/no flag, a day or month of a date, a reference's name. */
export type GroupKind = 'dictionary' | 'flag' | 'date' | 'reference';

/** A date groups by its day or by its month. */
export const GROUP_UNITS = ['day', 'month'] as const;
export type GroupUnit = (typeof GROUP_UNITS)[number];

/** At most this many groups are answered (the largest first); the totals still cover every row. */
export const MAX_GROUPS = 200;

/**
 * The kind of group a list field makes, or null when grouping on it would not help a reader (an id, a free text, an
 * amount). A reference is the name a list shows for a referenced record: a `xxxName` text beside the record's
 * `xxxId` (门店 shopName ↔ shopId): names, not ids, are what people read and group by.
 */
export function groupKindOf(r: ResourceDescriptor, field: string): GroupKind | null {
  const f = r.fields[field];
  if (!f || f['x-detailOnly'] || field === r.primaryKey) return null;
  if (f['x-dictionary'] || f.enum) return 'dictionary';
  if (f.type === 'boolean') return 'flag';
  if (f.format === 'date' || f.format === 'date-time') return 'date';
  if (f.type === 'string' && field.endsWith('Name') && r.fields[`${field.slice(0, -4)}Id`]) return 'reference';
  return null;
}

/** A field whose values add up (an amount, a quantity): numeric, neither a key nor a reference's id, nor a code. */
export function summableField(r: ResourceDescriptor, field: string): boolean {
  const f = r.fields[field];
  if (!f || f['x-detailOnly'] || field === r.primaryKey || f['x-dictionary'] || f.enum || f['x-ref']) return false;
  if (f.type !== 'number' && f.type !== 'integer') return false;
  return !/Id$/.test(field);
}

/**
 * The groups call of a page route: its path without the paging placeholders, plus `/groups`
 * (`page/{pageNum}/{pageSize}` → `page/groups`, `findPage` → `findPage/groups`); always POST.
 */
export function groupsPath(pagePath: string): string {
  const base = pagePath.replace(/\/?\{pageNum\}\/\{pageSize\}$/, '');
  return base ? `${base}/groups` : 'groups';
}
