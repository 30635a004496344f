import { Button, Group, Paper } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { DescriptorSet, ScreenDescriptor } from '../../core/descriptors/index.ts';
import type { FilterWidgetKey } from '../../core/descriptors/widgetKeys.ts';
import { notifyWarning } from '../../src/feedback/notify';
import { appState } from '../../src/store/appStore';
import { FILTER_WIDGET_IMPLEMENTATIONS } from '../../widgets/filterWidgets';
import { rangeWithinLimit, searchLimitDays } from '../filters/timeLimit';
import { defaultFilterValues, isRangeFilter, type screenFormContext } from '../runtime/screenModel';
import { lastDays } from '../runtime/reportModel';
import { localDay } from '../../core/calendar.ts';
import { type ListState, applyFilters, resetFilters } from './listState';

/**
 * The filter form of a list: one widget per filter, 查询 (refused when a date range is longer than the user may
 * search) and 重置. The drafts live in the list's state until 查询 applies them.
 */
export function ListFilters({ set, screen, state, formContext }: { set: DescriptorSet; screen: ScreenDescriptor; state: ListState; formContext: ReturnType<typeof screenFormContext> }) {
  const { t } = useTranslation();
  const app = useSnapshot(appState);
  const snap = useSnapshot(state);
  const resource = set.resources.get(screen.resource)!;
  const [filterError, setFilterError] = useState<Record<string, string>>({});

  const search = () => {
    const errors: Record<string, string> = {};
    for (const field of screen.filters ?? []) {
      const limit = searchLimitDays(app.user?.searchTimeLimitList, field.timeLimitSubject);
      const value = state.draft[field.filter];
      if (field.widget === 'dateRange' && Array.isArray(value) && !rangeWithinLimit([value[0] ?? null, value[1] ?? null], limit)) {
        errors[field.filter] = t('engine.timeLimit', { days: limit });
      }
    }
    setFilterError(errors);
    if (Object.keys(errors).length) return notifyWarning({ text: Object.values(errors)[0] });
    applyFilters(state);
  };

  return (
    <Paper withBorder p="sm">
      <Group align="flex-end" gap="sm" data-testid={`${screen.name}-filters`}>
        {(screen.filters ?? []).map((field) => {
          const Widget = FILTER_WIDGET_IMPLEMENTATIONS[field.widget as FilterWidgetKey] ?? FILTER_WIDGET_IMPLEMENTATIONS.input;
          const enumValues = resource.fields[resource.filters?.find((f) => (f.name ?? f.field) === field.filter)?.field ?? '']?.enum;
          return (
            <Widget key={field.filter} field={field} label={t(field.label)} value={snap.draft[field.filter]} error={filterError[field.filter]}
              limitDays={isRangeFilter(resource, field) ? searchLimitDays(app.user?.searchTimeLimitList, field.timeLimitSubject) : 0}
              enumOptions={enumValues?.map((v) => ({ value: String(v), label: String(v) }))}
              resolveEndpoint={formContext.resolveEndpoint}
              onChange={(value) => { state.draft[field.filter] = value; }} />
          );
        })}
        <Button onClick={search} data-testid={`${screen.name}-search`}>{t('engine.search')}</Button>
        <Button variant="default" onClick={() => { setFilterError({}); resetFilters(state, defaultFilterValues(screen.filters ?? [])); }} data-testid={`${screen.name}-reset`}>{t('engine.reset')}</Button>
        {/* A report's quick periods: the last N days ending today, searched at once. */}
        {(screen.report?.period?.quick ?? []).map((days) => (
          <Button key={days} variant="default" data-testid={`${screen.name}-last-${days}`} onClick={() => {
            state.draft = { ...state.draft, [screen.report!.period!.filter]: lastDays(days, localDay()) };
            search();
          }}>{days === 1 ? t('engine.report.today') : t('engine.report.lastDays', { days })}</Button>
        ))}
      </Group>
    </Paper>
  );
}
