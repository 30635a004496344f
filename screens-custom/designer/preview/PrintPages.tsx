/**
 * The printed pages: the template paginated by core/paginate and drawn with the element registry.
 * The preview shows this and printing prints this (previewHtml), so both are the same markup.
 */
import type { CSSProperties } from 'react';
import { paginateTemplate, type PanelPage, type TemplatePagination } from '../../../core/print/paginate/index.ts';
import { panelGeometry } from '../../../core/print/paginate/geometry.ts';
import { units } from '../../../core/print/paper/index.ts';
import type { Panel, PrintTemplate } from '../../../core/print/template/index.ts';
import { PlacedElement } from '../render/ElementView.tsx';
import { watermarkBackground } from '../render/watermark.ts';

const mm = (pt: number) => Math.round(units.ptToMm(pt) * 100) / 100;

export function PrintPage({ panel, page, data, now }: { panel: Panel; page: PanelPage; data?: Record<string, unknown>; now?: Date }) {
  const g = panelGeometry(panel);
  const mark = watermarkBackground(panel.watermarkOptions, now);
  const size = { width: `${mm(g.widthPt)}mm`, height: `${mm(g.heightPt)}mm` };
  const paper = (
    <div className={panel.rotate === true ? 'wxy-paper' : 'wxy-paper wxy-print-page'} data-testid="print-page"
      style={{ ...size, fontFamily: panel.fontFamily || undefined, ...(panel.rotate === true ? TURNED_PAPER(size.height) : {}) }}>
      {mark && <div style={{ position: 'absolute', inset: 0, backgroundImage: mark, pointerEvents: 'none', zIndex: 1000 }} />}
      {page.placements.map((p, i) => <PlacedElement key={`${p.elementIndex}-${i}`} placement={p} data={data} />)}
      {page.paperNumber && (
        <span className="wxy-paper-number" data-testid="paper-number" style={{ left: `${page.paperNumber.left}pt`, top: `${page.paperNumber.top}pt` }}>{page.paperNumber.text}</span>
      )}
    </div>
  );
  if (panel.rotate !== true) return paper;
  // rotate: the paper is fed turned by 90° clockwise, as the PDF's /Rotate 90 shows it: a landscape page
  // with the portrait paper turned inside it
  return <div className="wxy-paper wxy-print-page" data-testid="print-page-turned" style={{ width: size.height, height: size.width }}>{paper}</div>;
}

const TURNED_PAPER = (heightCss: string): CSSProperties => ({
  position: 'absolute', left: 0, top: 0, margin: 0, boxShadow: 'none', transformOrigin: '0 0', transform: `translateX(${heightCss}) rotate(90deg)`,
});

/** On screen, a panel's pages one under the other or side by side with its panelLayoutOptions gaps (mm). */
function layoutStyle(panel: Panel): CSSProperties {
  const o = panel.panelLayoutOptions ?? {};
  const gap = (v: number | undefined) => (typeof v === 'number' && v >= 0 ? `${v}mm` : '12px');
  return {
    display: 'flex', flexDirection: o.layoutType === 'row' ? 'row' : 'column', width: 'max-content', minWidth: '100%',
    alignItems: o.layoutType === 'row' ? 'flex-start' : 'center', rowGap: gap(o.layoutRowGap), columnGap: gap(o.layoutColumnGap), marginBottom: 12,
  };
}

/**
 * `screenLayout` (the preview): each panel's pages arranged by its panelLayoutOptions. Printing leaves it
 * off: there every paper is a page of its own whatever the layout.
 */
export function PrintPages({ template, data, pagination, now, screenLayout }: { template: PrintTemplate; data?: Record<string, unknown>; pagination?: TemplatePagination; now?: Date; screenLayout?: boolean }) {
  const result = pagination ?? paginateTemplate(template, { data });
  const pagesOf = (i: number, pp: TemplatePagination['panels'][number]) => pp.pages.map((page) => (
    <PrintPage key={`${i}-${page.index}`} panel={template.panels[i]} page={page} data={data} now={now} />
  ));
  return (
    <div className="wxy-print-pages">
      {result.panels.map((pp, i) => (screenLayout
        ? <div key={i} className="wxy-panel-pages" data-testid="preview-panel-pages" style={layoutStyle(template.panels[i])}>{pagesOf(i, pp)}</div>
        : pagesOf(i, pp)))}
    </div>
  );
}
