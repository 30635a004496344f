import { useContext, type CSSProperties } from 'react';
import { parseTableTestData, tableLineHeights, TABLE_CELL_PADDING, type BodyCell, type Placement, type SummaryCell, type TableItem, type TablePage } from '../../../../core/print/paginate/index.ts';
import type { TableColumn, TableOptions } from '../../../../core/print/template/index.ts';
import { toGrid } from '../../tableDesign/headerGrid.ts';
import { CodeView, bcidForMode } from '../shared/codes.tsx';
import type { UiRenderProps } from '../types.ts';
import { TableDesignContext } from './designContext.ts';

const BORDER_WIDTH = 0.75;

/**
 * Border, paddings, line height and height of a cell, so that its row is exactly as tall as the
 * paginator planned it (lines × its line height + 1 pt above and below) and the printed HTML lays out
 * like the PDF: an explicit line height (a browser's `normal` is 1.448 em in Noto Sans CJK), a border-box
 * height, and the collapsed border's half on each side taken out of the padding (the PDF draws the grid
 * centred on the cell edges, inside the planned row).
 */
function hasCellBorder(o: TableOptions, part: 'header' | 'body' | 'footer'): boolean {
  const cellRule = part === 'header' ? o.tableHeaderCellBorder : part === 'body' ? o.tableBodyCellBorder : o.tableFooterCellBorder;
  return o.tableBorder !== 'noBorder' && cellRule !== 'noBorder';
}

/** `height`: pt, or a CSS length (printed rows: see rowHeightsCss). */
function cellFrame(o: TableOptions, part: 'header' | 'body' | 'footer', lineHeight: number, height?: number | string): CSSProperties {
  const border = hasCellBorder(o, part);
  const half = border ? BORDER_WIDTH / 2 : 0;
  return {
    border: border ? `${BORDER_WIDTH}pt solid ${o.borderColor || '#000'}` : 'none',
    padding: `${TABLE_CELL_PADDING.vertical / 2 - half}pt ${TABLE_CELL_PADDING.horizontal - half}pt`,
    boxSizing: 'border-box',
    lineHeight: `${lineHeight}pt`,
    height: typeof height === 'number' ? (height > 0 ? `${height}pt` : undefined) : height,
  };
}

/**
 * CSS heights of consecutive printed rows. Chromium lays out in 1/64 px, so 13.25 pt (17.67 px) alone
 * would become 17.656 px and 100 rows would end 0.8 pt above their plan; instead each row ends on the
 * layout unit nearest its planned bottom, so no row drifts from the paginator's plan.
 */
function rowHeightsCss(heights: number[]): string[] {
  let planned = 0;
  let done = 0;
  return heights.map((h) => {
    planned += h;
    const units = Math.round((planned / 0.75) * 64);
    const px = (units - done) / 64;
    done = units;
    return `${px}px`;
  });
}

/** Header rows with their spans laid onto the grid; each cell knows its grid position. */
function headerCells(columns: TableColumn[][] | undefined) {
  const rows = (columns ?? []).map((r) => r.filter((c) => c.checked !== false));
  const grid = toGrid(rows);
  const seen = new Set<number>();
  return {
    widths: grid.widths,
    rows: grid.at.map((line, r) => line.flatMap((i, c) => {
      if (seen.has(i)) return [];
      seen.add(i);
      let rs = 1;
      let cs = 1;
      while (grid.at[r + rs]?.[c] === i) rs++;
      while (line[c + cs] === i) cs++;
      return [{ cell: grid.cells[i], r, c, rs, cs }];
    })),
  };
}

function inRange(sel: { r0: number; c0: number; r1: number; c1: number } | null, r: number, c: number) {
  if (!sel) return false;
  return r >= Math.min(sel.r0, sel.r1) && r <= Math.max(sel.r0, sel.r1) && c >= Math.min(sel.c0, sel.c1) && c <= Math.max(sel.c0, sel.c1);
}

/** `rowHeights`: CSS heights of the paginator's header rows (printed pages); the canvas uses tableHeaderRowHeight. */
function Header({ o, lineHeight, rowHeights }: { o: TableOptions; lineHeight: number; rowHeights?: string[] }) {
  const design = useContext(TableDesignContext);
  const { rows } = headerCells(o.columns);
  const style = (r: number, rs: number): CSSProperties => ({
    // a cell spanning rows sets no height of its own: its rows have theirs
    ...cellFrame(o, 'header', lineHeight, rowHeights ? (rs === 1 ? rowHeights[r] : undefined) : o.tableHeaderRowHeight),
    background: o.tableHeaderBackground,
    fontSize: o.tableHeaderFontSize ? `${o.tableHeaderFontSize}pt` : undefined,
    fontWeight: o.tableHeaderFontWeight ?? 'bold',
  });
  return (
    <thead>
      {rows.map((cells, r) => (
        <tr key={r}>
          {cells.map(({ cell, r: row, c, rs, cs }) => (
            <th
              key={c}
              rowSpan={rs > 1 ? rs : undefined}
              colSpan={cs > 1 ? cs : undefined}
              data-cell={`${r}-${c}`}
              data-selected={design && inRange(design.selection, r, c) ? 'true' : undefined}
              style={{ ...style(row, rs), textAlign: cell.halign ?? cell.align ?? 'center', verticalAlign: cell.vAlign ?? 'middle', position: 'relative' }}
              onPointerDown={design ? (e) => design.onCellDown(r, c, e) : undefined}
              onPointerEnter={design ? () => design.onCellEnter(r, c) : undefined}
              onContextMenu={design ? (e) => design.onHeaderMenu(e, r, c) : undefined}
            >
              {cell.title}
              {design && r + rs === rows.length && (
                <span className="wxy-col-resize" data-testid="column-resize" onPointerDown={(e) => design.onResizeStart(c + cs - 1, e)} />
              )}
            </th>
          ))}
        </tr>
      ))}
    </thead>
  );
}

function Colgroup({ widths }: { widths: number[] }) {
  return <colgroup>{widths.map((w, i) => <col key={i} style={{ width: `${w}pt` }} />)}</colgroup>;
}

function bodyCell(o: TableOptions, lh: number, leaf: TableColumn | undefined, cell: BodyCell, key: number, height?: number | string) {
  const type = leaf?.tableTextType;
  const codeHeight = leaf?.tableColumnHeight ? `${leaf.tableColumnHeight}pt` : '30pt';
  let content: React.ReactNode = cell.text;
  if (type === 'barcode') content = <div style={{ height: codeHeight }}><CodeView bcid={bcidForMode(leaf?.tableBarcodeMode)} text={cell.text} /></div>;
  else if (type === 'qrcode') content = <div style={{ height: codeHeight, aspectRatio: '1', margin: '0 auto' }}><CodeView bcid="qrcode" text={cell.text} qrLevel={leaf?.tableQRCodeLevel} /></div>;
  else if (type === 'image' && cell.text) content = <img src={cell.text} alt="" style={{ height: codeHeight, maxWidth: '100%' }} />;
  return (
    <td key={key} rowSpan={cell.rowspan > 1 ? cell.rowspan : undefined} colSpan={cell.colspan > 1 ? cell.colspan : undefined}
      style={{ ...cellFrame(o, 'body', lh, cell.rowspan > 1 ? undefined : height), textAlign: leaf?.align ?? 'left', verticalAlign: leaf?.vAlign ?? 'middle' }}>
      {content}
    </td>
  );
}

function itemRow(o: TableOptions, lh: number, leaves: TableColumn[], item: TableItem, key: number, height: string) {
  if (item.kind === 'row') return <tr key={key}>{item.cells.map((cell, c) => (cell ? bodyCell(o, lh, leaves[c], cell, c, height) : null))}</tr>;
  if (item.kind === 'blank') return <tr key={key}>{leaves.map((_, c) => <td key={c} style={cellFrame(o, 'body', lh, height)} />)}</tr>;
  if (item.kind === 'groupHeader' || !item.cells) {
    return <tr key={key}><td colSpan={leaves.length} style={{ ...cellFrame(o, 'body', lh, height), fontWeight: 'bold' }}>{item.text}</td></tr>;
  }
  return <tr key={key}>{summaryCells(o, lh, item.cells, height)}</tr>;
}

function summaryCells(o: TableOptions, lh: number, cells: Array<SummaryCell | null>, height: string) {
  return cells.map((cell, c) => (cell ? (
    <td key={c} colSpan={cell.colspan > 1 ? cell.colspan : undefined} style={{ ...cellFrame(o, 'footer', lh, height), textAlign: cell.align ?? 'left' }}>{cell.text}</td>
  ) : null));
}

function leafColumnsOf(o: TableOptions): TableColumn[] {
  const rows = (o.columns ?? []).map((r) => r.filter((c) => c.checked !== false));
  const grid = toGrid(rows);
  const last = grid.at[grid.at.length - 1] ?? [];
  return last.map((i) => grid.cells[i]);
}

/** One page's part of a table, as laid out by the paginator: every row at its planned height and place. */
function PrintedTable({ o, page, layout }: { o: TableOptions; page: TablePage; layout?: Placement['tableLayout'] }) {
  const { widths } = headerCells(o.columns);
  // the plan's own line heights (the PDF paginates with its font's metrics), else the default metrics'
  const lh = layout?.lineHeights ?? tableLineHeights(o);
  const headerRows = Math.max(1, (o.columns ?? []).length);
  const headerHeights = layout?.headerRowHeights ?? Array.from({ length: headerRows }, () => page.headerHeight / headerRows);
  const leaves = leafColumnsOf(o);
  const scale = widths.reduce((a, b) => a + b, 0) || 1;
  const laneWidths = widths.map((w) => (w / scale) * 100);
  const lanes = page.lanes.length ? page.lanes : [[]];
  const gutter = o.gridColumnsGutter ?? 0;
  // A collapsed border lies half outside its table; the PDF draws the grid centred on the planned row
  // edges, so each table moves up by the half that sticks out above it (and the footer by the half
  // below the body too).
  const half = (part: 'header' | 'body' | 'footer') => (hasCellBorder(o, part) ? BORDER_WIDTH / 2 : 0);
  const laneTop = -(page.showHeader ? half('header') : half('body'));
  const footerTop = -(half('body') + half('footer'));
  return (
    <div style={{ display: 'flex', flexDirection: 'column' }}>
      <div style={{ display: 'flex', gap: `${gutter}pt` }}>
        {lanes.map((items, lane) => {
          const heights = rowHeightsCss([...(page.showHeader ? headerHeights : []), ...items.map((item) => item.height)]);
          const bodyHeights = page.showHeader ? heights.slice(headerHeights.length) : heights;
          return (
            <table key={lane} className="wxy-table" style={{ flex: 1, marginTop: laneTop ? `${laneTop}pt` : undefined }}>
              <colgroup>{laneWidths.map((w, i) => <col key={i} style={{ width: `${w}%` }} />)}</colgroup>
              {page.showHeader && <Header o={o} lineHeight={lh.header} rowHeights={heights.slice(0, headerHeights.length)} />}
              <tbody>{items.map((item, i) => itemRow(o, lh.body, leaves, item, i, bodyHeights[i]))}</tbody>
            </table>
          );
        })}
      </div>
      {page.footer.length > 0 && (() => {
        const heights = rowHeightsCss(page.footer.map((f) => f.height));
        return (
          <table className="wxy-table" style={{ marginTop: footerTop ? `${footerTop}pt` : undefined }}>
            <colgroup>{laneWidths.map((w, i) => <col key={i} style={{ width: `${w}%` }} />)}</colgroup>
            <tbody>
              {page.footer.map((f, i) => (
                <tr key={i}>{f.kind === 'footerText'
                  ? <td colSpan={leaves.length} style={cellFrame(o, 'footer', lh.body, heights[i])}>{f.text}</td>
                  : summaryCells(o, lh.body, f.cells, heights[i])}</tr>
              ))}
            </tbody>
          </table>
        );
      })()}
    </div>
  );
}

/** The design view: header rows (the design surface) and the test data rows. */
function DesignTable({ o }: { o: TableOptions }) {
  const { widths } = headerCells(o.columns);
  const leaves = leafColumnsOf(o);
  const rows = parseTableTestData(o.testData, (m) => console.warn(m)).slice(0, 3);
  const lh = tableLineHeights(o);
  return (
    <table className="wxy-table" style={{ width: `${widths.reduce((a, b) => a + b, 0)}pt` }}>
      <Colgroup widths={widths} />
      <Header o={o} lineHeight={lh.header} />
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>{leaves.map((leaf, c) => bodyCell(o, lh.body, leaf, { text: leaf.tableTextType === 'sequence' ? String(i + 1) : leaf.field && row[leaf.field] !== undefined ? String(row[leaf.field]) : '', rowspan: 1, colspan: 1 }, c, o.tableBodyRowHeight))}</tr>
        ))}
      </tbody>
    </table>
  );
}

export function TableUi({ element, mode, placement }: UiRenderProps<'table'>) {
  const o = element.options;
  if (mode === 'print' && placement?.table) return <PrintedTable o={o} page={placement.table} layout={placement.tableLayout} />;
  return <DesignTable o={o} />;
}
