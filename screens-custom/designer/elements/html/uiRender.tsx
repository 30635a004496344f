import { elementRawValue } from '../../../../core/print/content/index.ts';
import { sanitizeHtml } from '../shared/sanitize.ts';
import type { UiRenderProps } from '../types.ts';

/** Stored HTML (or its field's value in the print data, as the PDF prints it), reduced to the allowed tags. */
export function HtmlUi({ element, data }: UiRenderProps<'html'>) {
  const raw = elementRawValue(element, data);
  const html = typeof raw === 'string' && raw ? raw : element.options.content ?? '';
  return <div className="wxy-el-html" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
