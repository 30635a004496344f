/**
 * One settings row: label + the control its catalogue entry names. Dropdowns, checkboxes, colours
 * and sliders apply at once (`immediate`); typed values wait for the confirm button.
 */
import { ActionIcon, Autocomplete, type ComboboxItem, type OptionsFilter, Button, Checkbox, ColorInput, Group, NumberInput, Select, Slider, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WATERMARK_SLIDERS, WATERMARK_TIME_FORMATS, optionsWithStoredValue, type OptionItem } from '../../../core/print/options/index.ts';
import { IMAGE_SIZE_MODES, imageAutoSize, type ImageSizeMode } from '../interaction/imageSize.ts';
import type { HostContext, OptionGroup, PropertyDef, Target } from '../properties/catalogue.ts';
import { ColumnsList } from './ColumnsList.tsx';

export interface PropertyControlProps {
  property: PropertyDef;
  target: Target;
  host: HostContext;
  /** immediate: apply now (dropdowns and the like); otherwise kept until confirm */
  onChange(value: unknown, immediate: boolean): void;
}

const isGrouped = (list: ReadonlyArray<OptionItem> | ReadonlyArray<OptionGroup>): list is ReadonlyArray<OptionGroup> => list.length > 0 && 'group' in list[0];

function SelectControl({ property, target, host, onChange }: PropertyControlProps) {
  const { t } = useTranslation();
  if (property.control.kind !== 'select') return null;
  const { translate } = property.control;
  const stored = property.read(target) as string | number | undefined;
  const label = (o: OptionItem) => (translate ? t(`values.${o.label}`, { defaultValue: o.label }) : o.label);
  const list = property.control.options(host);
  const flat = isGrouped(list) ? list.flatMap((g) => g.items) : list;
  const shown = optionsWithStoredValue(flat, stored as never);
  const extra = shown.filter((o) => o.extra).map((o) => ({ value: String(o.value), label: `${o.label} ${t('ui.extraOption')}` }));
  const data = isGrouped(list)
    ? [...list.map((g) => ({ group: g.group, items: g.items.map((o) => ({ value: String(o.value), label: o.label })) })), ...(extra.length ? [{ group: '-', items: extra }] : [])]
    : [...flat.filter((o) => o.value !== '').map((o) => ({ value: String(o.value), label: label(o) })), ...extra];
  return (
    <Select
      size="xs"
      data={data}
      value={stored === undefined || stored === null || stored === '' ? null : String(stored)}
      placeholder={t('ui.default')}
      clearable
      searchable
      comboboxProps={{ withinPortal: true }}
      data-testid={`prop-${property.name}`}
      // empty means default: the property is left unset
      onChange={(v) => onChange(v === null ? '' : shown.find((o) => String(o.value) === v)?.value ?? v, true)}
    />
  );
}

/** field: the host's fields of the template's business type as a dropdown, or any name typed. */
function FieldControl({ property, target, host, onChange }: PropertyControlProps) {
  const { t } = useTranslation();
  const value = String(property.read(target) ?? '');
  const fields = host.fields ?? [];
  const textOf = new Map(fields.map((f) => [f.field, f.text]));
  const filter: OptionsFilter = ({ options, search }) => {
    const q = search.trim().toLowerCase();
    // an exact pick shows the whole list again, so another field is one click away
    if (!q || textOf.has(search)) return options;
    return (options as ComboboxItem[]).filter((o) => o.value.toLowerCase().includes(q) || (textOf.get(o.value) ?? '').toLowerCase().includes(q));
  };
  return (
    <Autocomplete size="xs" value={value} data={fields.map((f) => f.field)} filter={filter} limit={200} maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
      description={value && !textOf.has(value) && fields.length ? t('ui.fieldTyped') : value ? textOf.get(value) : undefined}
      renderOption={({ option }) => (
        <Group gap={6} wrap="nowrap" data-testid={`field-option-${option.value}`}>
          <Text size="xs">{textOf.get(option.value)}</Text>
          <Text size="xs" c="dimmed">{option.value}</Text>
        </Group>
      )}
      onOptionSubmit={(v) => onChange(v, true)}
      onChange={(v) => onChange(v, false)} data-testid={`prop-${property.name}`} />
  );
}

function PairControl({ property, target, onChange }: PropertyControlProps) {
  const { t } = useTranslation();
  const [synced, setSynced] = useState(false);
  const [a, b] = property.control.kind === 'coordinate' ? ['left', 'top'] : ['width', 'height'];
  const value = property.read(target) as Record<string, number>;
  const set = (key: string, v: string | number) => {
    const n = typeof v === 'number' ? v : v === '' ? 0 : Number(v);
    onChange(synced ? { [a]: n, [b]: n } : { ...value, [key]: n }, false);
  };
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput size="xs" value={value[a]} decimalScale={2} onChange={(v) => set(a, v)} data-testid={`prop-${property.name}-${a}`} style={{ flex: 1 }} />
      <Tooltip label={synced ? t('ui.sync') : t('ui.unsync')}>
        <ActionIcon size="sm" variant={synced ? 'filled' : 'default'} onClick={() => setSynced(!synced)} data-testid={`prop-${property.name}-sync`} aria-pressed={synced}
          aria-label={synced ? t('ui.sync') : t('ui.unsync')}>
          {synced ? <IconLink size={14} /> : <IconUnlink size={14} />}
        </ActionIcon>
      </Tooltip>
      <NumberInput size="xs" value={value[b]} decimalScale={2} onChange={(v) => set(b, v)} data-testid={`prop-${property.name}-${b}`} style={{ flex: 1 }} />
    </Group>
  );
}

function SrcControl({ property, target, host, onChange }: PropertyControlProps) {
  const { t } = useTranslation();
  const src = (property.read(target) as string | undefined) ?? '';
  const [mode, setMode] = useState<ImageSizeMode | null>(null);
  const autoSize = (m: ImageSizeMode, address: string) => {
    if (!address) return;
    const img = new Image();
    img.onload = () => {
      const size = imageAutoSize(m, { width: img.naturalWidth, height: img.naturalHeight }, { width: Number(target.width) || 90, height: Number(target.height) || 90 });
      onChange({ src: address, ...size }, true);
    };
    img.src = address;
  };
  const [choosing, setChoosing] = useState(false);
  const choose = async () => {
    setChoosing(true);
    try {
      const chosen = host.chooseImage ? await host.chooseImage() : undefined;
      if (!chosen) return;
      onChange(chosen, true);
      // an auto-size mode already picked applies to the new picture
      if (mode) autoSize(mode, chosen);
    } finally {
      setChoosing(false);
    }
  };
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap">
        <TextInput size="xs" value={src} onChange={(e) => onChange(e.currentTarget.value, false)} style={{ flex: 1 }} data-testid="prop-src" />
        {host.chooseImage && <Button size="compact-xs" variant="default" loading={choosing} onClick={() => void choose()} data-testid="prop-src-choose" title={choosing ? t('ui.uploading') : undefined}>{t('ui.choose')}</Button>}
      </Group>
      <Group gap={4} wrap="nowrap">
        <Select size="xs" placeholder={t('ui.imageSize')} value={mode} data-testid="prop-src-size-mode" data={IMAGE_SIZE_MODES.map((m) => ({ value: m, label: t(`ui.${m}`) }))} onChange={(v) => setMode(v as ImageSizeMode | null)} style={{ flex: 1 }} />
        <Button size="compact-xs" variant="default" disabled={!mode || !src} onClick={() => mode && autoSize(mode, src)} data-testid="prop-src-refresh">{t('ui.refresh')}</Button>
      </Group>
    </Stack>
  );
}

function WatermarkControl({ property, target, onChange }: PropertyControlProps) {
  const { t } = useTranslation();
  const w = property.read(target) as Record<string, unknown>;
  const set = (key: string, value: unknown, immediate = true) => onChange({ ...w, [key]: value }, immediate);
  const slider = (key: 'fontSize' | 'rotate' | 'width' | 'height', label: string) => {
    const bounds = WATERMARK_SLIDERS[key];
    const value = key === 'fontSize' ? parseFloat(String(w.fontSize)) : Number(w[key]);
    return (
      <div>
        <Text size="xs">{label}: {value}</Text>
        <Slider size="sm" min={bounds.min} max={bounds.max} value={value} data-testid={`watermark-${key}`}
          onChangeEnd={(v) => set(key, key === 'fontSize' ? `${v}px` : v)} />
      </div>
    );
  };
  return (
    <Stack gap={6}>
      <TextInput size="xs" label={t('ui.watermarkContent')} value={String(w.content ?? '')} onChange={(e) => set('content', e.currentTarget.value, false)} data-testid="watermark-content" />
      <ColorInput size="xs" label={t('ui.watermarkColor')} format="rgba" value={String(w.fillStyle)} onChangeEnd={(v) => set('fillStyle', v)} />
      {slider('fontSize', t('ui.watermarkFontSize'))}
      {slider('rotate', t('ui.watermarkRotate'))}
      {slider('width', t('ui.watermarkWidth'))}
      {slider('height', t('ui.watermarkHeight'))}
      <Checkbox size="xs" label={t('ui.watermarkTimestamp')} checked={w.timestamp === true} onChange={(e) => set('timestamp', e.currentTarget.checked)} />
      <Select size="xs" label={t('ui.watermarkFormat')} data={[...WATERMARK_TIME_FORMATS]} value={String(w.format)} onChange={(v) => v && set('format', v)} />
    </Stack>
  );
}

export function PropertyControl(props: PropertyControlProps) {
  const { property, target, host, onChange } = props;
  const { t } = useTranslation();
  const value = property.read(target);
  const c = property.control;
  const testId = `prop-${property.name}`;
  let control: React.ReactNode;
  switch (c.kind) {
    case 'select':
      control = <SelectControl {...props} />;
      break;
    case 'text':
      control = <TextInput size="xs" value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value, false)} data-testid={testId} />;
      break;
    case 'field':
      control = <FieldControl {...props} />;
      break;
    case 'textarea':
      control = <Textarea size="xs" autosize minRows={1} maxRows={6} value={String(value ?? '')} onChange={(e) => onChange(e.currentTarget.value, false)} data-testid={testId} />;
      break;
    case 'number':
      control = <NumberInput size="xs" value={value === undefined ? '' : Number(value)} min={c.min} max={c.max} step={c.step} allowDecimal={!c.integer} onChange={(v) => onChange(v, false)} data-testid={testId} />;
      break;
    case 'slider':
      control = <Slider size="sm" min={c.min} max={c.max} step={c.step} value={Number(value ?? c.min)} onChangeEnd={(v) => onChange(v, true)} data-testid={testId} />;
      break;
    case 'checkbox':
      control = <Checkbox size="xs" checked={value === true} onChange={(e) => onChange(e.currentTarget.checked, true)} data-testid={testId} />;
      break;
    case 'color':
      control = <ColorInput size="xs" value={String(value ?? '')} format="hexa" onChangeEnd={(v) => onChange(v, true)} onChange={(v) => v === '' && onChange('', true)} data-testid={testId} />;
      break;
    case 'coordinate':
    case 'widthHeight':
      control = <PairControl {...props} />;
      break;
    case 'src':
      control = <SrcControl {...props} />;
      break;
    case 'watermark':
      control = <WatermarkControl {...props} />;
      break;
    case 'columns':
      control = <ColumnsList columns={(value as never) ?? []} onChange={(columns) => onChange(columns, true)} />;
      break;
  }
  const stacked = c.kind === 'watermark' || c.kind === 'columns' || c.kind === 'src';
  return (
    <div className="wxy-prop-row" data-prop={property.name} style={{ display: stacked ? 'block' : 'grid', gridTemplateColumns: '96px 1fr', gap: 6, alignItems: 'center', marginBottom: 6 }}>
      <Text size="xs" c="dimmed" style={{ marginBottom: stacked ? 4 : 0 }}>{t(`prop.${property.name}`)}</Text>
      {control}
    </div>
  );
}
