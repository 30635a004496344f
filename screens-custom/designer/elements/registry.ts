/**
 * The element registry: element type -> plugin. Dropping a type that is not registered raises the
 * spec's 'check whether the provider of init is configured'; the removed tableCustom says to use table.
 */
import { DESIGNER_ERRORS, requireProvider } from '../../../core/print/errors/index.ts';
import type { ElementType } from '../../../core/print/template/index.ts';
import { barcodePlugin } from './barcode/index.tsx';
import { hlinePlugin } from './hline/index.tsx';
import { htmlPlugin } from './html/index.ts';
import { imagePlugin } from './image/index.ts';
import { longTextPlugin } from './longText/index.ts';
import { ovalPlugin } from './oval/index.tsx';
import { qrcodePlugin } from './qrcode/index.tsx';
import { rectPlugin } from './rect/index.tsx';
import { tablePlugin } from './table/index.ts';
import { textPlugin } from './text/index.ts';
import type { ElementPlugin } from './types.ts';
import { vlinePlugin } from './vline/index.tsx';

export const PROVIDER_MISSING = DESIGNER_ERRORS.providerMissing.message;

export const ELEMENT_REGISTRY: { readonly [T in ElementType]: ElementPlugin<T> } = {
  text: textPlugin,
  image: imagePlugin,
  longText: longTextPlugin,
  table: tablePlugin,
  html: htmlPlugin,
  vline: vlinePlugin,
  hline: hlinePlugin,
  rect: rectPlugin,
  oval: ovalPlugin,
  barcode: barcodePlugin,
  qrcode: qrcodePlugin,
};

/** The palette order. */
export const PALETTE_TYPES: readonly ElementType[] = ['text', 'longText', 'table', 'image', 'html', 'hline', 'vline', 'rect', 'oval', 'barcode', 'qrcode'];

export function pluginFor(type: string): ElementPlugin {
  return requireProvider(ELEMENT_REGISTRY as unknown as Readonly<Record<string, ElementPlugin>>, type);
}
