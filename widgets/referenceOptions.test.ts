import { describe, expect, it } from 'vitest';
import { referenceLabel, referenceOptions, withCurrentValue } from './referenceOptions';

const spu = { valueField: 'spuId', labelField: 'spuName', codeField: 'spuCode' };

describe('reference select options', () => {
  it('label rows with the name and the code beside it, values as text', () => {
    const page = { records: [{ spuId: 7, spuName: '牛肉干', spuCode: 'SPU0007' }, { spuId: 8, spuName: '', spuCode: 'SPU0008' }], total: 2 };
    expect(referenceOptions(page, spu)).toEqual([
      { value: '7', label: '牛肉干（SPU0007）' },
      { value: '8', label: '8（SPU0008）' },
    ]);
    expect(referenceLabel({ id: 3, supplierName: '某某有限公司', supplierNo: null }, { valueField: 'id', labelField: 'supplierName', codeField: 'supplierNo' })).toBe('某某有限公司');
  });

  it('read a list or pulldown answer (an array) as well as a page, leaving out rows without a value and repeats', () => {
    expect(referenceOptions([{ shopId: 1, shopName: 'A' }, { shopId: null, shopName: 'B' }, { shopId: 1, shopName: 'A again' }, 'x'], { valueField: 'shopId', labelField: 'shopName' })).toEqual([
      { value: '1', label: 'A' },
    ]);
    expect(referenceOptions(null, spu)).toEqual([]);
    expect(referenceOptions({ code: 500 }, spu)).toEqual([]);
  });

  it('keep the current value selectable when the list no longer has it', () => {
    const options = [{ value: '7', label: '牛肉干（SPU0007）' }];
    expect(withCurrentValue(options, 7)).toEqual(options);
    expect(withCurrentValue(options, 99)).toEqual([...options, { value: '99', label: '99' }]);
    expect(withCurrentValue(options, undefined)).toEqual(options);
  });
});
