import { describe, expect, it } from 'vitest';
import { type CsvFile, runBrowserExport } from './browserExport';
import { UTF8_BOM, csvCell, csvFileName, csvRow, dateTimeSuffix, fileCount, pageCount } from './csv';

const columns = [
  { prop: 'code', label: '编码' },
  { prop: 'name', label: '名称' },
];

/** A fake list endpoint over `total` generated rows, recording each call. */
function endpoint(total: number, failOnPage?: number) {
  const calls: { pageNum: number; pageSize: number; at: number; lastKey: unknown }[] = [];
  const fetchPage = async (pageNum: number, pageSize: number, _signal: AbortSignal, lastKey: unknown) => {
    calls.push({ pageNum, pageSize, at: Date.now(), lastKey });
    if (pageNum === failOnPage) throw new Error('boom');
    // Keyset continuation: the rows after lastKey (the server ignores OFFSET when it is given).
    const start = lastKey === undefined ? (pageNum - 1) * pageSize : Number(lastKey);
    const records = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => ({ code: `C${start + i + 1}`, name: `门店${start + i + 1}` }));
    return { records, total, lastKey: start + records.length };
  };
  return { calls, fetchPage };
}

const text = (file: CsvFile) => file.parts.join('');

describe('CSV cells', () => {
  it('replaces newlines and commas so a cell never breaks the row', () => {
    expect(csvCell('北京,朝阳\n三里屯\r\n店')).toBe('北京，朝阳 三里屯 店');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvRow(columns, { code: 'A,1', name: 'x\ny' })).toBe('A，1,x y');
  });
  it('uses the formatter of a column', () => {
    expect(csvRow([{ prop: 'n', label: 'n', format: (v) => `¥${String(v)}` }], { n: 3 })).toBe('¥3');
  });
  it('names files with a date-time suffix and a part number when split', () => {
    const at = new Date(2026, 10, 21, 9, 5, 7);
    expect(dateTimeSuffix(at)).toBe('20261121090507');
    expect(csvFileName('门店/列表', at, 1, 1)).toBe('门店_列表_20261121090507.csv');
    expect(csvFileName('门店', at, 2, 3)).toBe('门店_20261121090507_2.csv');
  });
  it('counts pages of 10,000 and files of 1,000,000', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(10_000)).toBe(1);
    expect(pageCount(10_001)).toBe(2);
    expect(fileCount(1_000_000)).toBe(1);
    expect(fileCount(1_000_001)).toBe(2);
  });
});

describe('browser export', () => {
  it('pages through the list 10,000 rows at a time with a pause between pages, BOM first', async () => {
    const api = endpoint(25_000);
    const files: CsvFile[] = [];
    const progress: number[] = [];
    const outcome = await runBrowserExport({ title: '门店', columns, fetchPage: api.fetchPage, saveFile: (f) => files.push(f), onProgress: (p) => progress.push(p.done), pauseMs: 20 });
    expect(outcome).toEqual({ kind: 'done', files: 1, rows: 25_000 });
    expect(api.calls.map((c) => [c.pageNum, c.pageSize, c.lastKey])).toEqual([[1, 10_000, undefined], [2, 10_000, 10_000], [3, 10_000, 20_000]]);
    expect(api.calls[1].at - api.calls[0].at).toBeGreaterThanOrEqual(15);
    expect(progress).toEqual([10_000, 20_000, 25_000]);
    const csv = text(files[0]);
    expect(csv.startsWith(`${UTF8_BOM}编码,名称\r\nC1,门店1\r\n`)).toBe(true);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(25_001);
  });

  it('starts a new file after rowsPerFile rows', async () => {
    const api = endpoint(25);
    const files: CsvFile[] = [];
    const outcome = await runBrowserExport({ title: 't', columns, fetchPage: api.fetchPage, saveFile: (f) => files.push(f), pageSize: 10, rowsPerFile: 12, pauseMs: 0, now: () => new Date(2026, 0, 2, 3, 4, 5) });
    expect(outcome).toEqual({ kind: 'done', files: 3, rows: 25 });
    expect(files.map((f) => f.name)).toEqual(['t_20260102030405_1.csv', 't_20260102030405_2.csv', 't_20260102030405_3.csv']);
    expect(files.map((f) => text(f).trimEnd().split('\r\n').length - 1)).toEqual([12, 12, 1]);
    expect(text(files[1]).split('\r\n')[1]).toBe('C13,门店13');
  });

  it('answers empty when the list has no rows (暂无数据) and saves nothing', async () => {
    const files: CsvFile[] = [];
    expect(await runBrowserExport({ title: 't', columns, fetchPage: endpoint(0).fetchPage, saveFile: (f) => files.push(f) })).toEqual({ kind: 'empty' });
    expect(files).toEqual([]);
  });

  it('answers failed when a page fails (接口异常) and saves nothing of the unfinished file', async () => {
    const files: CsvFile[] = [];
    const outcome = await runBrowserExport({ title: 't', columns, fetchPage: endpoint(30, 2).fetchPage, saveFile: (f) => files.push(f), pageSize: 10, pauseMs: 0 });
    expect(outcome.kind).toBe('failed');
    expect(files).toEqual([]);
  });

  it('stops at the next page when cancelled', async () => {
    const controller = new AbortController();
    const api = endpoint(100);
    const outcome = await runBrowserExport({
      title: 't', columns, fetchPage: api.fetchPage, saveFile: () => {}, pageSize: 10, pauseMs: 30, signal: controller.signal,
      onProgress: (p) => { if (p.done === 20) controller.abort(); },
    });
    expect(outcome).toEqual({ kind: 'cancelled' });
    expect(api.calls).toHaveLength(2);
  });
});
