import { describe, expect, it } from 'vitest';
import {
  ELEMENT_TYPES, REMOVED_TABLE_CUSTOM, createFormatterRegistry, emptyTemplate, formatterRegistry, validateTemplate,
  type PrintTemplate, type TemplateValidation,
} from './index.ts';

/** A template using every element type and many options. */
function fullTemplate(): Record<string, unknown> {
  const common = { left: 10, top: 10, width: 100, height: 20, showInPage: 'first', unShowInPage: 'last', zIndex: 2, transform: 45, fontSize: 9.75, fontWeight: 'bold', textAlign: 'center', borderLeft: 'solid', borderStyle: 'dashed' };
  return {
    version: 1,
    panels: [{
      index: 0, name: '销售单', width: 210, height: 297, paperType: 'A4', paperHeader: 40, paperFooter: 800,
      paperNumberLeft: 565, paperNumberTop: 819, paperNumberDisabled: false, paperNumberContinue: true, paperNumberFormat: 'paperNo/paperCount',
      panelPaperRule: 'even', firstPaperFooter: 780, evenPaperFooter: 790, oddPaperFooter: 795, lastPaperFooter: 700,
      topOffset: 0, leftOffset: 0, fontFamily: 'SimSun', orient: 1, rotate: false, scale: 1,
      watermarkOptions: { content: '内部', fillStyle: 'rgba(184,184,184,0.3)', fontSize: '14px', rotate: 25, width: 200, height: 200, timestamp: true, format: 'YYYY-MM-DD' },
      panelLayoutOptions: { layoutType: 'row', layoutRowGap: 5, layoutColumnGap: 5 },
      printElements: [
        { type: 'text', title: '单号', options: { ...common, field: 'orderNo', textType: 'barcode', barcodeMode: 'CODE128', qrCodeLevel: 1, upperCase: '5', formatter: 'money' } },
        { type: 'image', options: { ...common, src: '/logo.png', fit: 'contain', borderRadius: '4px' } },
        { type: 'longText', options: { ...common, longTextIndent: 18, leftSpaceRemoved: true, lHeight: 30 } },
        { type: 'html', options: { ...common, content: '<b>x</b>' } },
        { type: 'vline', options: common },
        { type: 'hline', options: common },
        { type: 'rect', options: common },
        { type: 'oval', options: common },
        { type: 'barcode', options: { ...common, barcodeType: 'code128' } },
        { type: 'qrcode', options: { ...common, qrcodeType: 'qrcode', qrCodeLevel: 2 } },
        {
          type: 'table',
          options: {
            ...common, field: 'items', tableHeaderRepeat: 'first', tableFooterRepeat: 'page', autoCompletion: true, maxRows: 10, gridColumns: 2,
            gridColumnsGutter: 3, groupFields: ['cat'], rowsColumnsMerge: 'sameCat', tableBodyRowHeight: 18, tableHeaderBackground: '#eee',
            tableBorder: 'border', tableHeaderBorder: 'topBottomBorder', testData: '[{"cat":"a"}]',
            columns: [[
              { title: '名称', field: 'name', width: 100, checked: true, columnId: 'name', align: 'left', halign: 'center', vAlign: 'middle', tableTextType: 'text' },
              { title: '金额', field: 'amount', width: 80, tableSummary: 'sum', tableSummaryNumFormat: '2', tableSummaryTitle: false, tableSummaryColspan: 1, tableSummaryAlign: 'right', upperCase: '6', tableQRCodeLevel: 3, tableBarcodeMode: 'EAN-13' },
            ]],
          },
        },
      ],
    }],
  };
}

function errorsOf(result: TemplateValidation) {
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

describe('validateTemplate', () => {
  it('accepts a template with all 11 element types and returns it typed', () => {
    const result = validateTemplate(fullTemplate());
    if (!result.ok) throw new Error(JSON.stringify(result.errors, null, 1));
    const t: PrintTemplate = result.template;
    expect(t.panels[0].printElements.map((e) => e.type).sort()).toEqual([...ELEMENT_TYPES].sort());
    expect(t.kind).toBe('wxy-print-template');
  });

  it('reads JSON text, and reports unreadable text clearly', () => {
    expect(validateTemplate(JSON.stringify(fullTemplate())).ok).toBe(true);
    expect(errorsOf(validateTemplate('{"version":1,'))[0].message).toMatch(/not valid JSON/);
  });

  it('refuses an old or foreign template without a version', () => {
    const hiprint = { panels: [{ index: 0, paperType: 'A4', height: 297, width: 210, printElements: [] }] };
    const [error] = errorsOf(validateTemplate(hiprint));
    expect(error.path).toBe('version');
    expect(error.message).toMatch(/no version: an old or foreign template/);
    expect(errorsOf(validateTemplate({ ...fullTemplate(), version: 7 }))[0].message).toMatch(/unsupported template version 7/);
  });

  it('names the path of every wrong value', () => {
    const t = fullTemplate() as { panels: Array<{ printElements: Array<{ options: Record<string, unknown> }> }> };
    t.panels[0].printElements[0].options.fontSize = NaN;
    t.panels[0].printElements[1].options.fit = 'stretch';
    t.panels[0].printElements[2].options.colour = 'red';
    (t.panels[0].printElements[10].options.columns as Array<Array<Record<string, unknown>>>)[0][1].tableSummary = 'median';
    const errors = errorsOf(validateTemplate(t));
    expect(errors.map((e) => e.path)).toEqual([
      'panels[0].printElements[0].options.fontSize',
      'panels[0].printElements[1].options.fit',
      'panels[0].printElements[2].options.colour',
      'panels[0].printElements[10].options.columns[0][1].tableSummary',
    ]);
    expect(errors[0].message).toMatch(/finite number/);
    expect(errors[1].message).toMatch(/contain, cover, fill, none/);
    expect(errors[2].message).toMatch(/unknown property/);
  });

  it('refuses code in formatter fields and function values anywhere', () => {
    const t = fullTemplate() as { panels: Array<{ printElements: Array<{ options: Record<string, unknown> }> }> };
    t.panels[0].printElements[0].options.formatter = 'function(t,e){return eval(e)}';
    (t.panels[0].printElements[10].options.columns as Array<Array<Record<string, unknown>>>)[0][0].styler2 = '(v) => ({color: "red"})';
    const errors = errorsOf(validateTemplate(t));
    expect(errors.map((e) => e.path)).toEqual(['panels[0].printElements[0].options.formatter', 'panels[0].printElements[10].options.columns[0][0].styler2']);
    expect(errors[0].message).toMatch(/never carries code/);
    const withFn = fullTemplate() as { panels: Array<{ name: unknown }> };
    withFn.panels[0].name = () => 'x';
    expect(errorsOf(validateTemplate(withFn))[0]).toEqual({ path: 'panels[0].name', message: 'a template cannot carry code (function value)' });
  });

  it('with a registry, every function key must be registered', () => {
    const registry = createFormatterRegistry();
    registry.register('cell', 'money', (v) => String(v));
    const errors = errorsOf(validateTemplate(fullTemplate(), { registry }));
    expect(errors).toEqual([{ path: 'panels[0].printElements[10].options.rowsColumnsMerge', message: "'sameCat' is not a registered merge function" }]);
    registry.register('merge', 'sameCat', () => [1, 1]);
    expect(validateTemplate(fullTemplate(), { registry }).ok).toBe(true);
  });

  it('the registry refuses code-like names and non-functions', () => {
    expect(() => formatterRegistry.register('cell', 'x => 1', () => '')).toThrow(/plain name/);
    expect(() => createFormatterRegistry().register('cell', 'ok', 'code' as unknown as () => string)).toThrow(/not a function/);
  });

  it('refuses the removed tableCustom type and unknown types', () => {
    const t = { version: 1, panels: [{ ...emptyTemplate().panels[0], printElements: [{ type: 'tableCustom', options: {} }, { type: 'chart', options: {} }] }] };
    const errors = errorsOf(validateTemplate(t));
    expect(errors[0]).toEqual({ path: 'panels[0].printElements[0].type', message: REMOVED_TABLE_CUSTOM });
    expect(errors[1].message).toMatch(/unknown element type 'chart'/);
  });

  it('checks the header/footer lines and the paper type', () => {
    const base = emptyTemplate().panels[0];
    const errors = errorsOf(validateTemplate({ version: 1, panels: [{ ...base, paperHeader: 500, paperFooter: 505, lastPaperFooter: 2000, paperType: 'A9' }] }));
    expect(errors.map((e) => e.path)).toEqual(['panels[0].paperType', 'panels[0].paperFooter', 'panels[0].lastPaperFooter']);
    expect(errors[0].message).toMatch(/not found pagetype/);
    expect(errors[1].message).toMatch(/at least 10 above the footer line/);
    expect(errors[2].message).toMatch(/below the paper/);
  });

  it('requires the panel fields and at least one panel', () => {
    expect(errorsOf(validateTemplate({ version: 1, panels: [] }))[0].message).toMatch(/at least one panel/);
    const errors = errorsOf(validateTemplate({ version: 1, panels: [{ index: 0 }] }));
    expect(errors.map((e) => e.path)).toEqual(['panels[0].width', 'panels[0].height', 'panels[0].paperHeader', 'panels[0].paperFooter', 'panels[0].printElements']);
  });

  it('the empty template is valid and the result is a copy', () => {
    const input = emptyTemplate();
    const result = validateTemplate(input);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.template).not.toBe(input);
  });
});
