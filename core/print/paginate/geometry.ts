/** Page geometry of a panel: paper size in pt, the header line and the footer line of each page. */
import { DEFAULT_PAPER_TYPE, isPaperTypeName, paperSize, units } from '../paper/index.ts';
import type { Panel } from '../template/index.ts';
import { finiteOr, positiveOr } from './metrics.ts';

export interface PanelGeometry {
  widthPt: number;
  heightPt: number;
  /** where content continues on later pages: the paper header line */
  pageTop: number;
  /** footer line of page `index` (0-based within the panel) */
  footerLine(index: number, isLast: boolean): number;
}

/** The panel's own width/height (mm) when usable, else its named paper type, else A4. */
function paperPt(panel: Panel): { widthPt: number; heightPt: number } {
  const type = panel.paperType ?? DEFAULT_PAPER_TYPE;
  const named = paperSize(isPaperTypeName(type) ? type : DEFAULT_PAPER_TYPE);
  return { widthPt: units.mmToPt(positiveOr(panel.width, named.width)), heightPt: units.mmToPt(positiveOr(panel.height, named.height)) };
}

export function panelGeometry(panel: Panel): PanelGeometry {
  const { widthPt, heightPt } = paperPt(panel);
  const pageTop = Math.max(0, finiteOr(panel.paperHeader, 0));
  // An unset footer line means the bottom of the paper; a hostile NaN stays NaN so that nothing fits.
  const footer = (v: unknown): number | undefined => (v === undefined || v === null ? undefined : typeof v === 'number' ? v : NaN);
  const base = footer(panel.paperFooter) ?? heightPt;
  const first = footer(panel.firstPaperFooter);
  const odd = footer(panel.oddPaperFooter);
  const even = footer(panel.evenPaperFooter);
  const last = footer(panel.lastPaperFooter);
  return {
    widthPt,
    heightPt,
    pageTop,
    footerLine(index, isLast) {
      let line = (index % 2 === 0 ? odd : even) ?? base;
      if (index === 0 && first !== undefined) line = first;
      if (isLast && last !== undefined) line = index === 0 && first !== undefined ? Math.min(first, last) : last;
      return line;
    },
  };
}
