import { DEFAULT_ELEMENT_SIZES } from '../../../../core/print/options/index.ts';
import { BOX_BORDER, PAGING, POSITION, TEXT_STYLE } from '../shared/propLists.ts';
import type { ElementPlugin } from '../types.ts';
import { TextUi } from './uiRender.tsx';

export const textPlugin: ElementPlugin<'text'> = {
  type: 'text',
  create: ({ left, top }) => ({ type: 'text', title: '文本', options: { left, top, ...DEFAULT_ELEMENT_SIZES.text, title: '文本' } }),
  propPanel: {
    basic: ['title', 'field', 'testData', ...POSITION, 'hideTitle', 'textType', 'barcodeMode', 'qrCodeLevel', 'dataType', 'format', 'upperCase'],
    style: TEXT_STYLE,
    border: BOX_BORDER,
    advanced: [...PAGING, 'formatter', 'styler'],
  },
  ui: TextUi,
};
