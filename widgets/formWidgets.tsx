import { Select, Switch, TextInput, Textarea } from '@mantine/core';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromDateTimeInput, toDateTimeInput } from '../engine/model/dates.ts';
import { decimalInput, integerInput, negativeDecimalInput, positiveIntegerInput } from '../src/forms/inputRules';
import { useDictionary } from './dictionary';
import type { FormWidgetKey } from './keys';

function common(props: WidgetProps) {
  return {
    id: props.id,
    label: props.label,
    required: props.required,
    disabled: props.disabled || props.readonly,
    error: props.rawErrors?.length ? props.rawErrors.join('；') : undefined,
    'data-testid': `field-${props.name}`,
    onBlur: () => props.onBlur(props.id, props.value),
    onFocus: () => props.onFocus(props.id, props.value),
  };
}

/**
 * A text box whose typing passes through an input helper of spec 000 §5; the form value is a number.
 * The typed text ("12.", "-", "3.50") is kept while it still means the form's value.
 */
function numericWidget(clean: (raw: string, props: WidgetProps) => string) {
  return function NumericWidget(props: WidgetProps) {
    const [text, setText] = useState('');
    const value = props.value === undefined || props.value === null || props.value === '' ? undefined : Number(props.value);
    const parsed = text === '' || Number.isNaN(Number(text)) ? undefined : Number(text);
    const shown = parsed === value ? text : value === undefined ? '' : String(props.value);
    return (
      <TextInput {...common(props)} inputMode="decimal" value={shown} placeholder={props.placeholder}
        onChange={(e) => {
          const next = clean(e.currentTarget.value, props);
          setText(next);
          props.onChange(next === '' || Number.isNaN(Number(next)) ? undefined : Number(next));
        }} />
    );
  };
}

function TextWidget(props: WidgetProps) {
  return <TextInput {...common(props)} value={props.value ?? ''} placeholder={props.placeholder} maxLength={props.schema.maxLength}
    onChange={(e) => props.onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)} />;
}

function optionValue(value: string, sample: unknown): string | number {
  return typeof sample === 'number' || /^-?\d+$/.test(value) ? Number(value) : value;
}

function SelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const enumOptions = props.options.enumOptions ?? [];
  const data = enumOptions.map((o) => ({ value: String(o.value), label: String(o.label) }));
  return <Select {...common(props)} data={data} clearable={!props.required} placeholder={t('engine.pleaseSelect')}
    value={props.value === undefined || props.value === null ? null : String(props.value)}
    onChange={(v) => props.onChange(v === null ? undefined : optionValue(v, enumOptions[0]?.value))} />;
}

/** A select fed by ms-data-dictionary/findList/{ui:options.dictionary}. */
function DictSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const dictionary = useDictionary(String(props.options.dictionary ?? ''));
  const data = (dictionary.data ?? []).map((d) => ({ value: d.value, label: d.label }));
  const numeric = props.schema.type === 'integer' || props.schema.type === 'number';
  return <Select {...common(props)} data={data} clearable={!props.required} placeholder={t('engine.pleaseSelect')}
    value={props.value === undefined || props.value === null ? null : String(props.value)}
    onChange={(v) => props.onChange(v === null ? undefined : numeric ? Number(v) : v)} />;
}

/** Form widgets by key (widgets/keys.ts FORM_WIDGETS), handed to rjsf as its widgets. */
export const FORM_WIDGET_IMPLEMENTATIONS: Readonly<Record<FormWidgetKey, (props: WidgetProps) => React.ReactNode>> = {
  text: TextWidget,
  textarea: (props) => <Textarea {...common(props)} autosize minRows={2} value={props.value ?? ''} maxLength={props.schema.maxLength}
    onChange={(e) => props.onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)} />,
  decimal: numericWidget((raw, props) => decimalInput(raw, { decimals: props.options.decimals === 1 ? 1 : 2, maxIntegerLength: props.options.maxIntegerLength as number | undefined })),
  negative: numericWidget((raw, props) => negativeDecimalInput(raw, { maxIntegerLength: props.options.maxIntegerLength as number | undefined })),
  integer: numericWidget((raw) => integerInput(raw)),
  integerNoLeadingZero: numericWidget((raw) => positiveIntegerInput(raw)),
  dictSelect: DictSelectWidget,
  select: SelectWidget,
  date: (props) => <TextInput {...common(props)} type="date" value={props.value ?? ''} onChange={(e) => props.onChange(e.currentTarget.value || undefined)} />,
  // The answer's "YYYY-MM-DD HH:mm:ss" shown in the picker, and sent back in the same form.
  dateTime: (props) => <TextInput {...common(props)} type="datetime-local" step={1} value={toDateTimeInput(props.value)}
    onChange={(e) => props.onChange(fromDateTimeInput(e.currentTarget.value))} />,
  switch: (props) => <Switch id={props.id} label={props.label} disabled={props.disabled || props.readonly} checked={Boolean(props.value)} data-testid={`field-${props.name}`}
    onChange={(e) => props.onChange(e.currentTarget.checked)} />,
  phone: (props) => <TextInput {...common(props)} inputMode="tel" maxLength={11} value={props.value ?? ''}
    onChange={(e) => props.onChange(integerInput(e.currentTarget.value) || undefined)} />,
};

export const rjsfWidgets = FORM_WIDGET_IMPLEMENTATIONS as unknown as RegistryWidgetsType;
