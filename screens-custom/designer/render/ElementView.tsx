/** One element drawn with its plugin's renderer inside its positioned, styled box (canvas and pages alike). */
import { memo, type CSSProperties, type ReactNode } from 'react';
import { LINE_HEIGHT_EM, textBoxHeight, type Placement } from '../../../core/print/paginate/index.ts';
import type { PrintElement } from '../../../core/print/template/index.ts';
import { pluginFor } from '../elements/registry.ts';
import { elementCss, type Target } from '../properties/catalogue.ts';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function boxOf(element: PrintElement): Box {
  const o = element.options as Target;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return { left: n(o.left), top: n(o.top), width: n(o.width), height: n(o.height) };
}

/** Absolute box in pt plus every style property the element carries. */
export function frameStyle(element: PrintElement, box: Box, autoHeight = false): CSSProperties {
  const css = elementCss(element.options as Target) as CSSProperties;
  const flows = element.type === 'table' || element.type === 'longText';
  // the paginator already grew a printed text's height; the canvas grows it the same way
  const height = textBoxHeight(element, box.height);
  return {
    position: 'absolute',
    left: `${box.left}pt`,
    top: `${box.top}pt`,
    width: `${box.width}pt`,
    [autoHeight && flows ? 'minHeight' : 'height']: `${height}pt`,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: element.type === 'text' && !css.justifyContent ? 'flex-start' : css.justifyContent,
    fontSize: css.fontSize ?? '9pt',
    // the line height the paginator and the PDF use (an element's own lineHeight in css wins), never the
    // browser's `normal`; unitless, so a child with its own font size gets the same em multiple
    lineHeight: LINE_HEIGHT_EM,
    ...css,
    transformOrigin: 'center',
  };
}

export const ElementContent = memo(function ElementContent(props: { element: PrintElement; mode: 'design' | 'print'; data?: Record<string, unknown>; placement?: Placement }) {
  const Ui = pluginFor(props.element.type).ui;
  return <Ui element={props.element as never} mode={props.mode} data={props.data} placement={props.placement} />;
});

/** A placed element of a printed page; red §8 message instead when it could not be laid out. */
export function PlacedElement({ placement, data }: { placement: Placement; data?: Record<string, unknown> }): ReactNode {
  const box = { left: placement.left, top: placement.top, width: placement.width, height: placement.height };
  if (placement.error) {
    return <div className="wxy-designer-error wxy-print-error" data-testid="pagination-error" style={{ position: 'absolute', left: `${box.left}pt`, top: `${box.top}pt`, width: `${box.width}pt` }}>{placement.error.message}</div>;
  }
  return (
    <div style={frameStyle(placement.element, box, true)} data-type={placement.element.type}>
      <ElementContent element={placement.element} mode="print" data={data} placement={placement} />
    </div>
  );
}
