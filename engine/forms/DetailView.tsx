import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { MenuNode } from '../../src/api/types';
import { hasPermission } from '../../src/permission/permission';
import { appState } from '../../src/store/appStore';
import { labelMap, useDictionary, useSelectList } from '../../widgets/dictionary';
import { formatterFor } from '../../widgets/formatters';
import { ImagesWidget } from '../../widgets/ImagesWidget';
import { fetchListPage } from '../api/calls';
import { fillPath } from '../api/paths';
import type { FieldSchema, FormDecl, RefSelectOptions, RelatedListDecl, ResourceDescriptor } from '../../core/descriptors/index.ts';
import type { RecordFormContext } from './formContext';

type Row = Record<string, unknown>;
type FieldUi = { 'ui:widget'?: string; 'ui:options'?: Record<string, unknown>; 'ui:title'?: string };

/** What a read-only field shows: the value as text, a dictionary or enum as its label, a reference as its name. */
export interface DetailField {
  name: string;
  label: string;
  field: FieldSchema | undefined;
  ui: FieldUi;
  /** A long text takes the whole row. */
  wide: boolean;
}

/**
 * The fields a read-only form shows, in its sections: a form's `sections` (each a titled group), else one group of
 * its fields. The row's own serial key is internal and never shown; fields the uiSchema hides stay hidden.
 */
export function detailSections(resource: ResourceDescriptor, form: FormDecl, fields: readonly string[], uiSchema: Record<string, unknown>): { title?: string; fields: DetailField[] }[] {
  const shown = new Set(fields);
  const serialKey = resource.fields[resource.primaryKey]?.type === 'integer' && resource.fields[resource.primaryKey]?.readOnly ? resource.primaryKey : null;
  const schemaProps = (form.schema?.properties ?? {}) as Record<string, { title?: string }>;
  const toField = (name: string): DetailField | null => {
    const ui = (uiSchema[name] ?? {}) as FieldUi;
    if (!shown.has(name) || name === serialKey || ui['ui:widget'] === 'hidden') return null;
    const field = resource.fields[name];
    const wide = ui['ui:widget'] === 'textarea' || ui['ui:widget'] === 'images' || (field?.type === 'string' && (field.maxLength ?? 0) > 48);
    return { name, label: ui['ui:title'] ?? schemaProps[name]?.title ?? field?.title ?? name, field, ui, wide };
  };
  const groups = form.sections?.length ? form.sections : [{ title: undefined, fields: form.fields }];
  return groups.map((g) => ({ title: g.title, fields: g.fields.map(toField).filter((f): f is DetailField => f !== null) })).filter((g) => g.fields.length > 0);
}

const EMPTY = '—';
const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** A plain value as text: numbers with their decimals (money 2), dates as answered, yes/no for flags. */
export function plainText(field: FieldSchema | undefined, value: unknown): string {
  if (isEmpty(value)) return EMPTY;
  if (field?.type === 'boolean') return formatterFor('yesNo')(value, { row: {} });
  if (field?.type === 'number') return formatterFor('money')(value, { row: {}, digits: field['x-decimals'] ?? 2 });
  if (field?.format === 'date') return formatterFor('date')(value, { row: {} });
  return String(value);
}

function DictionaryValue({ code, value }: { code: string; value: unknown }) {
  const dictionary = useDictionary(code);
  const labels = labelMap(dictionary.data);
  return <>{isEmpty(value) ? EMPTY : labels.get(String(value)) ?? String(value)}</>;
}

function ReferenceValue({ options, value, context, multiple }: { options: RefSelectOptions; value: unknown; context: RecordFormContext | undefined; multiple: boolean }) {
  const list = useSelectList(context?.resolveEndpoint(options.source) ?? null, options);
  if (isEmpty(value)) return <>{EMPTY}</>;
  const values = multiple ? String(value).split(',').filter(Boolean) : [String(value)];
  // While the names load the box shows nothing rather than an id a reader would take for a name.
  if (!list.data) return <>{list.isError ? values.join('、') : '…'}</>;
  return <>{values.map((v) => list.data.find((o) => o.value === v)?.label ?? v).join('、')}</>;
}

function FieldValue({ f, value, context }: { f: DetailField; value: unknown; context: RecordFormContext | undefined }) {
  const widget = f.ui['ui:widget'];
  const options = (f.ui['ui:options'] ?? {}) as Record<string, unknown>;
  if (widget === 'refSelect' || widget === 'refMultiSelect') return <ReferenceValue options={options as unknown as RefSelectOptions} value={value} context={context} multiple={widget === 'refMultiSelect'} />;
  const dictionary = (options.dictionary as string | undefined) ?? f.field?.['x-dictionary'];
  if (dictionary) return <DictionaryValue code={dictionary} value={value} />;
  // ui:options.format: a cell formatter key (rate: 66.7%).
  if (typeof options.format === 'string' && !isEmpty(value)) return <>{formatterFor(options.format as Parameters<typeof formatterFor>[0])(value, { row: {} })}</>;
  const enumNames = (options.enumNames ?? (f.ui as Record<string, unknown>)['ui:enumNames']) as string[] | undefined;
  if (enumNames && f.field?.enum) {
    const i = f.field.enum.map(String).indexOf(String(value));
    if (i >= 0 && enumNames[i]) return <>{enumNames[i]}</>;
  }
  return <>{plainText(f.field, value)}</>;
}

/** A list of rows related to the record (a supplier's purchases): the first rows of another resource's page or list route. */
function RelatedList({ decl, row, context, testId }: { decl: RelatedListDecl; row: Row; context: RecordFormContext | undefined; testId: string }) {
  const { t } = useTranslation();
  const endpoint = decl.source ? context?.resolveEndpoint(decl.source) ?? null : null;
  const resource = endpoint && 'resource' in endpoint ? (endpoint as { resource: ResourceDescriptor }).resource : undefined;
  const params = Object.fromEntries(Object.entries(decl.params ?? {}).map(([k, field]) => [k, row[field]]));
  const size = decl.pageSize ?? 20;
  // The record's own list (rows: an exam's results in its answer) needs no call.
  const own = decl.rows ? (Array.isArray(row[decl.rows]) ? (row[decl.rows] as Row[]) : []) : null;
  const fetched = useQuery({
    queryKey: ['engine', 'related', decl.source ?? '', JSON.stringify(params), size],
    enabled: endpoint !== null && !own,
    queryFn: async () => {
      const pathParams = Object.fromEntries(Object.entries(params).filter(([k]) => endpoint!.path.includes(`{${k}}`)));
      const query = Object.fromEntries(Object.entries(params).filter(([k]) => !(k in pathParams)));
      // The record's own placeholders filled now, the paging ones by the page call.
      const path = endpoint!.path.replace(/\{(\w+)\}/g, (whole, name: string) => (name in pathParams ? fillPath(whole, pathParams) : whole));
      const target = { method: endpoint!.method, path };
      const answer = await fetchListPage(target, 1, size, query, undefined, true);
      return Array.isArray(answer) ? { records: answer as Row[], total: answer.length } : answer;
    },
  });
  const rows = own ? { isError: false, data: { records: own, total: own.length } } : fetched;
  return (
    <Paper withBorder p="md" data-testid={`${testId}-related-${decl.id}`}>
      <Group justify="space-between" mb="xs">
        <Title order={6}>{t(decl.title)}</Title>
        {rows.data && rows.data.total > rows.data.records.length && <Text size="xs" c="dimmed">{t('engine.detailView.firstRows', { shown: rows.data.records.length, total: rows.data.total })}</Text>}
      </Group>
      {rows.isError ? <Text size="sm" c="red">{t('engine.loadFailed')}</Text> : !rows.data ? <Text size="sm" c="dimmed">{t('engine.select.loading')}</Text> : rows.data.records.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-related-${decl.id}-empty`}>{t('engine.detailView.noRelated')}</Text>
      ) : (
        <Table withTableBorder striped>
          <Table.Thead><Table.Tr>{decl.columns.map((c) => <Table.Th key={c.field}>{c.label ? t(c.label) : resource?.fields[c.field]?.title ?? c.field}</Table.Th>)}</Table.Tr></Table.Thead>
          <Table.Tbody>
            {rows.data.records.map((r, i) => (
              <Table.Tr key={i} data-testid={`${testId}-related-${decl.id}-row`}>
                {decl.columns.map((c) => {
                  const field = resource?.fields[c.field];
                  const dictionary = field?.['x-dictionary'];
                  const shown = c.format ? formatterFor(c.format)(r[c.field], { row: r }) || EMPTY : plainText(field, r[c.field]);
                  return <Table.Td key={c.field}>{dictionary ? <DictionaryValue code={dictionary} value={r[c.field]} /> : shown}</Table.Td>;
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

export interface DetailFieldsProps {
  resource: ResourceDescriptor;
  form: FormDecl;
  fields: readonly string[];
  uiSchema: Record<string, unknown>;
  row: Row;
  context?: RecordFormContext;
  testId: string;
  /** Sections without their own frame (inside a frame of the page, as a document's header). */
  bare?: boolean;
}

/** The record's values as text beside their labels, in the form's sections (the read-only form; a document's header once it is no longer editable). */
export function DetailFields(props: DetailFieldsProps) {
  const { t } = useTranslation();
  const sections = detailSections(props.resource, props.form, props.fields, props.uiSchema);
  return (
    <>
      {sections.map((s, i) => {
        const grid = (
          <>
            {s.title && <Title order={6} mb="sm">{t(s.title)}</Title>}
            <SimpleGrid cols={{ base: 1, xs: 2, ...(props.bare ? { lg: 3 } : {}) }} spacing="md" verticalSpacing="sm">
              {s.fields.map((f) => (
                <div key={f.name} style={f.wide ? { gridColumn: '1 / -1' } : undefined}>
                  <Text size="xs" c="dimmed" data-testid={`label-${f.name}`}>{f.label}</Text>
                  {f.ui['ui:widget'] === 'images' ? (
                    <ImagesWidget {...({ name: f.name, value: props.row[f.name], readonly: true, disabled: true, onChange: () => undefined, label: '' } as unknown as WidgetProps)} />
                  ) : (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid={`field-${f.name}`}>
                      <FieldValue f={f} value={props.row[f.name]} context={props.context} />
                    </Text>
                  )}
                </div>
              ))}
            </SimpleGrid>
          </>
        );
        return props.bare ? <div key={i} data-testid={`${props.testId}-section`}>{grid}</div> : <Paper key={i} withBorder p="md" data-testid={`${props.testId}-section`}>{grid}</Paper>;
      })}
    </>
  );
}

export interface DetailViewProps extends DetailFieldsProps {
  onClose?: () => void;
}

/**
 * A read-only record as a reader sees it: each value as text beside its label, in the form's sections, dictionary
 * values and references by name (never an internal id), then the form's related lists. No greyed inputs.
 */
export function DetailView(props: DetailViewProps) {
  const { t } = useTranslation();
  const { menuList } = useSnapshot(appState);
  // A related list the reader may not open (its route's permission) is left out rather than failing.
  const granted = (source: string | undefined) => {
    if (!source) return true;
    const perm = (props.context?.resolveEndpoint(source) as { route?: { perm?: string } } | null)?.route?.perm;
    return !perm || hasPermission(menuList as MenuNode[], perm);
  };
  return (
    <Stack gap="sm" data-testid={props.testId}>
      <DetailFields {...props} />
      {(props.form.related ?? []).filter((r) => granted(r.source)).map((r) => <RelatedList key={r.id} decl={r} row={props.row} context={props.context} testId={props.testId} />)}
      {props.onClose && (
        <Group justify="flex-end" py="xs" style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', zIndex: 2 }}>
          <Button variant="default" onClick={props.onClose} data-testid={`${props.testId}-cancel`}>{t('engine.form.close')}</Button>
        </Group>
      )}
    </Stack>
  );
}
