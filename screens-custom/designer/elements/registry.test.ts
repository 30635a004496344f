import { describe, expect, it } from 'vitest';
import { ELEMENT_TYPES, REMOVED_TABLE_CUSTOM, validateTemplate, emptyTemplate } from '../../../core/print/template/index.ts';
import { ELEMENT_PROPERTIES } from '../properties/catalogue.ts';
import { ELEMENT_REGISTRY, PROVIDER_MISSING, pluginFor } from './registry.ts';
import { sanitizeHtml } from './shared/sanitize.ts';
import { codeSvg, BARCODE_TEXT_ERROR } from './shared/codes.tsx';
import { displayText } from './shared/values.ts';

describe('element registry', () => {
  it('has a plugin for each of the 11 element types whose new element is a valid template element', () => {
    expect(Object.keys(ELEMENT_REGISTRY).sort()).toEqual([...ELEMENT_TYPES].sort());
    const t = emptyTemplate();
    t.panels[0].printElements = ELEMENT_TYPES.map((type) => pluginFor(type).create({ left: 12, top: 30 }));
    const result = validateTemplate(t);
    expect(result.ok ? [] : result.errors).toEqual([]);
  });

  it('names only catalogue properties in its panels', () => {
    for (const plugin of Object.values(ELEMENT_REGISTRY)) {
      for (const names of Object.values(plugin.propPanel)) for (const name of names ?? []) expect(ELEMENT_PROPERTIES[name], `${plugin.type}.${name}`).toBeDefined();
    }
  });

  it('refuses unknown types with the spec messages', () => {
    expect(() => pluginFor('chart')).toThrow(PROVIDER_MISSING);
    expect(() => pluginFor('tableCustom')).toThrow(REMOVED_TABLE_CUSTOM);
  });

  it('shows title and value, or the value alone with hideTitle', () => {
    const e = { type: 'text' as const, options: { title: '单号', field: 'orderNo', testData: 'A001' } };
    expect(displayText(e, undefined)).toBe('单号：A001');
    expect(displayText(e, { orderNo: 'B002' })).toBe('单号：B002');
    expect(displayText({ ...e, options: { ...e.options, hideTitle: true } }, undefined)).toBe('A001');
    expect(displayText({ type: 'text', options: { title: '静态文字' } }, undefined)).toBe('静态文字');
    expect(displayText({ type: 'text', options: { title: '金额', testData: '12.5', upperCase: '4' } }, undefined)).toMatch(/^金额：.*元/);
  });

  it('draws codes as SVG and reports text a symbology cannot encode', () => {
    expect('svg' in codeSvg('code128', 'ABC-123')).toBe(true);
    expect('svg' in codeSvg('qrcode', '你好', { qrLevel: 2 })).toBe(true);
    expect(codeSvg('ean13', 'not digits')).toEqual({ error: BARCODE_TEXT_ERROR });
  });

  it('strips code from HTML elements', () => {
    expect(sanitizeHtml('<b onclick="x()">a</b><script>alert(1)</script><a href="javascript:alert(1)">l</a>')).toBe('<b>a</b><a href="#">l</a>');
  });
});
