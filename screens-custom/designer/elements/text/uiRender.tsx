import { CodeView, bcidForMode } from '../shared/codes.tsx';
import { displayText, valueText } from '../shared/values.ts';
import type { UiRenderProps } from '../types.ts';

/** Text, or its value drawn as a barcode / QR code (textType). */
export function TextUi({ element, data }: UiRenderProps<'text'>) {
  const o = element.options;
  if (o.textType === 'barcode') return <CodeView bcid={bcidForMode(o.barcodeMode)} text={valueText(element, data)} showText />;
  if (o.textType === 'qrcode') return <CodeView bcid="qrcode" text={valueText(element, data)} qrLevel={o.qrCodeLevel} />;
  return <div className="wxy-el-text">{displayText(element, data)}</div>;
}
