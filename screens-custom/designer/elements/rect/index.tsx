import { DEFAULT_ELEMENT_SIZES } from '../../../../core/print/options/index.ts';
import { LINE_BORDER, PAGING, POSITION } from '../shared/propLists.ts';
import { shapeStyle, strokeOf } from '../shared/shape.tsx';
import type { ElementPlugin, UiRenderProps } from '../types.ts';

function RectUi({ element }: UiRenderProps<'rect'>) {
  return <div style={shapeStyle(element, { border: strokeOf(element), borderRadius: element.options.borderRadius })} />;
}

export const rectPlugin: ElementPlugin<'rect'> = {
  type: 'rect',
  create: ({ left, top }) => ({ type: 'rect', options: { left, top, ...DEFAULT_ELEMENT_SIZES.rect } }),
  propPanel: { basic: POSITION, style: ['backgroundColor', 'borderRadius'], border: LINE_BORDER, advanced: PAGING },
  ui: RectUi,
};
