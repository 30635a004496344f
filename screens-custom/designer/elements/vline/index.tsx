import { DEFAULT_ELEMENT_SIZES } from '../../../../core/print/options/index.ts';
import { LINE_BORDER, PAGING, POSITION } from '../shared/propLists.ts';
import { shapeStyle, strokeOf } from '../shared/shape.tsx';
import type { ElementPlugin, UiRenderProps } from '../types.ts';

function VlineUi({ element }: UiRenderProps<'vline'>) {
  return <div style={shapeStyle(element, { borderLeft: strokeOf(element), width: 0 })} />;
}

export const vlinePlugin: ElementPlugin<'vline'> = {
  type: 'vline',
  create: ({ left, top }) => ({ type: 'vline', options: { left, top, ...DEFAULT_ELEMENT_SIZES.vline } }),
  propPanel: { basic: POSITION, border: LINE_BORDER, advanced: PAGING },
  ui: VlineUi,
};
