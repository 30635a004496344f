/** The HTML element's content is user data: keep markup and styles, drop anything that runs code. */
const PAIRED = /<\s*(script|iframe|object|embed|style)\b[\s\S]*?<\s*\/\s*\1\s*>/gi;
const LONE = /<\s*\/?\s*(script|iframe|object|embed|link|meta|base)\b[^>]*>/gi;
const HANDLERS = /\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;
const JS_URLS = /(href|src|action|formaction|xlink:href)\s*=\s*("|')?\s*javascript:[^"'>\s]*("|')?/gi;

export function sanitizeHtml(html: string): string {
  return html.replace(PAIRED, '').replace(LONE, '').replace(HANDLERS, '').replace(JS_URLS, '$1="#"');
}
