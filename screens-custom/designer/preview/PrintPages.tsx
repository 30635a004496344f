/**
 * The printed pages: the template paginated by core/paginate and drawn with the element registry.
 * The preview shows this and printing prints this (previewHtml), so both are the same markup.
 */
import { paginateTemplate, type PanelPage, type TemplatePagination } from '../core/paginate/index.ts';
import { panelGeometry } from '../core/paginate/geometry.ts';
import { units } from '../core/paper/index.ts';
import type { Panel, PrintTemplate } from '../core/template/index.ts';
import { PlacedElement } from '../render/ElementView.tsx';
import { watermarkBackground } from '../render/watermark.ts';

const mm = (pt: number) => Math.round(units.ptToMm(pt) * 100) / 100;

export function PrintPage({ panel, page, data, now }: { panel: Panel; page: PanelPage; data?: Record<string, unknown>; now?: Date }) {
  const g = panelGeometry(panel);
  const mark = watermarkBackground(panel.watermarkOptions, now);
  return (
    <div className="wxy-paper wxy-print-page" data-testid="print-page" style={{ width: `${mm(g.widthPt)}mm`, height: `${mm(g.heightPt)}mm`, fontFamily: panel.fontFamily || undefined }}>
      {mark && <div style={{ position: 'absolute', inset: 0, backgroundImage: mark, pointerEvents: 'none', zIndex: 1000 }} />}
      {page.placements.map((p, i) => <PlacedElement key={`${p.elementIndex}-${i}`} placement={p} data={data} />)}
      {page.paperNumber && (
        <span className="wxy-paper-number" data-testid="paper-number" style={{ left: `${page.paperNumber.left}pt`, top: `${page.paperNumber.top}pt` }}>{page.paperNumber.text}</span>
      )}
    </div>
  );
}

export function PrintPages({ template, data, pagination, now }: { template: PrintTemplate; data?: Record<string, unknown>; pagination?: TemplatePagination; now?: Date }) {
  const result = pagination ?? paginateTemplate(template, { data });
  return (
    <div className="wxy-print-pages">
      {result.panels.map((pp, i) => pp.pages.map((page) => (
        <PrintPage key={`${i}-${page.index}`} panel={template.panels[i]} page={page} data={data} now={now} />
      )))}
    </div>
  );
}
