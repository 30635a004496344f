/**
 * Micro-benchmark of the designer cores (called by `npm run bench`): paginate a 10,000-row table
 * template, plain and with groups + merges. Baseline in the same run: one pass measuring every
 * cell's text width, the least work any metrics-based paginator must do.
 */
import { paginateTemplate } from './paginate/index.ts';
import { estimatedFontMetrics } from './paginate/metrics.ts';
import { createFormatterRegistry } from './template/registry.ts';
import type { PrintTemplate, TableColumn } from './template/types.ts';
import { validateTemplate } from './template/index.ts';

const ROWS = 10_000;

function benchRows(): Array<Record<string, unknown>> {
  return Array.from({ length: ROWS }, (_, i) => ({
    sku: `SKU-${String(i).padStart(6, '0')}`,
    name: i % 7 === 0 ? `长名称商品 ${i} 规格 500g×12 袋 含赠品说明文字较长需要换行` : `商品 ${i}`,
    category: `分类${Math.floor(i / 40)}`,
    qty: (i % 13) + 1,
    price: ((i * 37) % 1000) / 10,
    amount: (((i % 13) + 1) * ((i * 37) % 1000)) / 10,
  }));
}

const COLUMNS: TableColumn[][] = [[
  { title: '分类', field: 'category', width: 70 },
  { title: '编码', field: 'sku', width: 80 },
  { title: '名称', field: 'name', width: 200 },
  { title: '数量', field: 'qty', width: 50, tableSummary: 'sum', tableSummaryNumFormat: '0' },
  { title: '单价', field: 'price', width: 60, tableSummary: 'avg', tableSummaryNumFormat: '2' },
  { title: '金额', field: 'amount', width: 90, tableSummary: 'sum', tableSummaryNumFormat: '2', upperCase: undefined },
]];

function template(extra: Record<string, unknown>): PrintTemplate {
  const result = validateTemplate({
    version: 1,
    panels: [{
      index: 0, width: 210, height: 297, paperType: 'A4', paperHeader: 60, paperFooter: 800,
      printElements: [
        { type: 'text', options: { left: 20, top: 20, width: 200, height: 20, title: '销售明细' } },
        { type: 'table', options: { left: 20, top: 90, width: 550, height: 40, field: 'items', columns: COLUMNS, tableFooterRepeat: 'page', tableGrandTotal: true, ...extra } },
        { type: 'text', options: { left: 20, top: 140, width: 200, height: 20, title: '签字' } },
      ],
    }],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.template;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** First (cold, includes JIT) run and the median of `runs` warm runs, in ms. */
function time(fn: () => void, runs: number): { cold: number; warm: number } {
  const r1 = (v: number) => Math.round(v * 10) / 10;
  const t0 = performance.now();
  fn();
  const cold = performance.now() - t0;
  fn();
  fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return { cold: r1(cold), warm: r1(median(out)) };
}

export async function benchDesignerCores(): Promise<Record<string, number | string>> {
  const items = benchRows();
  const registry = createFormatterRegistry();
  registry.register('merge', 'sameCategory', (row, _col, columnIndex, rowIndex, all) => {
    if (columnIndex !== 0) return [1, 1];
    if (rowIndex > 0 && all[rowIndex - 1].category === row.category) return [0, 0];
    let n = 1;
    while (rowIndex + n < all.length && all[rowIndex + n].category === row.category) n++;
    return [n, 1];
  });
  const plain = template({});
  const grouped = template({ groupFields: ['category'], rowsColumnsMerge: 'sameCategory' });

  let pages = 0;
  const plainMs = time(() => {
    pages = paginateTemplate(plain, { data: { items } }).pages.length;
  }, 7);
  let groupedPages = 0;
  const groupedMs = time(() => {
    groupedPages = paginateTemplate(grouped, { data: { items }, registry }).pages.length;
  }, 5);
  let sink = 0;
  const baselineMs = time(() => {
    for (const row of items) for (const col of COLUMNS[0]) sink += estimatedFontMetrics.textWidth(String(row[col.field as string] ?? ''), 9);
  }, 7);

  return {
    'designer.paginate10kRows.coldMs': plainMs.cold,
    'designer.paginate10kRows.ms': plainMs.warm,
    'designer.paginate10kRows.pages': pages,
    'designer.paginate10kRowsGroupedMerged.coldMs': groupedMs.cold,
    'designer.paginate10kRowsGroupedMerged.ms': groupedMs.warm,
    'designer.paginate10kRowsGroupedMerged.pages': groupedPages,
    'designer.baselineMeasureCells.ms': baselineMs.warm,
    'designer.paginate10kRows.ratioToBaseline': Math.round((plainMs.warm / Math.max(baselineMs.warm, 0.1)) * 10) / 10,
    'designer.paginate10kRows.target': '< 500 ms',
    'designer.sink': sink > 0 ? 'ok' : 'empty',
  };
}
