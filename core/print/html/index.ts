export { parseHtml, safeHtml, safeStyle, htmlText, decodeEntities, type HtmlNode, type HtmlElementNode, type HtmlTextNode } from './parse.ts';
