/**
 * Browser side of the engine bench (tests/bench/engine.ts bundles this with esbuild and runs it in
 * Chromium): the engine's real export and table code against baselines measured in the same page.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import '../../src/i18n/i18n';
import { loadScreenTexts } from '../../engine/i18n/screenTexts';
import { runBrowserExport } from '../../engine/export/browserExport';
import type { CsvColumn } from '../../engine/export/csv';
import { DataTable, type ListColumnDef, type Row } from '../../engine/list/DataTable';
import { formatterFor } from '../../widgets/formatters';

loadScreenTexts();

const FIELDS = ['shopId', 'shopCode', 'shopName', 'regionName', 'address', 'area', 'minCost', 'openDate', 'status'] as const;
const FORMATS: Record<string, string> = { area: 'number', minCost: 'money', openDate: 'date', status: 'enabled' };

function makeRows(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    shopId: i + 1, shopCode: `S${String(i + 1).padStart(7, '0')}`, shopName: `门店${i + 1}`, regionName: `华北,${i % 30}区`,
    address: `北京市朝阳区\n建国路${i}号`, area: (i % 997) * 1.37, minCost: (i % 10007) * 3.3333, openDate: '2026-03-01', status: i % 2,
  }));
}

const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function exportRows(n: number, pauseMs: number): Promise<{ ms: number; bytes: number }> {
  const rows = makeRows(n);
  const columns: CsvColumn[] = FIELDS.map((prop) => {
    const format = formatterFor(FORMATS[prop]);
    return { prop, label: prop, format: (v: unknown, row: Row) => format(v, { row }) };
  });
  let bytes = 0;
  const t0 = performance.now();
  await runBrowserExport({
    title: 'bench', columns, pauseMs,
    fetchPage: async (pageNum, pageSize) => ({ records: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: n }),
    saveFile: (file) => { bytes += new Blob(file.parts).size; },
  });
  return { ms: performance.now() - t0, bytes };
}

/** Baseline: the same rows joined raw (no formatting, no escaping, no paging) into one Blob. */
function exportBaseline(n: number): { ms: number; bytes: number } {
  const rows = makeRows(n);
  const t0 = performance.now();
  const text = rows.map((row) => FIELDS.map((f) => String(row[f])).join(',')).join('\r\n');
  const bytes = new Blob(['\uFEFF', FIELDS.join(','), '\r\n', text]).size;
  return { ms: performance.now() - t0, bytes };
}

const columns: ListColumnDef[] = FIELDS.map((field) => {
  const format = formatterFor(FORMATS[field]);
  return { id: field, accessorFn: (row: Row) => row[field], header: () => field, size: 120, cell: ({ row }: { row: { original: Row } }) => <span>{format(row.original[field], { row: row.original })}</span> } as ListColumnDef;
});

function EngineTable({ rows }: { rows: Row[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  return (
    <DataTable columns={columns} rows={rows} rowId={(r) => String(r.shopId)} sorting={[]} onSortingChange={() => {}} selection={{}} onSelectionChange={() => {}}
      height={694} scrollRef={scrollRef} firstIndex={1} testId="bench" />
  );
}

function PlainTable({ rows }: { rows: Row[] }) {
  return (
    <div style={{ maxHeight: 694, overflow: 'auto' }}>
      <table>
        <thead><tr>{FIELDS.map((f) => <th key={f}>{f}</th>)}</tr></thead>
        <tbody>{rows.map((row) => <tr key={String(row.shopId)}>{FIELDS.map((f) => <td key={f}>{formatterFor(FORMATS[f])(row[f], { row })}</td>)}</tr>)}</tbody>
      </table>
    </div>
  );
}

/** Time from render to the next painted frame, median of `runs` fresh mounts. */
async function renderTime(n: number, which: 'engine' | 'plain', runs: number): Promise<number> {
  const rows = makeRows(n);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const container = document.createElement('div');
    container.style.width = '1400px';
    document.body.appendChild(container);
    const root = createRoot(container);
    const t0 = performance.now();
    flushSync(() => root.render(<MantineProvider>{which === 'engine' ? <EngineTable rows={rows} /> : <PlainTable rows={rows} />}</MantineProvider>));
    void container.offsetHeight;
    await afterPaint();
    times.push(performance.now() - t0);
    const rendered = container.querySelectorAll('tbody tr').length;
    if (rendered === 0) throw new Error('nothing rendered');
    root.unmount();
    container.remove();
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

async function renderedRows(n: number): Promise<number> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  flushSync(() => root.render(<MantineProvider><EngineTable rows={makeRows(n)} /></MantineProvider>));
  await afterPaint();
  const count = container.querySelectorAll('tbody tr[data-row-id]').length;
  root.unmount();
  container.remove();
  return count;
}

Object.assign(window, { engineBench: { exportRows, exportBaseline, renderTime, renderedRows } });
