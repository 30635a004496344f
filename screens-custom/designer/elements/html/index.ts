import { DEFAULT_ELEMENT_SIZES } from '../../../../core/print/options/index.ts';
import { PAGING, POSITION } from '../shared/propLists.ts';
import type { ElementPlugin } from '../types.ts';
import { HtmlUi } from './uiRender.tsx';

export const htmlPlugin: ElementPlugin<'html'> = {
  type: 'html',
  create: ({ left, top }) => ({ type: 'html', title: 'HTML', options: { left, top, ...DEFAULT_ELEMENT_SIZES.html, content: '<b>HTML</b>' } }),
  propPanel: { basic: ['content', ...POSITION], style: ['color', 'fontSize', 'backgroundColor'], advanced: PAGING },
  ui: HtmlUi,
};
