import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { DateInput, MonthPickerInput, TimePicker } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { rangeWithinLimit } from '../engine/filters/timeLimit';
import { parseTypedDate, rangePresets, type Range } from './dateRanges';

/**
 * Date and time pickers of the filters and forms: Mantine's, in the user's language (Chinese month and
 * weekday names, weeks from Monday), always showing and sending `YYYY-MM-DD` — never the browser's native
 * inputs, which show mm/dd/yyyy in an English browser. Dates can be typed as well as picked.
 */

export function useDateLocale(): string {
  const { i18n } = useTranslation();
  return i18n.language?.startsWith('zh') ? 'zh-cn' : 'en';
}

export interface DateFieldProps {
  label?: string;
  ariaLabel?: string;
  value: string | null | undefined;
  onChange: (value: string | undefined) => void;
  minDate?: string;
  maxDate?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  w?: number;
  testId: string;
  id?: string;
  onBlur?: () => void;
  onFocus?: () => void;
}

export function DateField(props: DateFieldProps) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const value = typeof props.value === 'string' && props.value ? props.value.slice(0, 10) : null;
  // The calendar opens on a month the user may pick from (today, kept inside the bounds); it is keyed by
  // the bounds so it moves when the other end of a range does.
  const today = dayjs().format('YYYY-MM-DD');
  const opensAt = value ?? (props.maxDate && today > props.maxDate ? props.maxDate : props.minDate && today < props.minDate ? props.minDate : today);
  return (
    <DateInput key={`${props.minDate ?? ''}~${props.maxDate ?? ''}`} defaultDate={opensAt} id={props.id} label={props.label} aria-label={props.ariaLabel ?? props.label} w={props.w ?? 150} value={value} clearable
      valueFormat="YYYY-MM-DD" dateParser={parseTypedDate} locale={locale} firstDayOfWeek={1} placeholder={t('engine.dates.pick')}
      previousLabel={t('engine.dates.previous')} nextLabel={t('engine.dates.next')}
      minDate={props.minDate} maxDate={props.maxDate} error={props.error} required={props.required} disabled={props.disabled}
      getDayAriaLabel={(d) => dayjs(d).format('YYYY-MM-DD')} data-testid={props.testId}
      onBlur={props.onBlur} onFocus={props.onFocus} onChange={(v) => props.onChange(v ?? undefined)} />
  );
}

/** A month (`YYYY-MM`), picked from the year's twelve months in the user's language. */
export function MonthField(props: Omit<DateFieldProps, 'minDate' | 'maxDate' | 'onBlur' | 'onFocus'>) {
  const { t } = useTranslation();
  const locale = useDateLocale();
  const value = typeof props.value === 'string' && /^\d{4}-\d{2}/.test(props.value) ? `${props.value.slice(0, 7)}-01` : null;
  return (
    <MonthPickerInput id={props.id} label={props.label} aria-label={props.ariaLabel ?? props.label} w={props.w ?? 150} value={value} clearable
      valueFormat="YYYY-MM" locale={locale} placeholder={t('engine.dates.pickMonth')} previousLabel={t('engine.dates.previous')} nextLabel={t('engine.dates.next')}
      error={props.error} required={props.required} disabled={props.disabled} data-testid={props.testId}
      onChange={(v) => props.onChange(v ? String(v).slice(0, 7) : undefined)} />
  );
}

/** A date and a 24-hour time (with seconds); the value is `YYYY-MM-DD HH:mm:ss` as answers render it. */
export function DateTimeField(props: Omit<DateFieldProps, 'minDate' | 'maxDate'>) {
  const { t } = useTranslation();
  const m = typeof props.value === 'string' ? /^(\d{4}-\d{2}-\d{2})(?:[ Tt](\d{2}:\d{2})(?::(\d{2}))?)?/.exec(props.value) : null;
  const date = m?.[1];
  const time = m?.[2] ? `${m[2]}:${m[3] ?? '00'}` : '';
  const emit = (d: string | undefined, tm: string) => props.onChange(d ? `${d} ${/^\d{2}:\d{2}:\d{2}$/.test(tm) ? tm : '00:00:00'}` : undefined);
  return (
    <Group gap={6} align="flex-start" wrap="nowrap" data-testid={props.testId}>
      <DateField id={props.id} label={props.label} value={date} onChange={(d) => emit(d, time)} error={props.error} required={props.required}
        disabled={props.disabled} testId={`${props.testId}-date`} onBlur={props.onBlur} onFocus={props.onFocus} />
      <TimePicker label={props.label ? t('engine.dates.time') : undefined} aria-label={t('engine.dates.time')} withSeconds format="24h"
        value={time} disabled={props.disabled || !date} w={120} onChange={(tm) => emit(date, tm)}
        hoursInputLabel={t('engine.dates.hours')} minutesInputLabel={t('engine.dates.minutes')} secondsInputLabel={t('engine.dates.seconds')}
        hoursInputProps={{ 'data-testid': `${props.testId}-hours` }} minutesInputProps={{ 'data-testid': `${props.testId}-minutes` }}
        secondsInputProps={{ 'data-testid': `${props.testId}-seconds` }} />
    </Group>
  );
}

/** The quick-range menu beside a date range; a preset longer than the user's search limit is disabled. */
export function RangePresets(props: { limitDays: number; onPick: (range: Range) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('engine.dates.presets')}>
          <ActionIcon variant="default" size={36} aria-label={t('engine.dates.presets')} data-testid={`${props.testId}-presets`}>
            <IconCalendarEvent size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {rangePresets(dayjs().format('YYYY-MM-DD')).map((p) => (
          <Menu.Item key={p.key} disabled={!rangeWithinLimit(p.range, props.limitDays)} onClick={() => props.onPick(p.range)}
            data-testid={`${props.testId}-preset-${p.key}`}>
            {t(`engine.dates.${p.key}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
