/**
 * The HTML that prints (RenderPreviewHtml of print/types.ts): the same pages the preview shows,
 * one `.wxy-print-page` per paper sized in mm, with the element stylesheet in front. The print
 * paths (hidden frame, print client) wrap it with the print-lock stylesheet.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { units } from '../../../core/print/paper/index.ts';
import { panelGeometry } from '../../../core/print/paginate/geometry.ts';
import type { PrintTemplate } from '../../../core/print/template/index.ts';
import type { PrintPreview, RenderPreviewHtml } from '../print/types.ts';
import designerCss from '../render/designer.css?raw';
import { PrintPages } from './PrintPages.tsx';

export const PRINT_PAGE_CSS = designerCss;

export const renderPreviewHtml: RenderPreviewHtml = (template: PrintTemplate, data?: Record<string, unknown>): PrintPreview => {
  const pages = renderToStaticMarkup(createElement(PrintPages, { template, data }));
  const first = template.panels[0] ? panelGeometry(template.panels[0]) : { widthPt: units.mmToPt(210), heightPt: units.mmToPt(297) };
  const widthMm = Math.round(units.ptToMm(first.widthPt) * 100) / 100;
  const heightMm = Math.round(units.ptToMm(first.heightPt) * 100) / 100;
  return {
    html: `<style>${PRINT_PAGE_CSS}</style>${pages}`,
    // a rotated panel prints on a turned (landscape) page, as the PDF's /Rotate 90
    paper: template.panels[0]?.rotate === true ? { widthMm: heightMm, heightMm: widthMm } : { widthMm, heightMm },
  };
};
