import type { CSSProperties } from 'react';
import type { PrintElement } from '../../../../core/print/template/index.ts';

/** Lines and shapes draw with borderWidth / borderColor / borderStyle (default 0.75 pt solid black). */
export function strokeOf(element: PrintElement): string {
  const o = element.options as { borderWidth?: number; borderColor?: string; borderStyle?: string };
  return `${o.borderWidth ?? 0.75}pt ${o.borderStyle ?? 'solid'} ${o.borderColor || '#000'}`;
}

export function shapeStyle(element: PrintElement, extra: CSSProperties): CSSProperties {
  return { width: '100%', height: '100%', boxSizing: 'border-box', ...extra };
}
