import { describe, expect, it } from 'vitest';
import { DEFAULT_FONT_FAMILIES, WATERMARK_DEFAULTS, optionsWithStoredValue } from '../../../core/print/options/index.ts';
import { COLUMN_PROPERTIES, ELEMENT_PROPERTIES, PANEL_PROPERTIES, elementCss, type OptionGroup, type PropertyDef, type Target } from './catalogue.ts';

/** A value each control kind can hold: from its own list for dropdowns. */
function sampleValue(p: PropertyDef, host = {}): unknown {
  switch (p.control.kind) {
    case 'select': {
      const list = p.control.options({ functionNames: () => ['money'], ...host });
      const first = (list[0] && 'group' in list[0] ? (list[0] as OptionGroup).items : list)
        .find((o) => 'value' in o && o.value !== '') as { value: string | number } | undefined;
      return first?.value;
    }
    case 'number': case 'slider': return p.control.kind === 'number' && p.control.min !== undefined ? p.control.min + 1 : 7;
    case 'checkbox': return true;
    case 'color': return '#ff0000';
    case 'coordinate': return { left: 12, top: 34 };
    case 'widthHeight': return { width: 56, height: 78 };
    case 'watermark': return { ...WATERMARK_DEFAULTS, content: '内部资料', rotate: 45 };
    case 'columns': return [[{ title: '名称', field: 'name' }]];
    case 'field': return 'goodsName';
    default: return p.name === 'groupFields' ? 'category' : '文字';
  }
}

const catalogues: Array<[string, Readonly<Record<string, PropertyDef>>]> = [['element', ELEMENT_PROPERTIES], ['column', COLUMN_PROPERTIES], ['panel', PANEL_PROPERTIES]];

describe.each(catalogues)('%s properties: write then read gives the value back; empty unsets', (_, catalogue) => {
  it.each(Object.values(catalogue).map((p) => [p.name, p] as const))('%s', (name, p) => {
    const value = sampleValue(p);
    expect(value, `${name} has a sample value`).not.toBeUndefined();
    const written = p.write({ keep: 1 }, value);
    expect(written.keep).toBe(1);
    if (name === 'tableSummaryTitle') expect(p.read(p.write({}, 'hide'))).toBe('hide');
    else if (name === 'groupFields') expect(written.groupFields).toEqual(['category']);
    else expect(p.read(written)).toEqual(value);
    if (p.control.kind === 'coordinate' || p.control.kind === 'widthHeight') {
      // an empty position or size is 0
      expect(Object.values(p.write({}, {}) as object).every((v) => v === 0)).toBe(true);
      return;
    }
    const cleared = p.write(written, '');
    const stored = Object.keys(cleared).filter((k) => k !== 'keep');
    expect(stored, `${name}: empty means default`).toEqual([]);
  });
});

describe('element property details', () => {
  it('dropdown numbers are stored as numbers and keep a stored value missing from the list', () => {
    const size = ELEMENT_PROPERTIES.fontSize;
    expect(size.write({}, '10.5')).toEqual({ fontSize: 10.5 });
    if (size.control.kind !== 'select') throw new Error('fontSize is a dropdown');
    const shown = optionsWithStoredValue(size.control.options({}) as never, 13.3);
    expect(shown.at(-1)).toMatchObject({ value: 13.3, extra: true });
  });

  it('font family list comes from the host, else default plus SimSun and Microsoft YaHei', () => {
    const p = ELEMENT_PROPERTIES.fontFamily;
    if (p.control.kind !== 'select') throw new Error('dropdown');
    expect(p.control.options({})).toEqual(DEFAULT_FONT_FAMILIES);
    expect(p.control.options({ fonts: [{ value: 'KaiTi', label: '楷体' }] }).map((o) => 'value' in o && o.value)).toEqual(['', 'KaiTi']);
  });

  it('qrCodeLevel offers 1/0/3/2 (L/M/Q/H)', () => {
    const p = ELEMENT_PROPERTIES.qrCodeLevel;
    if (p.control.kind !== 'select') throw new Error('dropdown');
    expect(p.control.options({}).map((o) => 'value' in o && o.value)).toEqual([1, 0, 3, 2]);
  });

  it('rotation wraps at ±360 and 0 leaves it unset', () => {
    expect(ELEMENT_PROPERTIES.transform.write({}, 370)).toEqual({ transform: 10 });
    expect(ELEMENT_PROPERTIES.transform.write({ transform: 5 }, 360)).toEqual({});
  });

  it('maxRows is a whole number of at least 1', () => {
    expect(ELEMENT_PROPERTIES.maxRows.write({}, 0)).toEqual({ maxRows: 1 });
    expect(ELEMENT_PROPERTIES.maxRows.write({}, 2.6)).toEqual({ maxRows: 3 });
  });

  it('hideTitle is true or unset', () => {
    expect(ELEMENT_PROPERTIES.hideTitle.write({ hideTitle: true }, false)).toEqual({});
  });

  it('watermark stores only what differs from the defaults', () => {
    const p = PANEL_PROPERTIES.watermarkOptions;
    expect(p.write({}, { ...WATERMARK_DEFAULTS, content: '样张' })).toEqual({ watermarkOptions: { content: '样张' } });
    expect(p.write({ watermarkOptions: { content: 'x' } }, { ...WATERMARK_DEFAULTS })).toEqual({});
    expect(p.read({})).toEqual(WATERMARK_DEFAULTS);
  });

  it('panel layout options are kept together in panelLayoutOptions, gone when all are empty', () => {
    const type = PANEL_PROPERTIES.layoutType;
    const gap = PANEL_PROPERTIES.layoutColumnGap;
    const row = type.write({}, 'row');
    expect(row).toEqual({ panelLayoutOptions: { layoutType: 'row' } });
    const both = gap.write(row, '5');
    expect(both).toEqual({ panelLayoutOptions: { layoutType: 'row', layoutColumnGap: 5 } });
    expect(gap.write(both, -3)).toEqual({ panelLayoutOptions: { layoutType: 'row', layoutColumnGap: 0 } });
    expect(type.write(gap.write(both, ''), '')).toEqual({});
    if (type.control.kind !== 'select') throw new Error('dropdown');
    expect((type.control.options({}) as ReadonlyArray<{ value: string }>).map((o) => o.value)).toEqual(['column', 'row']);
  });

  it('applies itself as CSS', () => {
    const options: Target = {
      fontSize: 12, fontWeight: 'bold', letterSpacing: 1.5, lineHeight: 18, textAlign: 'center', textDecoration: 'underline',
      color: '#333', backgroundColor: '#eee', fontFamily: 'SimSun', borderLeft: 'dotted', borderWidth: 1.5, borderColor: 'red',
      contentPaddingLeft: 3, transform: 30, zIndex: 4, textContentWrap: 'ellipsis', textContentVerticalAlign: 'bottom',
      longTextIndent: 6, borderRadius: '4', lHeight: 20, fit: 'cover',
    };
    expect(elementCss(options)).toEqual({
      fontSize: '12pt', fontWeight: 'bold', letterSpacing: '1.5pt', lineHeight: '18pt', textAlign: 'center', textDecoration: 'underline',
      color: '#333', backgroundColor: '#eee', fontFamily: 'SimSun', borderLeft: '1.5pt dotted red', paddingLeft: '3pt',
      transform: 'rotate(30deg)', zIndex: '4', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis',
      justifyContent: 'flex-end', textIndent: '6pt', borderRadius: '4pt', minHeight: '20pt', objectFit: 'cover',
    });
    expect(elementCss({})).toEqual({});
    expect(ELEMENT_PROPERTIES.coordinate.apply!({ left: 3, top: 4 })).toEqual({ left: '3pt', top: '4pt' });
    expect(ELEMENT_PROPERTIES.widthHeight.apply!({ width: 3 })).toEqual({ width: '3pt', height: '0pt' });
  });
});
