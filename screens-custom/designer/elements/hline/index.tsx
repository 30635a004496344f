import { DEFAULT_ELEMENT_SIZES } from '../../../../core/print/options/index.ts';
import { LINE_BORDER, PAGING, POSITION } from '../shared/propLists.ts';
import { shapeStyle, strokeOf } from '../shared/shape.tsx';
import type { ElementPlugin, UiRenderProps } from '../types.ts';

function HlineUi({ element }: UiRenderProps<'hline'>) {
  return <div style={shapeStyle(element, { borderTop: strokeOf(element), height: 0 })} />;
}

export const hlinePlugin: ElementPlugin<'hline'> = {
  type: 'hline',
  create: ({ left, top }) => ({ type: 'hline', options: { left, top, ...DEFAULT_ELEMENT_SIZES.hline } }),
  propPanel: { basic: POSITION, border: LINE_BORDER, advanced: PAGING },
  ui: HlineUi,
};
