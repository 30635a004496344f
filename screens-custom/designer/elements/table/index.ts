import { DEFAULT_ELEMENT_SIZES } from '../../../../core/print/options/index.ts';
import { PAGING, POSITION, TEXT_STYLE } from '../shared/propLists.ts';
import type { ElementPlugin } from '../types.ts';
import { TableUi } from './uiRender.tsx';

export const tablePlugin: ElementPlugin<'table'> = {
  type: 'table',
  create: ({ left, top }) => ({
    type: 'table',
    title: '表格',
    options: {
      left, top, ...DEFAULT_ELEMENT_SIZES.table, field: 'table',
      columns: [[
        { title: '名称', field: 'name', width: 275, checked: true, columnId: 'name' },
        { title: '数量', field: 'qty', width: 137.5, checked: true, columnId: 'qty' },
        { title: '金额', field: 'amount', width: 137.5, checked: true, columnId: 'amount' },
      ]],
      testData: '[{"name":"商品","qty":1,"amount":9.9}]',
    },
  }),
  propPanel: {
    basic: ['field', 'testData', ...POSITION],
    style: TEXT_STYLE.filter((p) => p !== 'textContentVerticalAlign' && p !== 'textContentWrap'),
    border: ['tableBorder', 'tableHeaderBorder', 'tableHeaderCellBorder', 'tableBodyRowBorder', 'tableBodyCellBorder', 'tableFooterBorder', 'tableFooterCellBorder', 'borderColor'],
    column: [
      'columns', 'tableHeaderRowHeight', 'tableHeaderFontSize', 'tableHeaderFontWeight', 'tableHeaderBackground', 'tableBodyRowHeight',
      'gridColumns', 'gridColumnsGutter', 'tableHeaderRepeat', 'tableFooterRepeat', 'tableGrandTotal', 'maxRows', 'autoCompletion', 'groupFields',
    ],
    advanced: [...PAGING, 'rowStyler', 'rowsColumnsMerge', 'rowsColumnsMergeClean', 'groupFormatter', 'groupFooterFormatter', 'footerFormatter', 'gridColumnsFooterFormatter', 'lHeight'],
  },
  ui: TableUi,
};
