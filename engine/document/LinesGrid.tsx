import { ActionIcon, Button, Group, ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalInput, positiveIntegerInput } from '../../src/forms/inputRules';
import { Icon } from '../../src/layout/icons';
import type { EndpointRef } from '../api/paths';
import { parseGs1 } from '../../core/barcodes/gs1.ts';
import { lineAmount, sumOf } from '../../core/descriptors/documents.ts';
import type { DocLinesGridDecl, FieldSchema, ResourceDescriptor } from '../../core/descriptors/types.ts';
import { formatCell } from './cells';
import { PINNED_RIGHT } from '../list/pinnedColumn';
import { PasteLinesDialog } from './PasteLinesDialog';
import { SkuSearch } from './SkuSearch';
import type { SkuOption } from './skuOptions';

/** A line as the page holds it: the lines resource's fields plus a key that survives reordering. */
export type DocLine = Record<string, unknown> & { _key: string };

let keys = 0;
export const newLineKey = () => `l${++keys}`;

export interface LinesGridProps {
  lines: readonly DocLine[];
  onChange: (lines: DocLine[]) => void;
  grid: DocLinesGridDecl;
  resource: ResourceDescriptor;
  skuField?: string;
  /** Fields the caller may not see (cost and purchase prices without the permission). */
  hidden: ReadonlySet<string>;
  editable: boolean;
  skuOptions: EndpointRef | null;
  whId?: number;
  /** Fields an available action takes per line (confirm-in: 实收数量): inputs even when the lines are no longer editable. */
  inputFields?: ReadonlySet<string>;
  testId: string;
}

/** A line built from a chosen SKU: its names copied, quantity 1, prices prefilled as the descriptor says. */
export function lineFromSku(sku: SkuOption, grid: DocLinesGridDecl, skuField: string, quantity = 1, price?: number): DocLine {
  const line: DocLine = { _key: newLineKey(), [skuField]: sku.skuId, skuCode: sku.skuCode, skuName: sku.skuName, barcode: sku.barcode, spec: sku.spec, unit: sku.unit };
  // A new line starts at 1 where the grid takes its quantity (a stocktake's count is entered, never assumed).
  const qtyField = grid.amount?.quantity ?? 'quantity';
  if (grid.columns.some((c) => c.field === qtyField && c.editable)) line[qtyField] = quantity;
  for (const [field, from] of Object.entries(grid.prefill ?? {})) {
    const v = (sku as unknown as Record<string, unknown>)[from];
    if (v !== undefined && v !== null) line[field] = v;
  }
  if (price !== undefined && grid.amount) line[grid.amount.price] = price;
  return withAmount(line, grid);
}

export function withAmount(line: DocLine, grid: DocLinesGridDecl): DocLine {
  const a = grid.amount;
  if (!a) return line;
  return { ...line, [a.field]: lineAmount(line[a.quantity], line[a.price]) };
}

/**
 * Adds SKUs to the lines: a SKU already on the document gets its quantity raised (scanning the same barcode
 * twice counts two), a new one is appended.
 */
export function addSkus(lines: readonly DocLine[], added: DocLine[], grid: DocLinesGridDecl, skuField: string): DocLine[] {
  const out = [...lines];
  const qty = grid.amount?.quantity ?? 'quantity';
  for (const line of added) {
    const i = out.findIndex((l) => l[skuField] === line[skuField]);
    if (i === -1) out.push(line);
    else if (line[qty] === undefined) continue;
    else out[i] = withAmount({ ...out[i], [qty]: Number(out[i][qty] ?? 0) + Number(line[qty] ?? 0), ...(grid.amount && line[grid.amount.price] !== undefined ? { [grid.amount.price]: line[grid.amount.price] } : {}) }, grid);
  }
  return out;
}

/** A GS1-128 / DataMatrix label scanned into 批次号 gives the lot and, where the grid has them, its dates. */
function scannedLot(field: string, value: string, grid: LinesGridProps['grid']): Record<string, string> | null {
  if (field !== 'lotNo') return null;
  const label = parseGs1(value);
  if (!label?.lotNo) return null;
  const has = (f: string) => grid.columns.some((c) => c.field === f && c.editable);
  return {
    lotNo: label.lotNo,
    ...(label.productionDate && has('productionDate') ? { productionDate: label.productionDate } : {}),
    ...(label.expiryDate && has('expiryDate') ? { expiryDate: label.expiryDate } : {}),
  };
}

/**
 * The editable lines of a document: add by scan or search, paste many, edit quantities and prices with the
 * input helpers of spec 000 §5, remove; amounts and totals follow as the user types (the server computes
 * them again on save).
 */
export function LinesGrid(props: LinesGridProps) {
  const { t } = useTranslation();
  const { grid, resource, lines, editable, testId } = props;
  const [pasting, setPasting] = useState(false);
  // Columns out of view (the grid wider than its box, e.g. 新增采购单 at 1366 px): said under the grid.
  const viewport = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(false);
  const measure = useCallback(() => {
    const v = viewport.current;
    if (v) setHidden(v.scrollWidth > v.clientWidth + 1);
  }, []);
  useEffect(() => {
    const v = viewport.current;
    if (!v || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(measure);
    watch.observe(v);
    if (v.firstElementChild) watch.observe(v.firstElementChild);
    return () => watch.disconnect();
  }, [measure]);
  const skuField = props.skuField ?? 'skuId';
  const columns = grid.columns.filter((c) => !props.hidden.has(c.field));
  const label = (c: { field: string; label?: string }) => (c.label ? t(c.label) : resource.fields[c.field]?.title ?? c.field);
  const update = (key: string, field: string, value: unknown) =>
    props.onChange(lines.map((l) => (l._key === key ? withAmount({ ...l, [field]: value }, grid) : l)));
  // A label scanned into 批次号 is read when the scan ends (Enter or leaving the cell), not at each character it types.
  const commit = (key: string, field: string, value: string) => {
    const read = scannedLot(field, value, grid);
    if (read) props.onChange(lines.map((l) => (l._key === key ? { ...l, ...read } : l)));
  };
  const add = (added: DocLine[]) => props.onChange(addSkus(lines, added, grid, skuField));
  const qtyField = grid.amount?.quantity ?? 'quantity';
  // Quantities and amounts add up in the footer (合计); prices and codes do not.
  const totals: Record<string, number> = {};
  for (const c of columns) {
    const f = resource.fields[c.field];
    if ((f?.type === 'number' || f?.type === 'integer') && /(quantity|amount)$/i.test(c.field) && lines.some((l) => l[c.field] !== null && l[c.field] !== undefined))
      totals[c.field] = sumOf(lines, c.field, /amount$/i.test(c.field) ? 2 : 3);
  }
  if (resource.fields[qtyField] && totals[qtyField] === undefined) totals[qtyField] = sumOf(lines, qtyField, 3);

  return (
    <div data-testid={`${testId}-lines`}>
      {editable && props.skuOptions && (
        <Group mb="xs" gap="sm">
          <SkuSearch route={props.skuOptions} whId={props.whId} testId={testId} onPick={(sku) => add([lineFromSku(sku, grid, skuField)])} />
          <Button variant="light" onClick={() => setPasting(true)} data-testid={`${testId}-paste`}>{t('engine.document.paste')}</Button>
          <Text size="xs" c="dimmed">{t('engine.document.scanHint')}</Text>
        </Group>
      )}
      <ScrollArea viewportRef={viewport}>
        <Table striped withTableBorder withColumnBorders miw={columns.reduce((w, c) => w + (c.width ?? 120), 120)} data-testid={`${testId}-lines-table`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={56}>{t('engine.index')}</Table.Th>
              {columns.map((c) => <Table.Th key={c.field} w={c.width}>{label(c)}</Table.Th>)}
              {editable && <Table.Th w={64} style={PINNED_RIGHT}>{t('engine.operations')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 2}><Text size="sm" c="dimmed" ta="center" py="md">{editable ? t('engine.document.noLinesYet') : t('engine.empty')}</Text></Table.Td>
              </Table.Tr>
            )}
            {lines.map((line, i) => (
              <Table.Tr key={line._key} data-testid={`${testId}-line`}>
                <Table.Td>{i + 1}</Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.field}>
                    {(editable && c.editable) || props.inputFields?.has(c.field) ? (
                      <CellInput field={resource.fields[c.field]} value={line[c.field]} testId={`${testId}-line-${i + 1}-${c.field}`} onChange={(v) => update(line._key, c.field, v)}
                        onCommit={c.field === 'lotNo' ? (v) => commit(line._key, c.field, v) : undefined} />
                    ) : (
                      <Text size="sm" ta={isNumeric(resource.fields[c.field]) ? 'right' : undefined}>{formatCell(resource.fields[c.field], line[c.field])}</Text>
                    )}
                  </Table.Td>
                ))}
                {editable && (
                  <Table.Td style={PINNED_RIGHT}>
                    <ActionIcon variant="subtle" color="red" aria-label={t('engine.delete')} data-testid={`${testId}-line-${i + 1}-remove`}
                      onClick={() => props.onChange(lines.filter((l) => l._key !== line._key))}>
                      <Icon name="close" size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {lines.length > 0 && (
            <Table.Tfoot>
              <Table.Tr data-testid={`${testId}-totals`}>
                <Table.Td><Text size="sm" fw={600}>{t('engine.document.total')}</Text></Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c.field}>
                    {totals[c.field] !== undefined && <Text size="sm" fw={600} ta="right" data-testid={`${testId}-total-${c.field}`}>{formatCell(resource.fields[c.field], totals[c.field])}</Text>}
                  </Table.Td>
                ))}
                {editable && <Table.Td style={PINNED_RIGHT} />}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </ScrollArea>
      {hidden && <Text size="xs" c="dimmed" mt={4} data-testid={`${testId}-lines-more`}>{t('engine.document.moreColumns')}</Text>}
      {pasting && props.skuOptions && (
        <PasteLinesDialog route={props.skuOptions} whId={props.whId} testId={testId} onClose={() => setPasting(false)}
          onAdd={(found) => {
            add(found.map(({ sku, quantity, price }) => lineFromSku(sku, grid, skuField, quantity, price)));
            setPasting(false);
          }} />
      )}
    </div>
  );
}

const isNumeric = (f: FieldSchema | undefined) => f?.type === 'number' || f?.type === 'integer';

/** A quantity or price typed through the input helper of its type; the line holds a number (or nothing). */
function CellInput({ field, value, onChange, onCommit, testId }: { field: FieldSchema | undefined; value: unknown; onChange: (v: unknown) => void; onCommit?: (v: string) => void; testId: string }) {
  const [text, setText] = useState<string | null>(null);
  if (!isNumeric(field)) {
    // A cell that reads scans (onCommit) takes the whole label, longer than the value it keeps.
    return <TextInput size="xs" value={String(value ?? '')} maxLength={onCommit ? undefined : field?.maxLength} data-testid={testId} onChange={(e) => onChange(e.currentTarget.value || undefined)}
      onBlur={onCommit && ((e) => onCommit(e.currentTarget.value))} onKeyDown={onCommit && ((e) => { if (e.key === 'Enter') onCommit(e.currentTarget.value); })} />;
  }
  const clean = (raw: string) => (field!.type === 'integer' ? positiveIntegerInput(raw) : decimalInput(raw, { decimals: field!['x-decimals'] === 1 ? 1 : 2 }));
  const shown = text !== null && (text === '' ? value === undefined : Number(text) === Number(value)) ? text : value === undefined || value === null ? '' : String(value);
  return (
    <TextInput size="xs" inputMode="decimal" value={shown} data-testid={testId} styles={{ input: { textAlign: 'right' } }}
      onChange={(e) => {
        const next = clean(e.currentTarget.value);
        setText(next);
        onChange(next === '' || Number.isNaN(Number(next)) ? undefined : Number(next));
      }} />
  );
}
