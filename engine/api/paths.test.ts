import { describe, expect, it } from 'vitest';
import { fillPath, toSearchParams } from './paths';

describe('endpoint paths', () => {
  it('fills placeholders, encoding values', () => {
    expect(fillPath('/wxy-shop-server/shop-base/page/{pageNum}/{pageSize}', { pageNum: 1, pageSize: 20 })).toBe('/wxy-shop-server/shop-base/page/1/20');
    expect(fillPath('/x/info/{id}', { id: 'a/b' })).toBe('/x/info/a%2Fb');
  });
  it('refuses a missing placeholder instead of calling /undefined', () => {
    expect(() => fillPath('/x/delete/{shopId}', { id: 3 })).toThrow(/shopId/);
  });
  it('builds GET queries without empty values', () => {
    expect(toSearchParams({ a: 1, b: '', c: null, d: ['x', '', 'y'] }).toString()).toBe('a=1&d=x&d=y');
  });
});

import { importAnswer } from './calls';

describe('import answers', () => {
  it('reads a success with its count and a refusal with its row report', () => {
    expect(importAnswer({ code: 200, msg: 'ok', data: { count: 3 } })).toEqual({ ok: true, count: 3 });
    const report = [{ row: 3, field: '门店名称', message: '门店名称不能为空' }];
    expect(importAnswer({ code: 4001, msg: '导入数据有误', data: { errors: report } })).toEqual({ ok: false, message: '导入数据有误', errors: report });
    expect(importAnswer({ code: 4001, msg: '导入数据有误', data: report })).toEqual({ ok: false, message: '导入数据有误', errors: report });
  });
});
