import { sanitizeHtml } from '../shared/sanitize.ts';
import type { UiRenderProps } from '../types.ts';

/** Stored HTML, with scripts, event handlers and javascript: links removed (templates are data). */
export function HtmlUi({ element }: UiRenderProps<'html'>) {
  return <div className="wxy-el-html" dangerouslySetInnerHTML={{ __html: sanitizeHtml(element.options.content ?? '') }} />;
}
