/**
 * An element plugin (pdfme style): a plain object per element type with its defaults, the property
 * names its settings panel shows per tab, and its DOM renderer. The registry is a map of them.
 */
import type { ComponentType } from 'react';
import type { Placement } from '../../../core/print/paginate/index.ts';
import type { ElementType, PrintElementOf } from '../../../core/print/template/index.ts';
import type { PropertyTab } from '../properties/catalogue.ts';

export interface UiRenderProps<T extends ElementType = ElementType> {
  element: PrintElementOf<T>;
  /** 'design': the canvas (test data); 'print': a paginated page (preview and print) */
  mode: 'design' | 'print';
  /** print data (field -> value); absent means test data */
  data?: Record<string, unknown>;
  /** in print mode: where and what of the element this page shows */
  placement?: Placement;
}

export interface ElementPlugin<T extends ElementType = ElementType> {
  type: T;
  /** a new element of this type at a position (pt) */
  create(at: { left: number; top: number }): PrintElementOf<T>;
  /** property names (keys of ELEMENT_PROPERTIES) per settings tab */
  propPanel: Partial<Record<PropertyTab, readonly string[]>>;
  ui: ComponentType<UiRenderProps<T>>;
}
