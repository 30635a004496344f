/**
 * Panel and template pagination: flows the body elements of each panel onto pages (tables and long
 * texts split across pages, elements below them follow), repeats header/footer elements, applies
 * showInPage rules, pads to an odd/even page count and numbers the papers.
 */
import { DESIGNER_CONSTANTS } from '../options/index.ts';
import type { FormatterRegistry, Row } from '../template/registry.ts';
import type { Panel, PrintElement, PrintElementOf, PrintTemplate } from '../template/types.ts';
import { panelGeometry, type PanelGeometry } from './geometry.ts';
import { estimatedFontMetrics, finiteOr, positiveOr, textBoxHeight, type FontMetrics } from './metrics.ts';
import { parseTableTestData } from './table/items.ts';
import { paginateTable } from './table/paginateTable.ts';
import { NO_SPACE_MESSAGE, PAGEABLE_HEIGHT_MESSAGE, type LeafColumn, type PaginationError, type TableLineHeights, type TablePage } from './table/types.ts';

export interface Placement {
  elementIndex: number;
  element: PrintElement;
  role: 'header' | 'footer' | 'fixed' | 'body';
  left: number;
  top: number;
  width: number;
  height: number;
  /** the part of a table printed on this page */
  table?: TablePage;
  /** a table's printed leaf columns and header row heights (what a renderer needs to draw `table`) */
  tableLayout?: { columns: LeafColumn[]; headerRowHeights: number[]; lineHeights: TableLineHeights };
  /** the lines [from, to) of a long text printed on this page */
  lines?: { from: number; to: number; total: number };
  /** shown in red instead of the element when it cannot be laid out */
  error?: PaginationError;
}

export interface PanelPage {
  /** index within the panel */
  index: number;
  paperNo: number;
  paperCount: number;
  /** null when paperNumberDisabled */
  paperNumber: { text: string; left: number; top: number } | null;
  footerLine: number;
  placements: Placement[];
  /** a blank page added to make the page count odd or even */
  padding: boolean;
}

export interface PanelPagination {
  panelIndex: number;
  pages: PanelPage[];
  errors: PaginationError[];
  warnings: string[];
}

export interface PanelPaginationInput {
  panel: Panel;
  /** print data: field -> value (table fields -> rows); without it, testData is used as in the designer */
  data?: Record<string, unknown>;
  metrics?: FontMetrics;
  registry?: FormatterRegistry;
}

const EPS = 1e-6;
export const DEFAULT_PAPER_NUMBER_FORMAT = DESIGNER_CONSTANTS.paperNumberFormat;

/** 'paperNo-paperCount' -> '2-5'. */
export function formatPaperNumber(format: string | undefined, paperNo: number, paperCount: number): string {
  const f = typeof format === 'string' && format !== '' ? format : DEFAULT_PAPER_NUMBER_FORMAT;
  return f.replace(/paperNo/g, String(paperNo)).replace(/paperCount/g, String(paperCount));
}

/**
 * The paper number each panel shows on the design surface, where a panel is one paper: numbered as
 * paginateTemplate numbers papers (a panel with paperNumberContinue, the default, continues the one
 * before it and shares its count; false restarts at 1).
 */
export function designPaperNumbers(panels: ReadonlyArray<Pick<Panel, 'paperNumberContinue' | 'paperNumberFormat'>>): string[] {
  const chainOf: number[] = [];
  const sizes: number[] = [];
  panels.forEach((panel, i) => {
    if (i === 0 || panel.paperNumberContinue === false) sizes.push(0);
    sizes[sizes.length - 1]++;
    chainOf.push(sizes.length - 1);
  });
  const seen = sizes.map(() => 0);
  return panels.map((panel, i) => formatPaperNumber(panel.paperNumberFormat, ++seen[chainOf[i]], sizes[chainOf[i]]));
}

/** Whether an element with showInPage/unShowInPage prints on page `index` of `count`. */
export function showsOnPage(options: { showInPage?: string; unShowInPage?: string }, index: number, count: number): boolean {
  const first = index === 0;
  const last = index === count - 1;
  if (options.unShowInPage === 'first' && first) return false;
  if (options.unShowInPage === 'last' && last) return false;
  switch (options.showInPage) {
    case 'none':
      return false;
    case 'first':
      return first;
    case 'last':
      return last;
    case 'odd':
      return index % 2 === 0;
    case 'even':
      return index % 2 === 1;
    default:
      return true;
  }
}

interface Anchor {
  designBottom: number;
  page: number;
  y: number;
}

function elementBox(e: PrintElement): { left: number; top: number; width: number; height: number } {
  const o = (e && typeof e.options === 'object' && e.options) || {};
  return {
    left: finiteOr(o.left, 0),
    top: finiteOr(o.top, 0),
    width: Math.max(0, finiteOr(o.width, 0)),
    height: Math.max(0, finiteOr(o.height, 0)),
  };
}

function tableRows(element: PrintElementOf<'table'>, data: Record<string, unknown> | undefined, warn: (m: string) => void): Row[] {
  const field = element.options?.field ?? element.field;
  if (data === undefined) return parseTableTestData(element.options?.testData, warn);
  const value = field ? data[field] : undefined;
  return Array.isArray(value) ? (value as Row[]) : [];
}

function longTextContent(element: PrintElementOf<'longText'>, data: Record<string, unknown> | undefined): string {
  const field = element.options?.field ?? element.field;
  const value = data && field ? data[field] : data === undefined ? element.options?.testData ?? element.options?.title ?? element.title : undefined;
  return value === undefined || value === null ? '' : String(value);
}

/** Lines of a long text; every paragraph starts indented by `indent` pt. */
function longTextLines(text: string, width: number, indent: number, fontSize: number, letterSpacing: number, metrics: FontMetrics, weight?: string): number {
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    const w = metrics.textWidth(paragraph, fontSize, weight) + letterSpacing * paragraph.length + (paragraph ? indent : 0);
    lines += width > 0 && Number.isFinite(w) && w > width ? Math.min(Math.ceil(w / width), 100_000) : 1;
  }
  return lines;
}

/** Paginate one panel; paper numbers count from 1 within the panel (paginateTemplate renumbers). */
export function paginatePanel(input: PanelPaginationInput): PanelPagination {
  const { panel, data } = input;
  const metrics = input.metrics ?? estimatedFontMetrics;
  const geometry: PanelGeometry = panelGeometry(panel);
  const errors: PaginationError[] = [];
  const warnings: string[] = [];
  const warn = (m: string) => {
    if (warnings.length < 20) warnings.push(m);
  };
  const elements: PrintElement[] = Array.isArray(panel.printElements) ? panel.printElements.filter((e) => e && typeof e === 'object') : [];
  // footer elements are designed below this line and follow each page's own footer line
  const designFooter = finiteOr(panel.paperFooter, geometry.heightPt);
  const paperHeader = geometry.pageTop;

  const repeated: Placement[] = [];
  const body: Array<{ element: PrintElement; elementIndex: number; box: ReturnType<typeof elementBox> }> = [];
  elements.forEach((element, elementIndex) => {
    const box = elementBox(element);
    const flows = element.type === 'table' || element.type === 'longText';
    // header/footer roles go by the designed box; a text too small for its line prints grown (textBoxHeight)
    const base = { elementIndex, element, ...box, height: textBoxHeight(element, box.height) };
    if (element.options?.fixed === true) repeated.push({ ...base, role: 'fixed' });
    else if (!flows && box.top + box.height <= paperHeader + EPS && paperHeader > 0) repeated.push({ ...base, role: 'header' });
    else if (!flows && box.top >= designFooter - EPS) repeated.push({ ...base, role: 'footer' });
    else body.push({ element, elementIndex, box });
  });
  body.sort((a, b) => a.box.top - b.box.top || a.elementIndex - b.elementIndex);

  const placed: Array<Placement & { page: number }> = [];
  const anchors: Anchor[] = [];
  let lastPageUsed = 0;
  const later = (a: { page: number; y: number }, b: { page: number; y: number }) => a.page > b.page || (a.page === b.page && a.y > b.y);

  for (const { element, elementIndex, box } of body) {
    // Position: after whichever element above it ended latest (tables push what lies below them).
    let pos = { page: 0, y: box.top };
    for (const a of anchors) {
      if (a.designBottom <= box.top + EPS) {
        const candidate = { page: a.page, y: a.y + (box.top - a.designBottom) };
        if (later(candidate, pos)) pos = candidate;
      }
    }
    if (element.options?.pageBreak === true) pos = { page: lastPageUsed + 1, y: paperHeader };
    const base = { elementIndex, element, role: 'body' as const, left: box.left, width: box.width };

    if (element.type === 'table') {
      const result = paginateTable({ panel, element, rows: tableRows(element, data, warn), metrics, registry: input.registry, startPage: pos.page, startY: pos.y });
      if (!result.ok) {
        const error = { ...result.error, elementIndex };
        errors.push(error);
        result.warnings.forEach(warn);
        placed.push({ ...base, page: pos.page, top: pos.y, height: box.height, error });
        anchors.push({ designBottom: box.top + box.height, page: pos.page, y: pos.y + box.height });
        lastPageUsed = Math.max(lastPageUsed, pos.page);
        continue;
      }
      result.warnings.forEach(warn);
      const tableLayout = { columns: result.columns, headerRowHeights: result.headerRowHeights, lineHeights: result.lineHeights };
      for (const tp of result.pages) placed.push({ ...base, page: tp.pageIndex, top: tp.top, height: tp.height, table: tp, tableLayout });
      const end = result.pages[result.pages.length - 1];
      anchors.push({ designBottom: box.top + box.height, page: end.pageIndex, y: end.top + end.height });
      lastPageUsed = Math.max(lastPageUsed, end.pageIndex);
      continue;
    }

    if (element.type === 'longText') {
      const o = element.options ?? {};
      const fontSize = positiveOr(o.fontSize, 9);
      const lh = positiveOr(o.lineHeight, positiveOr(metrics.lineHeight(fontSize), fontSize * 1.25));
      const padV = Math.max(0, finiteOr(o.contentPaddingTop, 0)) + Math.max(0, finiteOr(o.contentPaddingBottom, 0));
      const innerW = box.width - Math.max(0, finiteOr(o.contentPaddingLeft, 0)) - Math.max(0, finiteOr(o.contentPaddingRight, 0));
      let text = longTextContent(element, data);
      if (o.leftSpaceRemoved) text = text.split('\n').map((l) => l.replace(/^\s+/, '')).join('\n');
      const indent = Math.max(0, finiteOr(o.longTextIndent, 0));
      const total = longTextLines(text, innerW, indent, fontSize, finiteOr(o.letterSpacing, 0), metrics, o.fontWeight);
      const minHeight = Math.max(0, finiteOr(o.lHeight, 0));
      let from = 0;
      let { page, y } = pos;
      let skipped = false;
      let failed = false;
      while (from < total) {
        const avail = geometry.footerLine(page, false) - y - padV;
        const fit = Number.isFinite(avail) ? Math.floor((avail + EPS) / lh) : 0;
        if (fit <= 0) {
          if (!skipped && from === 0 && y > paperHeader + EPS) {
            skipped = true;
            page++;
            y = paperHeader;
            continue;
          }
          const pageable = geometry.footerLine(page, false) - paperHeader - padV;
          const error: PaginationError = Number.isFinite(pageable) && pageable > 0
            ? { code: 'pageableHeight', message: `${PAGEABLE_HEIGHT_MESSAGE}: ${Math.round(pageable * 100) / 100}pt < ${Math.round(lh * 100) / 100}pt`, pageableHeight: pageable, requiredHeight: lh, elementIndex }
            : { code: 'noSpace', message: NO_SPACE_MESSAGE, elementIndex };
          errors.push(error);
          placed.push({ ...base, page, top: y, height: box.height, error });
          failed = true;
          break;
        }
        const take = Math.min(fit, total - from);
        const height = Math.max(take * lh + padV, from === 0 && take === total ? Math.min(minHeight, geometry.footerLine(page, false) - y) : 0);
        placed.push({ ...base, page, top: y, height, lines: { from, to: from + take, total } });
        from += take;
        if (from < total) {
          page++;
          y = paperHeader;
        } else y += height;
      }
      anchors.push({ designBottom: box.top + box.height, page, y: failed ? y + box.height : y });
      lastPageUsed = Math.max(lastPageUsed, page);
      continue;
    }

    // A fixed-size element: moves to the next page when it would cross the footer line. Elements below
    // keep their designed distance (the anchor), whatever a text grew by.
    let { page, y } = pos;
    const height = textBoxHeight(element, box.height);
    if (y + height > geometry.footerLine(page, false) + EPS && y > paperHeader + EPS) {
      page++;
      y = paperHeader;
    }
    placed.push({ ...base, page, top: y, height });
    anchors.push({ designBottom: box.top + box.height, page, y: y + box.height });
    lastPageUsed = Math.max(lastPageUsed, page);
  }

  let contentPages = Math.max(1, ...placed.map((p) => p.page + 1));
  if (panel.panelPageRule === 'none') contentPages = 1;
  let count = contentPages;
  if (panel.panelPaperRule === 'odd' && count % 2 === 0) count++;
  if (panel.panelPaperRule === 'even' && count % 2 === 1) count++;

  const widthPt = geometry.widthPt;
  const heightPt = geometry.heightPt;
  const pages: PanelPage[] = [];
  for (let index = 0; index < count; index++) {
    const isLast = index === count - 1;
    const footerLine = geometry.footerLine(index, isLast);
    const placements: Placement[] = [];
    for (const r of repeated) {
      if (!showsOnPage(r.element.options ?? {}, index, count)) continue;
      placements.push(r.role === 'footer' ? { ...r, top: r.top - designFooter + (Number.isFinite(footerLine) ? footerLine : designFooter) } : { ...r });
    }
    for (const p of placed) {
      if (p.page !== index || !showsOnPage(p.element.options ?? {}, index, count)) continue;
      const { page: _page, ...placement } = p;
      placements.push(placement);
    }
    placements.sort((a, b) => finiteOr(a.element.options?.zIndex, 0) - finiteOr(b.element.options?.zIndex, 0) || a.elementIndex - b.elementIndex);
    pages.push({
      index,
      paperNo: index + 1,
      paperCount: count,
      paperNumber: panel.paperNumberDisabled === true ? null : {
        text: formatPaperNumber(panel.paperNumberFormat, index + 1, count),
        left: finiteOr(panel.paperNumberLeft, widthPt - DESIGNER_CONSTANTS.paperNumberFromRight),
        top: finiteOr(panel.paperNumberTop, heightPt - DESIGNER_CONSTANTS.paperNumberFromBottom),
      },
      footerLine,
      placements,
      padding: index >= contentPages,
    });
  }
  return { panelIndex: finiteOr(panel.index, 0), pages, errors, warnings };
}

export interface TemplatePagination {
  panels: PanelPagination[];
  /** all pages of all panels in print order */
  pages: PanelPage[];
  errors: Array<PaginationError & { panelIndex: number }>;
  warnings: string[];
}

/**
 * Paginate every panel and number the papers: a panel with paperNumberContinue (the default)
 * continues the numbering of the panel before it and shares its paper count; false restarts at 1.
 */
export function paginateTemplate(template: PrintTemplate, options: Omit<PanelPaginationInput, 'panel'> = {}): TemplatePagination {
  const panels = (Array.isArray(template?.panels) ? template.panels : []).map((panel) => paginatePanel({ ...options, panel }));
  // chains of panels that number their papers together
  const chains: PanelPagination[][] = [];
  (Array.isArray(template?.panels) ? template.panels : []).forEach((panel, i) => {
    if (i === 0 || panel.paperNumberContinue === false) chains.push([]);
    chains[chains.length - 1].push(panels[i]);
  });
  for (const chain of chains) {
    const count = chain.reduce((a, p) => a + p.pages.length, 0);
    let no = 0;
    for (const p of chain) {
      const panel = template.panels[panels.indexOf(p)];
      for (const page of p.pages) {
        no++;
        page.paperNo = no;
        page.paperCount = count;
        if (page.paperNumber) page.paperNumber.text = formatPaperNumber(panel.paperNumberFormat, no, count);
      }
    }
  }
  return {
    panels,
    pages: panels.flatMap((p) => p.pages),
    errors: panels.flatMap((p) => p.errors.map((e) => ({ ...e, panelIndex: p.panelIndex }))),
    warnings: panels.flatMap((p) => p.warnings),
  };
}
