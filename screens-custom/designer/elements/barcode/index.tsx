import { DEFAULT_BARCODE_TYPE, DEFAULT_ELEMENT_SIZES } from '../../../../core/print/options/index.ts';
import { CodeView } from '../shared/codes.tsx';
import { PAGING, POSITION } from '../shared/propLists.ts';
import { valueText } from '../shared/values.ts';
import type { ElementPlugin, UiRenderProps } from '../types.ts';

function BarcodeUi({ element, data }: UiRenderProps<'barcode'>) {
  return <CodeView bcid={element.options.barcodeType ?? DEFAULT_BARCODE_TYPE} text={valueText(element, data)} showText />;
}

export const barcodePlugin: ElementPlugin<'barcode'> = {
  type: 'barcode',
  create: ({ left, top }) => ({ type: 'barcode', title: '条形码', options: { left, top, ...DEFAULT_ELEMENT_SIZES.barcode, testData: '6901234567892', fontSize: 9 } }),
  propPanel: { basic: ['field', 'testData', ...POSITION, 'barcodeType'], style: ['color', 'backgroundColor'], advanced: PAGING },
  ui: BarcodeUi,
};
