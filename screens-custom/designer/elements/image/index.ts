import { DEFAULT_ELEMENT_SIZES } from '../../../../core/print/options/index.ts';
import { BOX_BORDER, PAGING, POSITION } from '../shared/propLists.ts';
import type { ElementPlugin } from '../types.ts';
import { ImageUi } from './uiRender.tsx';

export const imagePlugin: ElementPlugin<'image'> = {
  type: 'image',
  create: ({ left, top }) => ({ type: 'image', title: '图片', options: { left, top, ...DEFAULT_ELEMENT_SIZES.image } }),
  propPanel: {
    basic: ['field', 'src', ...POSITION, 'fit'],
    style: ['borderRadius', 'backgroundColor'],
    border: BOX_BORDER,
    advanced: PAGING,
  },
  ui: ImageUi,
};
