/** Merged body cells (the rowsColumnsMerge formatter): spans are cut at the end of a lane and continue on the next page. */
import type { Row } from '../../template/registry.ts';
import { finiteOr } from '../metrics.ts';
import { warn, type TableContext } from './cells.ts';
import type { TableItem } from './types.ts';

/** Global merge map from the rowsColumnsMerge function: origin cell of every (sequence, column). */
function computeMerges(ctx: TableContext, ordered: Row[]): { origin: Int32Array; rowspan: Int32Array; colspan: Int32Array } | null {
  const key = ctx.opts.rowsColumnsMerge;
  const fn = key ? ctx.registry.get('merge', key) : undefined;
  const n = ctx.columns.length;
  if (!fn || n === 0 || ordered.length === 0) return null;
  const total = ordered.length * n;
  const origin = new Int32Array(total).fill(-1);
  const rowspan = new Int32Array(total).fill(1);
  const colspan = new Int32Array(total).fill(1);
  for (let s = 0; s < ordered.length; s++) {
    for (let c = 0; c < n; c++) {
      const id = s * n + c;
      if (origin[id] !== -1) continue;
      origin[id] = id;
      let span: [number, number] = [1, 1];
      try {
        const out = fn(ordered[s], ctx.columns[c].column, c, s, ordered);
        if (Array.isArray(out)) span = out;
      } catch (e) {
        warn(ctx, `rowsColumnsMerge '${key}' failed: ${(e as Error).message}`);
      }
      let rs = Math.floor(finiteOr(span[0], 1));
      let cs = Math.floor(finiteOr(span[1], 1));
      rs = rs < 1 ? 1 : Math.min(rs, ordered.length - s);
      cs = cs < 1 ? 1 : Math.min(cs, n - c);
      // a span overlapping an earlier merge is cut back to a single cell
      for (let dr = 0; dr < rs && (rs > 1 || cs > 1); dr++) {
        for (let dc = 0; dc < cs; dc++) if ((dr || dc) && origin[(s + dr) * n + c + dc] !== -1) rs = cs = 1;
      }
      rowspan[id] = rs;
      colspan[id] = cs;
      for (let dr = 0; dr < rs; dr++) for (let dc = 0; dc < cs; dc++) origin[(s + dr) * n + c + dc] = id;
    }
  }
  return { origin, rowspan, colspan };
}

/** Apply merges to one lane: spans are cut at the lane's end and restart on the next page. */
function mergeLane(lane: TableItem[], merges: NonNullable<ReturnType<typeof computeMerges>>, n: number, clean: boolean, texts: (s: number, c: number) => string): void {
  let start = 0;
  while (start < lane.length) {
    if (lane[start].kind !== 'row') {
      start++;
      continue;
    }
    let end = start;
    const seq = (k: number) => (lane[k] as { sequence: number }).sequence;
    while (end + 1 < lane.length && lane[end + 1].kind === 'row' && seq(end + 1) === seq(end) + 1) end++;
    const firstSeq = seq(start);
    const lastSeq = seq(end);
    for (let k = start; k <= end; k++) {
      const item = lane[k] as TableItem & { kind: 'row' };
      const s = item.sequence;
      for (let c = 0; c < n; c++) {
        const o = merges.origin[s * n + c];
        const oSeq = Math.floor(o / n);
        const oCol = o % n;
        const effective = Math.max(oSeq, firstSeq);
        if (s === effective && c === oCol) {
          const continued = effective !== oSeq;
          item.cells[c] = {
            text: continued && clean ? '' : texts(oSeq, oCol),
            rowspan: Math.min(oSeq + merges.rowspan[o] - 1, lastSeq) - effective + 1,
            colspan: merges.colspan[o],
            ...(continued ? { continued: true } : {}),
          };
        } else item.cells[c] = null;
      }
    }
    start = end + 1;
  }
}

/**
 * The merger of a laid-out table's lanes, null when the table merges no cells. Call it after laying out: merged
 * text comes from the unmerged cells, snapshot here before any lane is merged.
 */
export function laneMerger(ctx: TableContext, ordered: Row[], rowItems: Array<TableItem & { kind: 'row' }>): ((lane: TableItem[]) => void) | null {
  const merges = computeMerges(ctx, ordered);
  if (!merges) return null;
  const originalTexts = rowItems.map((r) => r.cells.map((c) => (c ? c.text : '')));
  const clean = ctx.opts.rowsColumnsMergeClean === true;
  return (lane) => mergeLane(lane, merges, ctx.columns.length, clean, (s, c) => originalTexts[s][c]);
}
