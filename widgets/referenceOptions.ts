import type { RefSelectOptions } from '../core/descriptors/types.ts';

export interface SelectOption {
  value: string;
  label: string;
}

/** The label of a referenced row: its name with its code beside it (可口可乐（SPU0001）), the value when it has no name. */
export function referenceLabel(row: Readonly<Record<string, unknown>>, fields: Pick<RefSelectOptions, 'valueField' | 'labelField' | 'codeField'>): string {
  const name = row[fields.labelField];
  const code = fields.codeField ? row[fields.codeField] : undefined;
  const text = name === null || name === undefined || name === '' ? String(row[fields.valueField] ?? '') : String(name);
  return code === null || code === undefined || code === '' ? text : `${text}（${String(code)}）`;
}

/**
 * Options of a select from the rows a page, list or pulldown route answered (a page's `records`); values as
 * text, so 1 and "1" match; rows without a value and repeated values are left out.
 */
export function referenceOptions(answer: unknown, fields: Pick<RefSelectOptions, 'valueField' | 'labelField' | 'codeField'>): SelectOption[] {
  const rows = Array.isArray(answer) ? answer : answer && typeof answer === 'object' && Array.isArray((answer as { records?: unknown }).records) ? (answer as { records: unknown[] }).records : [];
  const seen = new Set<string>();
  const out: SelectOption[] = [];
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    const raw = (row as Record<string, unknown>)[fields.valueField];
    if (raw === null || raw === undefined || raw === '') continue;
    const value = String(raw);
    if (seen.has(value)) continue;
    seen.add(value);
    out.push({ value, label: referenceLabel(row as Record<string, unknown>, fields) });
  }
  return out;
}

/**
 * The options with the form's current value among them: a value the list no longer offers (a row deleted
 * since, or not answered) still shows, as itself, instead of an empty box.
 */
export function withCurrentValue(options: readonly SelectOption[], current: unknown): SelectOption[] {
  if (current === null || current === undefined || current === '') return [...options];
  const value = String(current);
  return options.some((o) => o.value === value) ? [...options] : [...options, { value, label: value }];
}
