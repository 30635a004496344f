import { DEFAULT_ELEMENT_SIZES } from '../../../../core/print/options/index.ts';
import { LINE_BORDER, PAGING, POSITION } from '../shared/propLists.ts';
import { shapeStyle, strokeOf } from '../shared/shape.tsx';
import type { ElementPlugin, UiRenderProps } from '../types.ts';

function OvalUi({ element }: UiRenderProps<'oval'>) {
  return <div style={shapeStyle(element, { border: strokeOf(element), borderRadius: '50%' })} />;
}

export const ovalPlugin: ElementPlugin<'oval'> = {
  type: 'oval',
  create: ({ left, top }) => ({ type: 'oval', options: { left, top, ...DEFAULT_ELEMENT_SIZES.oval } }),
  propPanel: { basic: POSITION, style: ['backgroundColor'], border: LINE_BORDER, advanced: PAGING },
  ui: OvalUi,
};
