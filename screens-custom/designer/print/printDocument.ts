/** A complete, self-contained HTML document for a preview: what the hidden frame and the print client print. */
import type { PrintPreview } from './types.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** Keeps a stylesheet from closing its own <style> element. */
const safeCss = (css: string) => css.replace(/<\/style/gi, '<\\/style');

const mm = (n: number) => `${Math.round(n * 100) / 100}mm`;

export function printDocumentHtml(preview: PrintPreview, printCss: string): string {
  const { widthMm, heightMm } = preview.paper;
  return [
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">',
    `<title>${escapeHtml(preview.title ?? '打印')}</title>`,
    `<style>@page{size:${mm(widthMm)} ${mm(heightMm)};margin:0}</style>`,
    // media=all: inside the print document the print rules also govern what a preview of it shows
    `<style>${safeCss(printCss)}</style>`,
    '</head><body class="wxy-print-body">',
    preview.html,
    '</body></html>',
  ].join('');
}
