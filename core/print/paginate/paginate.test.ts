import { describe, expect, it } from 'vitest';
import { FONT_SIZES } from '../options/index.ts';
import { createFormatterRegistry } from '../template/registry.ts';
import type { Panel, PrintElement, PrintElementOf, TableColumn, TableOptions } from '../template/types.ts';
import {
  LINE_HEIGHT_EM, NO_SPACE_MESSAGE, PAGEABLE_HEIGHT_MESSAGE, leafColumns, tableLineHeights, textBoxHeight, paginatePanel, paginateTable, paginateTemplate, designPaperNumbers,
  type FontMetrics, type TableItem, type TablePagination,
} from './index.ts';

/** Fixed metrics: every character 0.5 em wide, line height font size + 1. */
const metrics: FontMetrics = { textWidth: (t, size) => t.length * size * 0.5, lineHeight: (size) => size + 1 };

/** A4 panel, header line at 50, footer line at 250 (so 200 pt of pageable height on later pages). */
function panel(extra: Partial<Panel> = {}, elements: PrintElement[] = []): Panel {
  return { index: 0, width: 210, height: 297, paperType: 'A4', paperHeader: 50, paperFooter: 250, printElements: elements, ...extra };
}

const COLS: TableColumn[][] = [[
  { title: '名称', field: 'name', width: 300 },
  { title: '金额', field: 'amount', width: 250, tableSummary: 'sum', tableSummaryNumFormat: '2' },
]];

/** Table at top 100, header row 20 pt, body rows 20 pt: first page holds 6 rows, later pages 9. */
function table(options: TableOptions = {}): PrintElementOf<'table'> {
  return {
    type: 'table',
    options: { left: 20, top: 100, width: 550, height: 40, columns: COLS, tableHeaderRowHeight: 20, tableBodyRowHeight: 20, tableFooterRepeat: 'no', ...options },
  };
}

const rows = (n: number, f: (i: number) => Record<string, unknown> = (i) => ({ name: `商品${i}`, amount: i })) => Array.from({ length: n }, (_, i) => f(i));

function ok(r: TablePagination) {
  if (!r.ok) throw new Error(`expected pages, got error: ${r.error.message}`);
  return r;
}
const rowsPerPage = (r: TablePagination) => ok(r).pages.map((p) => p.rowIndices);
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('rows per page', () => {
  it('fills the first page from the element top and later pages from the header line', () => {
    const r = ok(paginateTable({ panel: panel(), element: table(), rows: rows(30), metrics }));
    expect(r.pages.map((p) => p.rowIndices)).toEqual([range(0, 5), range(6, 14), range(15, 23), range(24, 29)]);
    expect(r.pages.map((p) => p.top)).toEqual([100, 50, 50, 50]);
    expect(r.pages.map((p) => p.pageIndex)).toEqual([0, 1, 2, 3]);
    expect(r.pages[0].height).toBe(20 + 6 * 20);
  });

  it('an empty table still prints its header on one page', () => {
    const r = ok(paginateTable({ panel: panel(), element: table(), rows: [], metrics }));
    expect(r.pages).toHaveLength(1);
    expect(r.pages[0].showHeader).toBe(true);
    expect(r.pages[0].rowIndices).toEqual([]);
  });

  it('a long cell text wraps and makes its row taller, so fewer rows fit', () => {
    const long = 'x'.repeat(200); // 200 * 4.5 pt = 900 pt wide in a 244 pt cell -> 4 lines -> 42 pt
    const data = rows(10, (i) => ({ name: i === 0 ? long : `n${i}`, amount: i }));
    const r = ok(paginateTable({ panel: panel(), element: table({ tableBodyRowHeight: undefined }), rows: data, metrics }));
    const first = r.pages[0].lanes[0][0] as Extract<TableItem, { kind: 'row' }>;
    expect(first.height).toBe(4 * 10 + 2);
    // header 20 (fixed), rows of 12 pt: page 1 has 130 pt = 42 + 7 * 12
    expect(r.pages[0].rowIndices).toEqual(range(0, 7));
  });

  it('takes the rows from a multi-row header with merged titles', () => {
    const cols = leafColumns([
      [{ title: '商品', colspan: 2 }, { title: '金额', field: 'amount', rowspan: 2 }],
      [{ title: '名称', field: 'name' }, { title: '编码', field: 'code' }],
    ]);
    expect(cols.map((c) => c.field)).toEqual(['name', 'code', 'amount']);
  });

  it('hides unchecked columns', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ columns: [[{ title: 'a', field: 'name' }, { title: 'b', field: 'amount', checked: false }]] }), rows: rows(1), metrics }));
    expect(r.columns.map((c) => c.column.field)).toEqual(['name']);
    expect(r.columns[0].width).toBe(550);
  });
});

describe('header modes', () => {
  it('page (default) repeats the header on every page', () => {
    const r = ok(paginateTable({ panel: panel(), element: table(), rows: rows(20), metrics }));
    expect(r.pages.map((p) => p.showHeader)).toEqual([true, true, true]);
  });
  it('first prints it on the first page only, leaving room for one more row later', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ tableHeaderRepeat: 'first' }), rows: rows(20), metrics }));
    expect(r.pages.map((p) => p.showHeader)).toEqual([true, false, false]);
    expect(r.pages.map((p) => p.rowIndices.length)).toEqual([6, 10, 4]);
  });
  it('none never prints it', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ tableHeaderRepeat: 'none' }), rows: rows(20), metrics }));
    expect(r.pages.map((p) => p.showHeader)).toEqual([false, false, false]);
    expect(r.pages.map((p) => p.rowIndices.length)).toEqual([7, 10, 3]);
  });
});

describe('footer modes and summaries', () => {
  const cellTexts = (cells: Array<{ text: string } | null>) => cells.map((c) => (c ? c.text : null));

  it('page: every page ends with the summary of its own rows, and keeps room for it', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ tableFooterRepeat: 'page' }), rows: rows(12), metrics }));
    expect(r.pages.map((p) => p.rowIndices.length)).toEqual([5, 7]);
    expect(r.pages.map((p) => p.footer.map((f) => f.kind))).toEqual([['pageSummary'], ['pageSummary']]);
    const sums = r.pages.map((p) => (p.footer[0] as { cells: Array<{ text: string } | null> }).cells[1]?.text);
    expect(sums).toEqual(['合计:10.00', '合计:56.00']); // 0+..+4, 5+..+11
  });

  it('last (default): the grand total only on the last page', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ tableFooterRepeat: undefined }), rows: rows(12), metrics }));
    expect(r.pages.map((p) => p.footer.map((f) => f.kind))).toEqual([[], ['grandTotal']]);
    const total = r.pages[1].footer[0] as { cells: Array<{ text: string; value: number | null } | null> };
    expect(total.cells[1]?.text).toBe('合计:66.00');
    expect(total.cells[1]?.value).toBe(66);
  });

  it('page with tableGrandTotal: page summaries and the grand total at once', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ tableFooterRepeat: 'page', tableGrandTotal: true }), rows: rows(12), metrics }));
    const kinds = r.pages.map((p) => p.footer.map((f) => f.kind));
    expect(kinds[0]).toEqual(['pageSummary']);
    expect(kinds[kinds.length - 1]).toEqual(['pageSummary', 'grandTotal']);
    const last = r.pages[r.pages.length - 1];
    // the last page never runs past the footer line even with two footer rows
    expect(last.top + last.height).toBeLessThanOrEqual(250);
    const totalRow = last.footer[1] as { cells: Array<{ text: string } | null> };
    expect(totalRow.cells[1]?.text).toBe('合计:66.00');
  });

  it('no: no footer rows at all', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ tableFooterRepeat: 'no' }), rows: rows(12), metrics }));
    expect(r.pages.every((p) => p.footer.length === 0)).toBe(true);
  });

  it('count, avg, min, max, text, hidden titles, colspans and number formats', () => {
    const columns: TableColumn[][] = [[
      { title: 'a', field: 'name', tableSummary: 'text', tableSummaryText: '小计', tableSummaryColspan: 2 },
      { title: 'skip', field: 'x' },
      { title: 'n', field: 'amount', tableSummary: 'count' },
      { title: 'avg', field: 'amount', tableSummary: 'avg', tableSummaryNumFormat: '1' },
      { title: 'min', field: 'amount', tableSummary: 'min', tableSummaryTitle: false },
      { title: 'max', field: 'amount', tableSummary: 'max', tableSummaryText: '最高' },
      { title: 'none', field: 'amount', tableSummary: 'none' },
    ]];
    const data = [{ amount: '1,000.5' }, { amount: 2 }, { amount: '' }, { amount: 'abc' }, { amount: -3.25 }];
    const r = ok(paginateTable({ panel: panel(), element: table({ columns, tableFooterRepeat: 'last' }), rows: data, metrics }));
    const cells = (r.pages[0].footer[0] as { cells: Array<{ text: string; colspan: number } | null> }).cells;
    expect(cellTexts(cells)).toEqual(['小计', null, '计数:4', '平均值:333.1', '-3.25', '最高:1000.5', '']);
    expect(cells[0]?.colspan).toBe(2);
  });

  it('summary in Chinese upper case (RMB) and through a registered formatter', () => {
    const registry = createFormatterRegistry();
    registry.register('cell', 'yuan', (v) => `¥${Number(v).toFixed(2)}`);
    const columns: TableColumn[][] = [[
      { title: '金额', field: 'amount', tableSummary: 'sum', upperCase: '5', tableSummaryTitle: false },
      { title: '金额2', field: 'amount', tableSummary: 'sum', tableSummaryFormatter: 'yuan' },
    ]];
    const r = ok(paginateTable({ panel: panel(), element: table({ columns, tableFooterRepeat: 'last' }), rows: [{ amount: 10 }, { amount: 0.8 }], metrics, registry }));
    const cells = (r.pages[0].footer[0] as { cells: Array<{ text: string } | null> }).cells;
    expect(cellTexts(cells)).toEqual(['人民币壹拾元捌角', '合计:¥10.80']);
  });

  it('a registered footerFormatter prints a footer line with the page rows', () => {
    const registry = createFormatterRegistry();
    registry.register('footer', 'pageCount', (pageRows, all, page, count) => `第${page + 1}/${count}页 本页${pageRows.length}行 共${all.length}行`);
    const r = ok(paginateTable({ panel: panel(), element: table({ tableFooterRepeat: 'page', footerFormatter: 'pageCount', columns: [[{ title: 'n', field: 'name' }]] }), rows: rows(8), metrics, registry }));
    expect(r.pages.map((p) => (p.footer[0] as { text: string }).text)).toEqual(['第1/2页 本页5行 共8行', '第2/2页 本页3行 共8行']);
  });
});

describe('groups', () => {
  const data = [
    { cat: '水果', name: '苹果', amount: 3 },
    { cat: '蔬菜', name: '白菜', amount: 1 },
    { cat: '水果', name: '香蕉', amount: 4 },
    { cat: '蔬菜', name: '萝卜', amount: 2 },
  ];
  it('collects rows per group with a header row and a subtotal footer row', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ groupFields: ['cat'] }), rows: data, metrics }));
    const items = r.pages.flatMap((p) => p.lanes.flat());
    expect(items.map((i) => (i.kind === 'row' ? i.row.name : i.kind === 'groupHeader' ? `[${i.text}]` : i.kind === 'groupFooter' ? i.cells?.[1]?.text : i.kind))).toEqual(
      ['[水果]', '苹果', '香蕉', '合计:7.00', '[蔬菜]', '白菜', '萝卜', '合计:3.00'],
    );
  });

  it('uses registered group formatters for header and footer texts', () => {
    const registry = createFormatterRegistry();
    registry.register('group', 'catTitle', (values, groupRows) => `分类:${String(values.cat)} (${groupRows.length})`);
    registry.register('group', 'catEnd', (values) => `${String(values.cat)} 结束`);
    const r = ok(paginateTable({ panel: panel(), element: table({ groupFields: ['cat'], groupFormatter: 'catTitle', groupFooterFormatter: 'catEnd' }), rows: data, metrics, registry }));
    const texts = r.pages.flatMap((p) => p.lanes.flat()).filter((i) => i.kind !== 'row').map((i) => ('text' in i ? i.text : ''));
    expect(texts).toEqual(['分类:水果 (2)', '水果 结束', '分类:蔬菜 (2)', '蔬菜 结束']);
  });

  it('never leaves a group header alone at the bottom of a page', () => {
    // 5 rows of group A fill page 1 up to 1 free row (header + 5 rows = 120 of 130): B's header must move on
    const d = [...rows(5, () => ({ cat: 'A', amount: 1 })), ...rows(3, () => ({ cat: 'B', amount: 1 }))];
    const r = ok(paginateTable({ panel: panel(), element: table({ groupFields: ['cat'], columns: [[{ title: 'x', field: 'amount' }]] }), rows: d, metrics }));
    const kinds = r.pages.map((p) => p.lanes[0].map((i) => i.kind));
    expect(kinds[0][kinds[0].length - 1]).not.toBe('groupHeader');
    expect(kinds[1][0]).toBe('groupHeader');
  });
});

describe('maxRows, autoCompletion, gridColumns', () => {
  it('maxRows limits rows per page', () => {
    expect(rowsPerPage(paginateTable({ panel: panel(), element: table({ maxRows: 4 }), rows: rows(10), metrics }))).toEqual([range(0, 3), range(4, 7), range(8, 9)]);
  });
  it('autoCompletion pads the last page with blank rows up to maxRows', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ maxRows: 4, autoCompletion: true }), rows: rows(10), metrics }));
    const last = r.pages[2].lanes[0];
    expect(last.map((i) => i.kind)).toEqual(['row', 'row', 'blank', 'blank']);
  });
  it('autoCompletion without maxRows fills the page to the footer line', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ autoCompletion: true }), rows: rows(2), metrics }));
    expect(r.pages[0].lanes[0].filter((i) => i.kind === 'blank')).toHaveLength(4); // 6 rows fit
    expect(r.pages[0].top + r.pages[0].height).toBe(240);
  });
  it('gridColumns fills the left column, then the right one, then the next page', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ gridColumns: 2, gridColumnsGutter: 10 }), rows: rows(20), metrics }));
    expect(r.pages[0].lanes.map((l) => l.map((i) => (i.kind === 'row' ? i.rowIndex : -1)))).toEqual([range(0, 5), range(6, 11)]);
    expect(r.pages[1].rowIndices).toEqual(range(12, 19));
    expect(r.columns.reduce((a, c) => a + c.width, 0)).toBe(270);
  });
});

describe('rowsColumnsMerge', () => {
  const registry = createFormatterRegistry();
  // merge the category column over runs of equal categories
  registry.register('merge', 'sameCat', (row, _column, columnIndex, rowIndex, all) => {
    if (columnIndex !== 0) return [1, 1];
    if (rowIndex > 0 && all[rowIndex - 1].cat === row.cat) return [0, 0];
    let n = 1;
    while (rowIndex + n < all.length && all[rowIndex + n].cat === row.cat) n++;
    return [n, 1];
  });
  const columns: TableColumn[][] = [[{ title: '分类', field: 'cat' }, { title: '名称', field: 'name' }]];
  const data = [...rows(4, (i) => ({ cat: 'A', name: `a${i}` })), ...rows(8, (i) => ({ cat: 'B', name: `b${i}` }))];

  it('merges cells, cuts the merge at the page end and continues it on the next page', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ columns, rowsColumnsMerge: 'sameCat' }), rows: data, metrics, registry }));
    const firstCol = r.pages.map((p) => p.lanes[0].map((i) => (i.kind === 'row' ? i.cells[0] : null)));
    expect(firstCol[0].map((c) => c && `${c.text}x${c.rowspan}`)).toEqual(['Ax4', null, null, null, 'Bx2', null]);
    expect(firstCol[1][0]).toEqual({ text: 'B', rowspan: 6, colspan: 1, continued: true });
    expect(firstCol[1].slice(1).every((c) => c === null)).toBe(true);
  });

  it('rowsColumnsMergeClean leaves the continued part blank', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ columns, rowsColumnsMerge: 'sameCat', rowsColumnsMergeClean: true }), rows: data, metrics, registry }));
    const cell = (r.pages[1].lanes[0][0] as Extract<TableItem, { kind: 'row' }>).cells[0];
    expect(cell?.text).toBe('');
  });

  it('a merge function that throws is logged, not fatal', () => {
    const bad = createFormatterRegistry();
    bad.register('merge', 'boom', () => {
      throw new Error('boom');
    });
    const r = ok(paginateTable({ panel: panel(), element: table({ columns, rowsColumnsMerge: 'boom' }), rows: data, metrics, registry: bad }));
    expect(r.pages.flatMap((p) => p.rowIndices)).toHaveLength(12);
    expect(r.warnings.some((w) => w.includes('boom'))).toBe(true);
  });
});

describe('paper footers per page', () => {
  it('firstPaperFooter shortens the first page only', () => {
    expect(rowsPerPage(paginateTable({ panel: panel({ firstPaperFooter: 200 }), element: table(), rows: rows(15), metrics })).map((p) => p.length)).toEqual([4, 9, 2]);
  });
  it('odd and even footers alternate', () => {
    const p = panel({ oddPaperFooter: 230, evenPaperFooter: 250 });
    // page 1 (odd): 230-100-20 = 110 -> 5; page 2 (even) 180 -> 9; page 3 (odd) 160 -> 8
    expect(rowsPerPage(paginateTable({ panel: p, element: table(), rows: rows(30), metrics })).map((x) => x.length)).toEqual([5, 9, 8, 8]);
  });
  it('lastPaperFooter: rows that would cross it move to one more page', () => {
    // without the rule: 6 + 9 rows on two pages; the last page may only reach 150, i.e. hold 4 rows
    const r = ok(paginateTable({ panel: panel({ lastPaperFooter: 150 }), element: table(), rows: rows(15), metrics }));
    expect(r.pages.map((p) => p.rowIndices)).toEqual([range(0, 5), range(6, 10), range(11, 14)]);
    const last = r.pages[r.pages.length - 1];
    expect(last.top + last.height).toBeLessThanOrEqual(150);
  });
});

describe('panel: flow, repeated elements, page rules, paper numbers', () => {
  const text = (top: number, extra: Record<string, unknown> = {}): PrintElement => ({ type: 'text', options: { left: 20, top, width: 120, height: 10, title: 't', ...extra } });
  const data = { items: rows(30) };
  const tableEl = (): PrintElement => ({ ...table(), options: { ...table().options, field: 'items' } });

  it('paginates a table with data and numbers the papers paperNo-paperCount', () => {
    const r = paginatePanel({ panel: panel({}, [tableEl()]), data, metrics });
    expect(r.pages.map((p) => p.paperNumber?.text)).toEqual(['1-4', '2-4', '3-4', '4-4']);
    // 30 from the right, 22 from the bottom of A4 (595.28 x 841.89 pt)
    expect(r.pages[0].paperNumber?.left).toBeCloseTo(595.28 - 30, 1);
    expect(r.pages[0].paperNumber?.top).toBeCloseTo(841.89 - 22, 1);
  });

  it('an element below the table follows the table onto its last page', () => {
    const r = paginatePanel({ panel: panel({}, [tableEl(), text(160)]), data, metrics });
    const placed = r.pages.flatMap((p) => p.placements.filter((x) => x.element.type === 'text').map((x) => ({ page: p.index, top: x.top })));
    // table ends on page 4 at 50 + 20 + 6*20 = 190; the text was 20 below the table's design bottom (140)
    expect(placed).toEqual([{ page: 3, top: 210 }]);
  });

  it('an element beside the table stays on the first page', () => {
    const r = paginatePanel({ panel: panel({}, [tableEl(), text(120, { left: 400 })]), data, metrics });
    expect(r.pages[0].placements.some((x) => x.element.type === 'text')).toBe(true);
  });

  it('header and footer elements repeat on every page; footer ones follow each page footer line', () => {
    const r = paginatePanel({ panel: panel({ lastPaperFooter: 240 }, [tableEl(), text(10), text(260)]), data, metrics });
    const tops = r.pages.map((p) => p.placements.filter((x) => x.role !== 'body').map((x) => `${x.role}@${x.top}`));
    expect(tops[0]).toEqual(['header@10', 'footer@260']);
    expect(tops[tops.length - 1]).toEqual(['header@10', 'footer@250']);
  });

  it('showInPage and unShowInPage choose the pages of a repeated element', () => {
    const els = [tableEl(), text(10, { showInPage: 'first' }), text(11, { showInPage: 'last' }), text(12, { showInPage: 'odd' }), text(13, { showInPage: 'even' }), text(14, { showInPage: 'none' }), text(15, { unShowInPage: 'first' }), text(16, { unShowInPage: 'last' })];
    const r = paginatePanel({ panel: panel({}, els), data, metrics });
    const on = r.pages.map((p) => p.placements.filter((x) => x.role === 'header').map((x) => x.top));
    expect(on).toEqual([[10, 12, 16], [13, 15, 16], [12, 15, 16], [11, 13, 15]]);
  });

  it('pageBreak starts an element on a new page at the header line', () => {
    const r = paginatePanel({ panel: panel({}, [text(100), text(120, { pageBreak: true }), text(140)]), metrics });
    expect(r.pages.map((p) => p.placements.map((x) => x.top))).toEqual([[100], [50, 70]]);
  });

  it('panelPaperRule pads to an odd or even page count with blank pages', () => {
    const even = paginatePanel({ panel: panel({ panelPaperRule: 'even' }, [tableEl()]), data: { items: rows(20) }, metrics });
    expect(even.pages.map((p) => p.padding)).toEqual([false, false, false, true]);
    expect(even.pages[3].paperNumber?.text).toBe('4-4');
    const odd = paginatePanel({ panel: panel({ panelPaperRule: 'odd' }, [tableEl()]), data: { items: rows(20) }, metrics });
    expect(odd.pages).toHaveLength(3);
    const oddPad = paginatePanel({ panel: panel({ panelPaperRule: 'odd' }, [tableEl()]), data: { items: rows(10) }, metrics });
    expect(oddPad.pages.map((p) => p.padding)).toEqual([false, false, true]);
  });

  it('panelPageRule none keeps everything on one page', () => {
    const r = paginatePanel({ panel: panel({ panelPageRule: 'none' }, [tableEl()]), data, metrics });
    expect(r.pages).toHaveLength(1);
  });

  it('paperNumberFormat, paperNumberDisabled and explicit positions', () => {
    const r = paginatePanel({ panel: panel({ paperNumberFormat: '第paperNo页/共paperCount页', paperNumberLeft: 10, paperNumberTop: 20 }, [tableEl()]), data, metrics });
    expect(r.pages[1].paperNumber).toEqual({ text: '第2页/共4页', left: 10, top: 20 });
    const off = paginatePanel({ panel: panel({ paperNumberDisabled: true }, [tableEl()]), data, metrics });
    expect(off.pages.every((p) => p.paperNumber === null)).toBe(true);
  });

  it('paperNumberContinue carries numbering across panels; false restarts it', () => {
    const p1 = panel({ index: 0 }, [tableEl()]);
    const p2 = panel({ index: 1 }, [text(100)]);
    const cont = paginateTemplate({ version: 1, kind: 'wxy-print-template', panels: [p1, p2] }, { data, metrics });
    expect(cont.pages.map((p) => p.paperNumber?.text)).toEqual(['1-5', '2-5', '3-5', '4-5', '5-5']);
    const reset = paginateTemplate({ version: 1, kind: 'wxy-print-template', panels: [p1, { ...p2, paperNumberContinue: false }] }, { data, metrics });
    expect(reset.pages.map((p) => p.paperNumber?.text)).toEqual(['1-4', '2-4', '3-4', '4-4', '1-1']);
  });

  it('designer preview uses testData; bad testData gives one empty row and a log line', () => {
    const good: PrintElement = { ...table(), options: { ...table().options, testData: JSON.stringify(rows(3)) } };
    expect(paginatePanel({ panel: panel({}, [good]), metrics }).pages[0].placements[0].table?.rowIndices).toEqual([0, 1, 2]);
    const bad: PrintElement = { ...table(), options: { ...table().options, testData: '{not json' } };
    const r = paginatePanel({ panel: panel({}, [bad]), metrics });
    expect(r.pages[0].placements[0].table?.rowIndices).toEqual([0]);
    expect(r.warnings[0]).toMatch(/testData/);
  });

  it('a text box smaller than its line prints grown to the line (every offered font size), elements below keep their place', () => {
    for (const fontSize of FONT_SIZES) {
      const title: PrintElement = { type: 'text', options: { left: 20, top: 60, width: 200, height: 9.75, title: '标题', fontSize, fontWeight: 'bold' } };
      const below: PrintElement = { type: 'text', options: { left: 20, top: 100, width: 200, height: 14, title: '下一行' } };
      const placements = paginatePanel({ panel: panel({}, [title, below]) }).pages[0].placements;
      expect(placements[0].height).toBe(Math.max(9.75, fontSize * LINE_HEIGHT_EM));
      expect(placements[1].top).toBe(100);
    }
    // its own line height, paddings and borders count; a code text keeps its box
    expect(textBoxHeight({ type: 'text', options: { fontSize: 15, lineHeight: 20, contentPaddingTop: 3, borderTop: 'solid', borderBottom: 'solid', borderWidth: 1.5 } }, 9.75)).toBe(26);
    expect(textBoxHeight({ type: 'text', options: { fontSize: 15, textType: 'barcode' } }, 9.75)).toBe(9.75);
    expect(textBoxHeight({ type: 'text', options: { fontSize: 9 } }, 24)).toBe(24);
    // a 15 pt title designed in the header band stays a repeated header element, grown
    const head: PrintElement = { type: 'text', options: { left: 20, top: 35, width: 200, height: 9.75, title: '标题', fontSize: 15 } };
    const r = paginatePanel({ panel: panel({}, [head]) });
    expect(r.pages[0].placements[0]).toMatchObject({ role: 'header', height: 18.75 });
  });

  it('a table tells its renderers the line heights its rows were planned with', () => {
    const el: PrintElementOf<'table'> = { type: 'table', options: { left: 20, top: 100, width: 550, columns: COLS, fontSize: 9, tableHeaderFontSize: 12, tableFooterRepeat: 'no', testData: JSON.stringify(rows(3)) } };
    const p = paginatePanel({ panel: panel({}, [el]) }).pages[0].placements[0];
    expect(p.tableLayout?.lineHeights).toEqual({ body: 11.25, header: 15 });
    expect(p.table?.lanes[0].map((i) => i.height)).toEqual([13.25, 13.25, 13.25]);
    expect(tableLineHeights({ lineHeight: 14 })).toEqual({ body: 14, header: 14 });
  });

  it('a long text splits across pages by lines', () => {
    const longText: PrintElement = { type: 'longText', options: { left: 20, top: 200, width: 100, height: 42, field: 'memo', fontSize: 9, lineHeight: 10 } };
    // 100 characters of 4.5 pt in 100 pt -> 5 lines each paragraph; 12 paragraphs -> 60 lines
    const memo = Array.from({ length: 12 }, () => 'y'.repeat(100)).join('\n');
    const r = paginatePanel({ panel: panel({}, [longText]), data: { memo }, metrics });
    expect(r.pages.map((p) => p.placements[0].lines)).toEqual([
      { from: 0, to: 5, total: 60 }, { from: 5, to: 25, total: 60 }, { from: 25, to: 45, total: 60 }, { from: 45, to: 60, total: 60 },
    ]);
  });
});

describe('hostile templates: it always terminates with pages or a §8 message', () => {
  it('header line below the footer line: no space message', () => {
    const r = paginateTable({ panel: panel({ paperHeader: 300, paperFooter: 250 }), element: table({ top: 400 }), rows: rows(5), metrics });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe(NO_SPACE_MESSAGE);
  });

  it('a row taller than the pageable height: the pageable-height message with both heights', () => {
    const r = paginateTable({ panel: panel(), element: table({ tableBodyRowHeight: 500 }), rows: rows(3), metrics });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('pageableHeight');
      expect(r.error.message.startsWith(PAGEABLE_HEIGHT_MESSAGE)).toBe(true);
      expect([r.error.pageableHeight, r.error.requiredHeight]).toEqual([180, 500]);
    }
  });

  it('a header taller than the page: no space message', () => {
    const r = paginateTable({ panel: panel(), element: table({ tableHeaderRowHeight: 5000 }), rows: rows(3), metrics });
    expect(!r.ok && r.error.message).toBe(NO_SPACE_MESSAGE);
  });

  it('the table moves to the next page when its top leaves no room, and only then fails', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ top: 245 }), rows: rows(3), metrics }));
    expect(r.pages[0]).toMatchObject({ pageIndex: 1, top: 50 });
  });

  it('the panel shows the message in red at the table and still prints the rest', () => {
    const r = paginatePanel({ panel: panel({}, [{ ...table({ tableBodyRowHeight: 900 }), options: { ...table({ tableBodyRowHeight: 900 }).options, field: 'items' } }, { type: 'text', options: { top: 300, left: 0, width: 10, height: 10 } }]), data: { items: rows(2) }, metrics });
    expect(r.errors).toHaveLength(1);
    expect(r.pages[0].placements.find((p) => p.element.type === 'table')?.error?.code).toBe('pageableHeight');
  });

  const hostile: Array<[string, Partial<Panel>, TableOptions]> = [
    ['NaN footer', { paperFooter: NaN }, {}],
    ['NaN header', { paperHeader: NaN }, {}],
    ['Infinity footer', { paperFooter: Infinity }, { autoCompletion: true }],
    ['negative footer', { paperFooter: -100 }, {}],
    ['zero everything', { paperHeader: 0, paperFooter: 0, width: 0, height: 0 }, { tableBodyRowHeight: 0, tableHeaderRowHeight: 0, fontSize: 0, lineHeight: 0 }],
    ['negative row heights', {}, { tableBodyRowHeight: -20, tableHeaderRowHeight: -5, lineHeight: -3 }],
    ['NaN sizes', {}, { tableBodyRowHeight: NaN, fontSize: NaN, lineHeight: NaN, top: NaN, width: NaN, maxRows: NaN, gridColumns: NaN }],
    ['huge rows', {}, { tableBodyRowHeight: 1e12 }],
    ['huge font', {}, { fontSize: 1e9, tableBodyRowHeight: undefined }],
    ['maxRows 0 with autoCompletion', {}, { maxRows: 0, autoCompletion: true }],
    ['negative maxRows', {}, { maxRows: -3 }],
    ['gridColumns 1000', {}, { gridColumns: 1000, gridColumnsGutter: -50 }],
    ['footer line at the header line', { paperHeader: 100, paperFooter: 100 }, { top: 100 }],
    ['lastPaperFooter above the header', { lastPaperFooter: 10 }, { tableFooterRepeat: 'last' }],
    ['odd/even footers NaN', { oddPaperFooter: NaN, evenPaperFooter: -1 }, {}],
    ['first footer zero', { firstPaperFooter: 0 }, {}],
    ['broken columns', {}, { columns: [[null as unknown as TableColumn, { width: -5, colspan: 1e9, rowspan: -1 }], 'x' as unknown as TableColumn[]] }],
    ['zero-width columns with long text', {}, { columns: [[{ field: 'name', width: 0 }, { field: 'amount', width: 0 }]], width: -1, tableBodyRowHeight: undefined }],
  ];
  for (const [name, p, o] of hostile) {
    it(`${name}: pages or a §8 message`, () => {
      const data = rows(50, (i) => ({ name: 'x'.repeat(i * 10), amount: i }));
      const r = paginateTable({ panel: panel(p), element: table(o), rows: data, metrics });
      if (r.ok) {
        expect(r.pages.length).toBeGreaterThan(0);
        expect(r.pages.flatMap((pg) => pg.rowIndices).sort((a, b) => a - b)).toEqual(range(0, 49));
      } else {
        expect([NO_SPACE_MESSAGE, PAGEABLE_HEIGHT_MESSAGE].some((m) => r.error.message.startsWith(m))).toBe(true);
      }
      const whole = paginatePanel({ panel: panel(p, [{ ...table(o), options: { ...table(o).options, field: 'items' } }, { type: 'longText', options: { top: NaN, height: -1, width: 0, lineHeight: 0 } }]), data: { items: data }, metrics });
      expect(whole.pages.length).toBeGreaterThan(0);
    });
  }

  it('garbage element and rows do not throw', () => {
    const weird = { type: 'table', options: null } as unknown as PrintElementOf<'table'>;
    const r = paginateTable({ panel: panel(), element: weird, rows: [null, 3, 'x'] as unknown as Record<string, unknown>[], metrics });
    expect(r.ok).toBe(true);
    const p = paginatePanel({ panel: { ...panel(), printElements: [null, { type: 'text' }] as unknown as PrintElement[] }, metrics });
    expect(p.pages).toHaveLength(1);
  });

  it('10,000 rows terminate with every row printed once', () => {
    const r = ok(paginateTable({ panel: panel(), element: table({ tableFooterRepeat: 'page', tableGrandTotal: true }), rows: rows(10_000), metrics }));
    const printed = r.pages.flatMap((p) => p.rowIndices);
    expect(printed).toHaveLength(10_000);
    expect(printed[9999]).toBe(9999);
    // 5 rows on the first page, then 8 per page (summary row reserved)
    expect(r.pages.length).toBe(1 + Math.ceil((10_000 - 5) / 8));
    const grand = r.pages[r.pages.length - 1].footer.find((f) => f.kind === 'grandTotal') as { cells: Array<{ value: number | null } | null> };
    expect(grand.cells[1]?.value).toBe((9999 * 10_000) / 2);
  });
});

describe('designPaperNumbers (the number each panel shows in the designer)', () => {
  it('numbers panels as papers: continuing panels share a count, a restart begins again at 1, each in its own format', () => {
    expect(designPaperNumbers([
      {}, { paperNumberContinue: true }, { paperNumberFormat: '第paperNo页/共paperCount页' },
      { paperNumberContinue: false }, { paperNumberFormat: 'paperNo of paperCount' },
    ])).toEqual(['1-3', '2-3', '第3页/共3页', '1-2', '2 of 2']);
    expect(designPaperNumbers([{ paperNumberContinue: false }])).toEqual(['1-1']);
    expect(designPaperNumbers([])).toEqual([]);
  });
});
