import { Group, MultiSelect, NumberInput, Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { latestEnd } from '../engine/filters/timeLimit';
import type { FilterFieldDecl } from '../core/descriptors/index.ts';
import { DateField, RangePresets } from './datePickers';
import type { EndpointRef } from '../engine/api/paths';
import { useDictionary, useSelectList } from './dictionary';
import type { FilterWidgetKey } from '../core/descriptors/widgetKeys.ts';

export interface FilterWidgetProps {
  field: FilterFieldDecl;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Days a date range may span for this user (0: no limit). */
  limitDays: number;
  error?: string;
  /** Enum labels of the resource field (value -> label), when it has an enum. */
  enumOptions?: { value: string; label: string }[];
  /** A route reference of the screen as a call (a refSelect filter's source). */
  resolveEndpoint?: (ref: string) => EndpointRef | null;
}

type FilterWidget = (props: FilterWidgetProps) => ReactNode;

const testId = (field: FilterFieldDecl) => `filter-${field.filter}`;

function useOptions(props: FilterWidgetProps) {
  const { t } = useTranslation();
  const dictionary = useDictionary(props.field.dictionary);
  if (props.field.dictionary) return (dictionary.data ?? []).map((d) => ({ value: d.value, label: d.label }));
  if (props.field.options) return props.field.options.map((o) => ({ value: String(o.value), label: t(o.label) }));
  return props.enumOptions ?? [];
}

/** Select values go back to numbers when the options are numeric, so `status: 1` is sent, not "1". */
function typed(value: string, options: { value: string }[]): string | number {
  return options.every((o) => /^-?\d+$/.test(o.value)) && /^-?\d+$/.test(value) ? Number(value) : value;
}

function SelectFilter(props: FilterWidgetProps) {
  const { t } = useTranslation();
  const options = useOptions(props);
  return (
    <Select label={props.label} data={options} clearable w={180} placeholder={t('engine.pleaseSelect')} data-testid={testId(props.field)}
      value={props.value === undefined || props.value === null ? null : String(props.value)}
      onChange={(v) => props.onChange(v === null ? undefined : typed(v, options))} />
  );
}

function MultiSelectFilter(props: FilterWidgetProps) {
  const { t } = useTranslation();
  const options = useOptions(props);
  const value = Array.isArray(props.value) ? props.value.map(String) : [];
  return (
    <MultiSelect label={props.label} data={options} clearable w={240} placeholder={value.length ? undefined : t('engine.pleaseSelect')} data-testid={testId(props.field)}
      value={value} onChange={(v) => props.onChange(v.length ? v.map((x) => typed(x, options)) : undefined)} />
  );
}

function DateRangeFilter(props: FilterWidgetProps) {
  const { t } = useTranslation();
  const [start, end] = Array.isArray(props.value) ? (props.value as (string | null)[]) : [null, null];
  const set = (next: [string | null, string | null]) => props.onChange(next[0] || next[1] ? next : undefined);
  // The end picker stops at the last day the user's search time limit allows.
  const max = start ? latestEnd(start, props.limitDays) ?? undefined : undefined;
  const id = testId(props.field);
  return (
    <Group gap={4} align="flex-end" wrap="nowrap" data-testid={id}>
      <DateField label={props.label} ariaLabel={`${props.label} ${t('engine.start')}`} value={start} error={props.error}
        onChange={(v) => set([v ?? null, end ?? null])} testId={`${id}-start`} />
      <DateField ariaLabel={`${props.label} ${t('engine.end')}`} value={end} minDate={start ?? undefined} maxDate={max}
        onChange={(v) => set([start ?? null, v ?? null])} testId={`${id}-end`} />
      <RangePresets limitDays={props.limitDays} onPick={(r) => set(r)} testId={id} />
    </Group>
  );
}

function NumberRangeFilter(props: FilterWidgetProps) {
  const [low, high] = Array.isArray(props.value) ? (props.value as (number | null)[]) : [null, null];
  const set = (next: [number | null, number | null]) => props.onChange(next[0] !== null || next[1] !== null ? next : undefined);
  const num = (v: string | number) => (v === '' ? null : Number(v));
  return (
    <Group gap={4} align="flex-end" data-testid={testId(props.field)}>
      <NumberInput label={props.label} w={110} hideControls value={low ?? ''} onChange={(v) => set([num(v), high ?? null])} data-testid={`${testId(props.field)}-min`} />
      <NumberInput w={110} hideControls value={high ?? ''} onChange={(v) => set([low ?? null, num(v)])} data-testid={`${testId(props.field)}-max`} />
    </Group>
  );
}

/** Rows of another resource (a shop, a supplier, a region) searched by name; the value sent is the row's `valueField`. */
function RefSelectFilter(props: FilterWidgetProps) {
  const { t } = useTranslation();
  const source = props.field.source!;
  const list = useSelectList(props.resolveEndpoint?.(source.source) ?? null, source);
  const options = list.data ?? [];
  return (
    <Select label={props.label} data={options} clearable searchable limit={200} w={200} data-testid={testId(props.field)}
      placeholder={list.isLoading ? t('engine.select.loading') : list.isError ? t('engine.select.failed') : t('engine.pleaseSelect')}
      nothingFoundMessage={t('engine.select.nothingFound')}
      value={props.value === undefined || props.value === null ? null : String(props.value)}
      onChange={(v) => props.onChange(v === null ? undefined : typed(v, options))} />
  );
}

/** Filter-form widgets by key (core/descriptors/widgetKeys.ts FILTER_WIDGETS); the type makes the list complete. */
export const FILTER_WIDGET_IMPLEMENTATIONS: Readonly<Record<FilterWidgetKey, FilterWidget>> = {
  input: (props) => {
    const { t } = useTranslation();
    return (
      <TextInput label={props.label} w={180} placeholder={props.field.placeholder ? t(props.field.placeholder) : t('engine.pleaseInput')} data-testid={testId(props.field)}
        value={typeof props.value === 'string' ? props.value : ''} onChange={(e) => props.onChange(e.currentTarget.value || undefined)} />
    );
  },
  select: SelectFilter,
  dictSelect: SelectFilter,
  refSelect: RefSelectFilter,
  integer: (props) => {
    const { t } = useTranslation();
    return (
      <NumberInput label={props.label} w={120} allowDecimal={false} allowNegative={false} hideControls placeholder={t('engine.pleaseInput')} data-testid={testId(props.field)}
        value={typeof props.value === 'number' ? props.value : ''} onChange={(v) => props.onChange(typeof v === 'number' ? v : undefined)} />
    );
  },
  multiSelect: MultiSelectFilter,
  dateRange: DateRangeFilter,
  numberRange: NumberRangeFilter,
  date: (props) => <DateField label={props.label} value={typeof props.value === 'string' ? props.value : null} testId={testId(props.field)}
    onChange={(v) => props.onChange(v)} />,
};
