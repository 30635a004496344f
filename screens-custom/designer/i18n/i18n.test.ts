import { describe, expect, it } from 'vitest';
import { COLUMN_PROPERTIES, ELEMENT_PROPERTIES, PANEL_PROPERTIES } from '../properties/catalogue.ts';
import { ELEMENT_TYPES } from '../../../core/print/template/index.ts';
import { DESIGNER_DICTIONARIES, createDesignerI18n } from './index.ts';
import { zhCN } from './zh-CN.ts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`)));
}

describe('designer dictionaries', () => {
  it.each(Object.keys(DESIGNER_DICTIONARIES))('%s has every key and no empty text', (lang) => {
    const dict = DESIGNER_DICTIONARIES[lang as keyof typeof DESIGNER_DICTIONARIES];
    expect(keys(dict).sort()).toEqual(keys(zhCN).sort());
    expect(keys(dict).filter((k) => !k.split('.').reduce((o: any, p) => o[p], dict))).toEqual([]);
  });

  it('labels every property and element type', () => {
    const names = new Set([...Object.keys(ELEMENT_PROPERTIES), ...Object.keys(COLUMN_PROPERTIES), ...Object.keys(PANEL_PROPERTIES)]);
    expect([...names].filter((n) => !(n in zhCN.prop))).toEqual([]);
    expect(ELEMENT_TYPES.filter((t) => !(t in zhCN.elements))).toEqual([]);
  });

  it('translates with interpolation and falls back to Chinese for an unknown language', () => {
    expect(createDesignerI18n('de').t('ui.columnProperties', { title: 'Menge' })).toBe('Spalteneigenschaften: Menge');
    expect(createDesignerI18n('xx').t('tableMenu.mergeCells')).toBe('合并单元格');
  });
});
