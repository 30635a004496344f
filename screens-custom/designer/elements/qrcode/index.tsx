import { DEFAULT_ELEMENT_SIZES, DEFAULT_QRCODE_TYPE } from '../../../../core/print/options/index.ts';
import { CodeView } from '../shared/codes.tsx';
import { PAGING, POSITION } from '../shared/propLists.ts';
import { valueText } from '../shared/values.ts';
import type { ElementPlugin, UiRenderProps } from '../types.ts';

function QrcodeUi({ element, data }: UiRenderProps<'qrcode'>) {
  return <CodeView bcid={element.options.qrcodeType ?? DEFAULT_QRCODE_TYPE} text={valueText(element, data)} qrLevel={element.options.qrCodeLevel} />;
}

export const qrcodePlugin: ElementPlugin<'qrcode'> = {
  type: 'qrcode',
  create: ({ left, top }) => ({ type: 'qrcode', title: '二维码', options: { left, top, ...DEFAULT_ELEMENT_SIZES.qrcode, testData: 'https://example.com' } }),
  propPanel: { basic: ['field', 'testData', ...POSITION, 'qrcodeType', 'qrCodeLevel'], style: ['backgroundColor'], advanced: PAGING },
  ui: QrcodeUi,
};
