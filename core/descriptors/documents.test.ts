import { describe, expect, it } from 'vitest';
import { batchMessage, lineAmount, parsePastedLines, sameDocumentInput, sumOf } from './documents.ts';

describe('document rules shared by the page and the server', () => {
  it('batch message names the first failed document', () => {
    expect(batchMessage({ success: 3, fail: 0, results: [] })).toBe('3 条成功，0 条失败');
    expect(
      batchMessage({
        success: 3,
        fail: 2,
        results: [
          { id: 1, docNo: 'DB20261124-0002', ok: false, msg: '单据状态已变更，请刷新后重试' },
          { id: 2, docNo: null, ok: false, msg: '库存不足' },
        ],
      }),
    ).toBe('3 条成功，2 条失败：单据 DB20261124-0002 状态已变更 等 2 条');
  });

  it('line amounts are exact to the cent', () => {
    expect(lineAmount(3, 0.1)).toBe(0.3);
    expect(lineAmount(7, 3.35)).toBe(23.45);
    expect(lineAmount(1.5, 2.005)).toBe(3.01);
    expect(lineAmount(undefined, 2)).toBeNull();
    expect(sumOf([{ a: 0.1 }, { a: 0.2 }], 'a', 2)).toBe(0.3);
  });

  it('pasted lines: tab, comma or blank separated; a header row skipped; bad numbers named by line', () => {
    expect(parsePastedLines('条码\t数量\t单价\n6901\t10\t3.5\n\nA-2, 4\nX9\nB7\tabc')).toEqual([
      { row: 2, code: '6901', quantity: 10, price: 3.5 },
      { row: 4, code: 'A-2', quantity: 4 },
      { row: 5, code: 'X9', quantity: 1 },
      { row: 6, code: 'B7', error: '数量“abc”不是数字' },
    ]);
  });

  it('unsaved changes: empty values and key order do not count, a changed quantity does', () => {
    expect(sameDocumentInput({ header: { a: 1, b: '' }, lines: [{ q: 1 }] }, { lines: [{ q: 1 }], header: { a: 1 } })).toBe(true);
    expect(sameDocumentInput({ header: { a: 1 }, lines: [{ q: 1 }] }, { header: { a: 1 }, lines: [{ q: 2 }] })).toBe(false);
  });
});
