import { Loader, MultiSelect, Select, Switch, TextInput, Textarea } from '@mantine/core';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalInput, integerInput, negativeDecimalInput, positiveIntegerInput } from '../src/forms/inputRules';
import { formContextOf } from '../engine/forms/formContext';
import type { RefSelectOptions } from '../core/descriptors/types.ts';
import { DateField, DateTimeField } from './datePickers';
import { ImagesWidget } from './ImagesWidget';
import { PasswordWidget, TextFileWidget } from './TextFileWidget';
import { useDictionary, useSelectList } from './dictionary';
import { withCurrentValue } from './referenceOptions';
import { formatterFor } from './formatters';
import type { FormWidgetKey } from '../core/descriptors/widgetKeys.ts';

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

function dateCommon(props: WidgetProps) {
  const c = common(props);
  return { id: c.id, label: c.label, required: c.required, disabled: c.disabled, error: c.error, testId: c['data-testid'], onBlur: c.onBlur, onFocus: c.onFocus,
    value: typeof props.value === 'string' ? props.value : undefined, w: 180 };
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
    // Read-only (a detail page): a field with decimals shows as the lists show money (15.00, not 15).
    const fixed = props.readonly && typeof props.options.decimals === 'number' && value !== undefined && !Number.isNaN(value);
    const shown = parsed === value ? text : value === undefined ? '' : fixed ? formatterFor('money')(value, { row: {}, digits: props.options.decimals as number }) : String(props.value);
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

/** While a select's options load it says so (加载中… and a spinner); a failed load reads 接口异常 under the field. */
function loadingProps(query: { isPending: boolean; isError: boolean; fetchStatus: string }, t: (key: string) => string, props: WidgetProps) {
  const loading = query.isPending && query.fetchStatus !== 'idle';
  const failed = query.isError ? t('engine.select.failed') : undefined;
  const own = props.rawErrors?.length ? props.rawErrors.join('；') : undefined;
  return {
    placeholder: loading ? t('engine.select.loading') : t('engine.pleaseSelect'),
    rightSection: loading ? <Loader size={14} /> : undefined,
    error: [own, failed].filter(Boolean).join('；') || undefined,
    'data-loading': loading ? 'true' : undefined,
  };
}

/** A select fed by ms-data-dictionary/findList/{ui:options.dictionary}. */
function DictSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const dictionary = useDictionary(String(props.options.dictionary ?? ''));
  // A field whose enum narrows the dictionary (团购 收款方式: not 余额 or 券) offers only the values it allows.
  const allowed = Array.isArray(props.schema.enum) ? props.schema.enum.map(String) : null;
  const items = (dictionary.data ?? []).filter((d) => !allowed || allowed.includes(String(d.value)));
  const data = (allowed ? allowed.map((v) => items.find((d) => String(d.value) === v)).filter((d) => d !== undefined) : items).map((d) => ({ value: d.value, label: d.label }));
  const numeric = props.schema.type === 'integer' || props.schema.type === 'number';
  return <Select {...common(props)} data={data} clearable={!props.required} {...loadingProps(dictionary, t, props)}
    value={props.value === undefined || props.value === null ? null : String(props.value)}
    onChange={(v) => props.onChange(v === null ? undefined : numeric ? Number(v) : v)} />;
}

/**
 * A searchable select of another resource's rows (ui:options: source, valueField, labelField, codeField; see
 * RefSelectOptions): loaded once with pageNum 1 / pageSize 99999, shows 名称（编码）, stores the row's value,
 * and takes only what the list offers (typed text only searches).
 */
function RefSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const options = props.options as unknown as RefSelectOptions;
  const endpoint = formContextOf(props.registry.formContext)?.resolveEndpoint(options.source) ?? null;
  const list = useSelectList(endpoint, options);
  const current = props.value === undefined || props.value === null || props.value === '' ? null : String(props.value);
  const data = list.data ? withCurrentValue(list.data, current) : [];
  const numeric = props.schema.type === 'integer' || props.schema.type === 'number';
  return <Select {...common(props)} data={data} searchable limit={200} clearable={!props.required} nothingFoundMessage={t('engine.select.nothingFound')}
    {...loadingProps(list, t, props)} value={current} allowDeselect={false}
    onChange={(v) => props.onChange(v === null ? undefined : numeric ? Number(v) : v)} />;
}

/**
 * Several rows of another resource (ui:options as refSelect's), kept in a text field as their values comma-separated
 * in ascending order ("3,7,12"); none chosen is "" (the server reads it as "all"), so clearing the picker is saved.
 */
function RefMultiSelectWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const options = props.options as unknown as RefSelectOptions;
  const endpoint = formContextOf(props.registry.formContext)?.resolveEndpoint(options.source) ?? null;
  const list = useSelectList(endpoint, options);
  // An array field (a form's own list of ids, fieldDefs) keeps the values as an array of the source's type; a text field, comma-separated.
  const asArray = props.schema.type === 'array';
  // rjsf fills an array up to its minItems with empty items: they are no choice.
  const current = asArray ? (Array.isArray(props.value) ? props.value.filter((v) => v !== null && v !== undefined && v !== '').map(String) : []) : typeof props.value === 'string' && props.value !== '' ? props.value.split(',') : [];
  const data = list.data ? current.reduce((d, v) => withCurrentValue(d, v), list.data) : [];
  const loading = loadingProps(list, t, props);
  return <MultiSelect {...common(props)} data={data} searchable clearable limit={200} nothingFoundMessage={t('engine.select.nothingFound')}
    {...loading} placeholder={current.length ? undefined : (props.placeholder || loading.placeholder)} value={current}
    onChange={(v) => {
      const sorted = [...v].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
      const numeric = (props.schema.items as { type?: string } | undefined)?.type === 'integer';
      props.onChange(asArray ? (sorted.length ? sorted.map((x) => (numeric ? Number(x) : x)) : undefined) : sorted.join(','));
    }} />;
}

/** Form widgets by key (core/descriptors/widgetKeys.ts FORM_WIDGETS), handed to rjsf as its widgets. */
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
  refSelect: RefSelectWidget,
  refMultiSelect: RefMultiSelectWidget,
  // Receipt photos: uploaded images' object keys, comma-separated (petty-cash records).
  images: ImagesWidget,
  // A text pasted or read from a file (a merchant's key), and a secret never shown back.
  textFile: TextFileWidget,
  password: PasswordWidget,
  date: (props) => <DateField {...dateCommon(props)} onChange={(v) => props.onChange(v)} />,
  // The answer's "YYYY-MM-DD HH:mm:ss" shown in the pickers, and sent back in the same form.
  dateTime: (props) => <DateTimeField {...dateCommon(props)} onChange={(v) => props.onChange(v)} />,
  switch: (props) => <Switch id={props.id} label={props.label} disabled={props.disabled || props.readonly} checked={Boolean(props.value)} data-testid={`field-${props.name}`}
    onChange={(e) => props.onChange(e.currentTarget.checked)} />,
  phone: (props) => <TextInput {...common(props)} inputMode="tel" maxLength={11} value={props.value ?? ''}
    onChange={(e) => props.onChange(integerInput(e.currentTarget.value) || undefined)} />,
};

export const rjsfWidgets = FORM_WIDGET_IMPLEMENTATIONS as unknown as RegistryWidgetsType;
