import { DEFAULT_ELEMENT_SIZES } from '../../../../core/print/options/index.ts';
import { BOX_BORDER, PAGING, POSITION, TEXT_STYLE } from '../shared/propLists.ts';
import type { ElementPlugin } from '../types.ts';
import { LongTextUi } from './uiRender.tsx';

export const longTextPlugin: ElementPlugin<'longText'> = {
  type: 'longText',
  create: ({ left, top }) => ({ type: 'longText', title: '长文本', options: { left, top, ...DEFAULT_ELEMENT_SIZES.longText, title: '长文本', testData: '长文本内容' } }),
  propPanel: {
    basic: ['title', 'field', 'testData', ...POSITION, 'hideTitle', 'dataType', 'format', 'upperCase'],
    style: [...TEXT_STYLE, 'longTextIndent', 'leftSpaceRemoved'],
    border: BOX_BORDER,
    advanced: [...PAGING, 'lHeight', 'formatter', 'styler'],
  },
  ui: LongTextUi,
};
