import { useContext, type CSSProperties } from 'react';
import { parseTableTestData, type BodyCell, type SummaryCell, type TableItem, type TablePage } from '../../core/paginate/index.ts';
import type { TableColumn, TableOptions } from '../../core/template/index.ts';
import { toGrid } from '../../tableDesign/headerGrid.ts';
import { CodeView, bcidForMode } from '../shared/codes.tsx';
import type { UiRenderProps } from '../types.ts';
import { TableDesignContext } from './designContext.ts';

const BORDER = '0.75pt solid';

function cellBorder(o: TableOptions, part: 'header' | 'body' | 'footer'): CSSProperties {
  const cellRule = part === 'header' ? o.tableHeaderCellBorder : part === 'body' ? o.tableBodyCellBorder : o.tableFooterCellBorder;
  if (o.tableBorder === 'noBorder' || cellRule === 'noBorder') return { border: 'none' };
  return { border: `${BORDER} ${o.borderColor || '#000'}` };
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

function Header({ o, rowHeight }: { o: TableOptions; rowHeight?: number }) {
  const design = useContext(TableDesignContext);
  const { rows } = headerCells(o.columns);
  const style: CSSProperties = {
    ...cellBorder(o, 'header'),
    background: o.tableHeaderBackground,
    fontSize: o.tableHeaderFontSize ? `${o.tableHeaderFontSize}pt` : undefined,
    fontWeight: o.tableHeaderFontWeight ?? 'bold',
    height: rowHeight ? `${rowHeight}pt` : o.tableHeaderRowHeight ? `${o.tableHeaderRowHeight}pt` : undefined,
  };
  return (
    <thead>
      {rows.map((cells, r) => (
        <tr key={r}>
          {cells.map(({ cell, c, rs, cs }) => (
            <th
              key={c}
              rowSpan={rs > 1 ? rs : undefined}
              colSpan={cs > 1 ? cs : undefined}
              data-cell={`${r}-${c}`}
              data-selected={design && inRange(design.selection, r, c) ? 'true' : undefined}
              style={{ ...style, textAlign: cell.halign ?? cell.align ?? 'center', verticalAlign: cell.vAlign ?? 'middle', position: 'relative' }}
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

function bodyCell(o: TableOptions, leaf: TableColumn | undefined, cell: BodyCell, key: number, height?: number) {
  const type = leaf?.tableTextType;
  const codeHeight = leaf?.tableColumnHeight ? `${leaf.tableColumnHeight}pt` : '30pt';
  let content: React.ReactNode = cell.text;
  if (type === 'barcode') content = <div style={{ height: codeHeight }}><CodeView bcid={bcidForMode(leaf?.tableBarcodeMode)} text={cell.text} /></div>;
  else if (type === 'qrcode') content = <div style={{ height: codeHeight, aspectRatio: '1', margin: '0 auto' }}><CodeView bcid="qrcode" text={cell.text} qrLevel={leaf?.tableQRCodeLevel} /></div>;
  else if (type === 'image' && cell.text) content = <img src={cell.text} alt="" style={{ height: codeHeight, maxWidth: '100%' }} />;
  return (
    <td key={key} rowSpan={cell.rowspan > 1 ? cell.rowspan : undefined} colSpan={cell.colspan > 1 ? cell.colspan : undefined}
      style={{ ...cellBorder(o, 'body'), textAlign: leaf?.align ?? 'left', verticalAlign: leaf?.vAlign ?? 'middle', height: height ? `${height}pt` : undefined }}>
      {content}
    </td>
  );
}

function itemRow(o: TableOptions, leaves: TableColumn[], item: TableItem, key: number) {
  if (item.kind === 'row') return <tr key={key}>{item.cells.map((cell, c) => (cell ? bodyCell(o, leaves[c], cell, c, item.height) : null))}</tr>;
  if (item.kind === 'blank') return <tr key={key}>{leaves.map((_, c) => <td key={c} style={{ ...cellBorder(o, 'body'), height: `${item.height}pt` }} />)}</tr>;
  if (item.kind === 'groupHeader' || !item.cells) {
    return <tr key={key}><td colSpan={leaves.length} style={{ ...cellBorder(o, 'body'), height: `${item.height}pt`, fontWeight: 'bold' }}>{item.text}</td></tr>;
  }
  return <tr key={key}>{summaryCells(o, item.cells, item.height)}</tr>;
}

function summaryCells(o: TableOptions, cells: Array<SummaryCell | null>, height: number) {
  return cells.map((cell, c) => (cell ? (
    <td key={c} colSpan={cell.colspan > 1 ? cell.colspan : undefined} style={{ ...cellBorder(o, 'footer'), textAlign: cell.align ?? 'left', height: `${height}pt` }}>{cell.text}</td>
  ) : null));
}

function leafColumnsOf(o: TableOptions): TableColumn[] {
  const rows = (o.columns ?? []).map((r) => r.filter((c) => c.checked !== false));
  const grid = toGrid(rows);
  const last = grid.at[grid.at.length - 1] ?? [];
  return last.map((i) => grid.cells[i]);
}

/** One page's part of a table, as laid out by the paginator. */
function PrintedTable({ o, page }: { o: TableOptions; page: TablePage }) {
  const { widths } = headerCells(o.columns);
  const leaves = leafColumnsOf(o);
  const scale = widths.reduce((a, b) => a + b, 0) || 1;
  const laneWidths = widths.map((w) => (w / scale) * 100);
  const lanes = page.lanes.length ? page.lanes : [[]];
  const gutter = o.gridColumnsGutter ?? 0;
  return (
    <div style={{ display: 'flex', gap: `${gutter}pt`, flexDirection: 'column' }}>
      <div style={{ display: 'flex', gap: `${gutter}pt` }}>
        {lanes.map((items, lane) => (
          <table key={lane} className="wxy-table" style={{ flex: 1 }}>
            <colgroup>{laneWidths.map((w, i) => <col key={i} style={{ width: `${w}%` }} />)}</colgroup>
            {page.showHeader && <Header o={o} rowHeight={page.headerHeight / Math.max(1, (o.columns ?? []).length)} />}
            <tbody>{items.map((item, i) => itemRow(o, leaves, item, i))}</tbody>
          </table>
        ))}
      </div>
      {page.footer.length > 0 && (
        <table className="wxy-table">
          <colgroup>{laneWidths.map((w, i) => <col key={i} style={{ width: `${w}%` }} />)}</colgroup>
          <tbody>
            {page.footer.map((f, i) => (
              <tr key={i}>{f.kind === 'footerText'
                ? <td colSpan={leaves.length} style={{ ...cellBorder(o, 'footer'), height: `${f.height}pt` }}>{f.text}</td>
                : summaryCells(o, f.cells, f.height)}</tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The design view: header rows (the design surface) and the test data rows. */
function DesignTable({ o }: { o: TableOptions }) {
  const { widths } = headerCells(o.columns);
  const leaves = leafColumnsOf(o);
  const rows = parseTableTestData(o.testData, (m) => console.warn(m)).slice(0, 3);
  return (
    <table className="wxy-table" style={{ width: `${widths.reduce((a, b) => a + b, 0)}pt` }}>
      <Colgroup widths={widths} />
      <Header o={o} />
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>{leaves.map((leaf, c) => bodyCell(o, leaf, { text: leaf.tableTextType === 'sequence' ? String(i + 1) : leaf.field && row[leaf.field] !== undefined ? String(row[leaf.field]) : '', rowspan: 1, colspan: 1 }, c, o.tableBodyRowHeight))}</tr>
        ))}
      </tbody>
    </table>
  );
}

export function TableUi({ element, mode, placement }: UiRenderProps<'table'>) {
  const o = element.options;
  if (mode === 'print' && placement?.table) return <PrintedTable o={o} page={placement.table} />;
  return <DesignTable o={o} />;
}
