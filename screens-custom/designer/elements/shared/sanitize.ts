/**
 * The HTML element's content is user data: it goes into the page only as core/html's allowed tree
 * written back as markup (formatting tags and safe styles; nothing that runs code, loads anything or
 * escapes the element), the same tree the PDF writer prints.
 */
import { safeHtml } from '../../../../core/print/html/index.ts';

export function sanitizeHtml(html: string): string {
  return safeHtml(html);
}
