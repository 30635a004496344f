import { describe, expect, it } from 'vitest';
import { fieldsForBusinessType } from './businessFields.ts';

describe('host field lists by business type', () => {
  it('every business type but the general one offers its own fields first, then the common ones, each once', () => {
    for (const value of ['general', 'cashierTicket', 'orderPay', 'priceTag']) {
      const fields = fieldsForBusinessType(value);
      expect(new Set(fields.map((f) => f.field)).size).toBe(fields.length);
      expect(fields.every((f) => f.text.length > 0)).toBe(true);
      if (value !== 'general') expect(fields[0].field).not.toBe('tenantName');
      expect(fields.some((f) => f.field === 'printTime')).toBe(true);
    }
    expect(fieldsForBusinessType('priceTag').map((f) => f.field)).toContain('retailPrice');
    // A document's fields are its descriptors' (answered by the server), then the common ones.
    const allocation = fieldsForBusinessType('allocation', [{ field: 'inWhName', text: '调入仓库' }]).map((f) => f.field);
    expect(allocation[0]).toBe('inWhName');
    expect(allocation).not.toContain('retailPrice');
  });

  it('no business type yet, or an unknown one: the common fields only', () => {
    expect(fieldsForBusinessType(null).map((f) => f.field)).toEqual(['tenantName', 'shopName', 'printTime', 'printUser', 'remark']);
    expect(fieldsForBusinessType('nope')).toEqual(fieldsForBusinessType(null));
  });
});
