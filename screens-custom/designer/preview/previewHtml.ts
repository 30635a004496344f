/**
 * The HTML that prints (designer-out's print module and print client take it): the same pages the
 * preview shows, as a standalone document fragment with its stylesheet.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PrintTemplate } from '../core/template/index.ts';
import designerCss from '../render/designer.css?raw';
import { PrintPages } from './PrintPages.tsx';

export const PRINT_PAGE_CSS = designerCss;

/** `<style>` + the pages of `template` filled with `data` (test data when absent). */
export function previewHtml(template: PrintTemplate, data?: Record<string, unknown>): string {
  const pages = renderToStaticMarkup(createElement(PrintPages, { template, data }));
  return `<style>${PRINT_PAGE_CSS}</style>${pages}`;
}
