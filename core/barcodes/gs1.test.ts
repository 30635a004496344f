import { describe, expect, it } from 'vitest';
import { parseGs1 } from './gs1.ts';

describe('parseGs1', () => {
  it('reads the printed form: GTIN, lot, production and expiry dates', () => {
    expect(parseGs1('(01)06901234567892(11)261128(17)261205(10)L1128A')).toEqual({ gtin: '06901234567892', lotNo: 'L1128A', productionDate: '2026-11-28', expiryDate: '2026-12-05' });
  });

  it('reads the raw scanner form: symbology prefix, fixed fields, the lot ended by the group separator or the end', () => {
    expect(parseGs1(']C10106901234567892172612051012AB\x1d11261128')).toEqual({ gtin: '06901234567892', lotNo: '12AB', productionDate: '2026-11-28', expiryDate: '2026-12-05' });
    expect(parseGs1('010690123456789217270200103100G7')).toEqual({ gtin: '06901234567892', expiryDate: '2027-02-28', lotNo: '3100G7' });
  });

  it('best before (15) stands for the expiry when 17 is absent; a day 00 is the month\'s last day', () => {
    expect(parseGs1('(15)260200(10)X1')).toEqual({ lotNo: 'X1', expiryDate: '2026-02-28' });
  });

  it('is null for what is not a GS1 label (a lot typed by hand, an EAN-13)', () => {
    expect(parseGs1('L20261128')).toBeNull();
    expect(parseGs1('A1')).toBeNull();
    expect(parseGs1('10123')).toBeNull();
    expect(parseGs1('(99)x')).toBeNull();
  });
});
