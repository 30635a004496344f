/**
 * The html element in the PDF: core/html's allowed tree laid out as rich text (paragraphs, line
 * breaks, bold, italic, underline, strike-through, colour, size, family, alignment, lists and simple
 * tables with equal column widths), in the same embedded fonts. Nothing in the content runs.
 */
import { parseHtml, type HtmlElementNode, type HtmlNode } from '../html/index.ts';
import type { Box, PageCanvas, Stroke } from './canvas.ts';
import { parseColor, type PdfColor } from './color.ts';
import { fontKindOf, isBold, LINE_HEIGHT_EM, type FaceKey, type FontKind, type PdfFonts } from './fonts.ts';

export interface RunStyle {
  size: number;
  color: PdfColor;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  kind: FontKind;
}

type Align = 'left' | 'center' | 'right' | 'justify';

interface Run {
  text: string;
  style: RunStyle;
}
interface TextBlock {
  type: 'text';
  runs: Run[];
  align: Align;
  marginTop: number;
  marginBottom: number;
  indent: number;
  marker?: Run;
}
interface TableCell {
  blocks: Block[];
  colspan: number;
  align: Align;
  border: boolean;
  fill: PdfColor | null;
}
interface TableBlock {
  type: 'table';
  rows: TableCell[][];
  border: boolean;
  padding: number;
  indent: number;
  marginTop: number;
  marginBottom: number;
}
interface RuleBlock {
  type: 'hr';
  indent: number;
  marginTop: number;
  marginBottom: number;
}
type Block = TextBlock | TableBlock | RuleBlock;

export interface RichBase {
  style: RunStyle;
  align: Align;
  /** pt; unset: 1.25 × each line's largest size */
  lineHeight?: number;
  letterSpacing: number;
}

const FONT_SIZES_PX = [10, 13, 16, 18, 24, 32, 48];
const HEADING_EM: Record<string, [number, number]> = { h1: [2, 0.67], h2: [1.5, 0.83], h3: [1.17, 1], h4: [1, 1.33], h5: [0.83, 1.67], h6: [0.67, 2.33] };
const BLOCK_TAGS = new Set(['p', 'div', 'li', 'ul', 'ol', 'blockquote', 'pre', 'center', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table']);
const MAX_SIZE = 500;

function cssMap(style: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!style) return out;
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i > 0) out.set(decl.slice(0, i).trim(), decl.slice(i + 1).trim());
  }
  return out;
}

/** A CSS length in pt (px × 0.75, pt, em/% of `em`); null when it is not one. */
function cssLength(v: string | undefined, em: number): number | null {
  if (!v) return null;
  const m = /^(-?\d+(?:\.\d+)?)(px|pt|em|rem|%)?$/.exec(v.trim().toLowerCase());
  if (!m) {
    const keyword: Record<string, number> = { 'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32 };
    const px = keyword[v.trim().toLowerCase()];
    return px ? px * 0.75 : null;
  }
  const n = Number(m[1]);
  switch (m[2]) {
    case 'pt': return n;
    case 'em': case 'rem': return n * em;
    case '%': return (n / 100) * em;
    default: return n * 0.75;
  }
}

const alignOf = (v: string | undefined): Align | null => (v === 'left' || v === 'center' || v === 'right' || v === 'justify' ? v : null);

/** The style a tag and its style attribute give its content. */
function styleOf(node: HtmlElementNode, parent: RunStyle): RunStyle {
  const s = { ...parent };
  const css = cssMap(node.attrs.style);
  switch (node.tag) {
    case 'b': case 'strong': case 'th': s.bold = true; break;
    case 'i': case 'em': s.italic = true; break;
    case 'u': case 'ins': s.underline = true; break;
    case 's': case 'strike': case 'del': s.strike = true; break;
    case 'small': case 'sub': case 'sup': s.size = parent.size * 0.83; break;
    case 'big': s.size = parent.size * 1.2; break;
    case 'font': {
      const color = parseColor(node.attrs.color, null);
      if (color) s.color = color;
      const size = node.attrs.size;
      if (size) {
        const k = /^[+-]/.test(size) ? 3 + Number(size) : Number(size);
        s.size = FONT_SIZES_PX[Math.max(1, Math.min(7, Math.round(k))) - 1] * 0.75;
      }
      if (node.attrs.face) s.kind = fontKindOf(node.attrs.face);
      break;
    }
    default:
      if (HEADING_EM[node.tag]) {
        s.size = parent.size * HEADING_EM[node.tag][0];
        s.bold = true;
      }
  }
  const color = parseColor(css.get('color'), null);
  if (color) s.color = color;
  const size = cssLength(css.get('font-size'), parent.size);
  if (size !== null && size > 0) s.size = size;
  const weight = css.get('font-weight');
  if (weight) s.bold = isBold(weight) || (weight === 'inherit' && parent.bold);
  const fontStyle = css.get('font-style');
  if (fontStyle) s.italic = fontStyle === 'italic' || fontStyle === 'oblique';
  const family = css.get('font-family');
  if (family) s.kind = fontKindOf(family);
  const decoration = css.get('text-decoration');
  if (decoration) {
    if (/underline/.test(decoration)) s.underline = true;
    if (/line-through/.test(decoration)) s.strike = true;
    if (decoration === 'none') s.underline = s.strike = false;
  }
  s.size = Math.min(Math.max(s.size, 1), MAX_SIZE);
  return s;
}

const hasBorder = (node: HtmlElementNode): boolean => {
  const b = node.attrs.border;
  if (b !== undefined && Number(b) > 0) return true;
  const css = cssMap(node.attrs.style);
  return [...css.entries()].some(([k, v]) => k.startsWith('border') && k !== 'border-collapse' && !/none|^0(px|pt)?$/.test(v));
};

/** The blocks of a node list under `base` (one pass over the allowed tree). */
function toBlocks(nodes: HtmlNode[], base: RunStyle, align: Align, indent: number): Block[] {
  const blocks: Block[] = [];
  let current: TextBlock | null = null;
  const open = (a: Align, marginTop = 0, marginBottom = 0, extraIndent = 0): TextBlock => {
    current = { type: 'text', runs: [], align: a, marginTop, marginBottom, indent: indent + extraIndent };
    blocks.push(current);
    return current;
  };
  const close = () => {
    current = null;
  };
  const text = (t: string, style: RunStyle, a: Align) => {
    const block = current ?? open(a);
    block.runs.push({ text: t, style });
  };
  const walk = (list: HtmlNode[], style: RunStyle, a: Align) => {
    for (const node of list) {
      if (node.kind === 'text') {
        text(node.text, style, a);
        continue;
      }
      const tag = node.tag;
      if (tag === 'br') {
        text('\n', style, a);
        continue;
      }
      const s = styleOf(node, style);
      const css = cssMap(node.attrs.style);
      const ownAlign = alignOf(css.get('text-align')) ?? alignOf(node.attrs.align) ?? (tag === 'center' ? 'center' : null);
      if (tag === 'table') {
        close();
        blocks.push(tableBlock(node, s, ownAlign ?? a, indent));
        continue;
      }
      if (!BLOCK_TAGS.has(tag)) {
        walk(node.children, s, a);
        continue;
      }
      const blockAlign = ownAlign ?? a;
      close();
      if (tag === 'hr') {
        blocks.push({ type: 'hr', indent, marginTop: s.size * 0.5, marginBottom: s.size * 0.5 });
        continue;
      }
      const em = s.size;
      const [marginTop, marginBottom] = tag === 'p' ? [em, em]
        : HEADING_EM[tag] ? [em * HEADING_EM[tag][1], em * HEADING_EM[tag][1]]
          : tag === 'ul' || tag === 'ol' || tag === 'blockquote' ? [em, em] : [0, 0];
      if (tag === 'ul' || tag === 'ol') {
        const inner = toBlocks(node.children, s, blockAlign, indent + 30);
        // list items of this list: number them
        let n = 0;
        for (const b of inner) if (b.type === 'text' && b.marker) b.marker.text = tag === 'ol' ? `${++n}.` : '•';
        if (inner[0]) inner[0].marginTop = Math.max(inner[0].marginTop, marginTop);
        if (inner.length) inner[inner.length - 1].marginBottom = Math.max(inner[inner.length - 1].marginBottom, marginBottom);
        blocks.push(...inner);
        continue;
      }
      const inner = toBlocks(node.children, s, blockAlign, indent + (tag === 'blockquote' ? 30 : 0));
      if (tag === 'li') {
        if (inner[0]?.type !== 'text') inner.unshift({ type: 'text', runs: [], align: blockAlign, marginTop: 0, marginBottom: 0, indent });
        (inner[0] as TextBlock).marker = { text: '•', style: s };
      }
      if (inner.length === 0 && (marginTop || marginBottom)) inner.push({ type: 'text', runs: [], align: blockAlign, marginTop: 0, marginBottom: 0, indent });
      if (inner[0]) inner[0].marginTop = Math.max(inner[0].marginTop, marginTop);
      if (inner.length) inner[inner.length - 1].marginBottom = Math.max(inner[inner.length - 1].marginBottom, marginBottom);
      blocks.push(...inner);
    }
  };
  walk(nodes, base, align);
  return blocks;
}

function tableBlock(node: HtmlElementNode, style: RunStyle, align: Align, indent: number): TableBlock {
  const border = hasBorder(node);
  const padding = node.attrs.cellpadding !== undefined ? Math.max(0, Number(node.attrs.cellpadding)) * 0.75 : 0.75;
  const rows: TableCell[][] = [];
  const collect = (list: HtmlNode[], s: RunStyle) => {
    for (const child of list) {
      if (child.kind !== 'element') continue;
      if (child.tag === 'tr') {
        const rowStyle = styleOf(child, s);
        const rowAlign = alignOf(child.attrs.align) ?? align;
        const cells: TableCell[] = [];
        for (const cell of child.children) {
          if (cell.kind !== 'element' || (cell.tag !== 'td' && cell.tag !== 'th')) continue;
          const cs = styleOf(cell, rowStyle);
          const css = cssMap(cell.attrs.style);
          const cellAlign = alignOf(css.get('text-align')) ?? alignOf(cell.attrs.align) ?? (cell.tag === 'th' ? 'center' : rowAlign);
          cells.push({
            blocks: toBlocks(cell.children, cs, cellAlign, 0),
            colspan: Math.max(1, Math.min(64, Number(cell.attrs.colspan) || 1)),
            align: cellAlign,
            border: border || hasBorder(cell),
            fill: parseColor(css.get('background-color'), null),
          });
        }
        if (cells.length) rows.push(cells);
      } else if (child.tag === 'thead' || child.tag === 'tbody' || child.tag === 'tfoot') collect(child.children, styleOf(child, s));
    }
  };
  collect(node.children, style);
  return { type: 'table', rows, border, padding, indent, marginTop: 0, marginBottom: 0 };
}

/** What a laid-out html element draws, relative to its content box. */
interface TextItem {
  text: string;
  x: number;
  baseline: number;
  width: number;
  style: RunStyle;
}
interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface Fill {
  box: Box;
  color: PdfColor;
}
export interface RichLayout {
  texts: TextItem[];
  rules: Rule[];
  fills: Fill[];
  height: number;
  width: number;
}

const isCjk = (ch: string) => ch.codePointAt(0)! >= 0x2e80;
const weightOf = (s: RunStyle) => (s.bold ? 'bold' : undefined);

interface Atom {
  text: string;
  style: RunStyle;
  width: number;
  space: boolean;
  newline: boolean;
}

/** Words of a block's runs: CJK characters one by one, Latin words whole, collapsed spaces. */
function atomsOf(runs: Run[], fonts: PdfFonts, ls: number): Atom[] {
  const atoms: Atom[] = [];
  let lastSpace = true;
  for (const run of runs) {
    if (run.text === '\n') {
      atoms.push({ text: '', style: run.style, width: 0, space: false, newline: true });
      lastSpace = true;
      continue;
    }
    const text = run.text.replace(/[\t\n\r\f ]+/g, ' ');
    for (const m of text.matchAll(/ |[^ \u2e80-\uffff]+|[\s\S]/gu)) {
      const t = m[0];
      if (t === ' ') {
        if (lastSpace) continue;
        lastSpace = true;
      } else lastSpace = false;
      atoms.push({ text: t, style: run.style, width: fonts.width(t, run.style.size, weightOf(run.style), ls, run.style.kind), space: t === ' ', newline: false });
    }
  }
  return atoms;
}

interface LaidLine {
  atoms: Atom[];
  width: number;
}

function breakAtoms(atoms: Atom[], width: number, fonts: PdfFonts, ls: number): LaidLine[] {
  const lines: LaidLine[] = [];
  let line: Atom[] = [];
  let w = 0;
  const push = () => {
    while (line.length && line[line.length - 1].space) w -= line.pop()!.width;
    lines.push({ atoms: line, width: w });
    line = [];
    w = 0;
  };
  for (const atom of atoms) {
    if (atom.newline) {
      push();
      continue;
    }
    if (atom.space && line.length === 0) continue;
    if (w + atom.width > width && line.length > 0 && !atom.space) push();
    if (atom.width > width && !atom.space && !isCjk(atom.text) && atom.text.length > 1) {
      // a word longer than the line breaks between characters
      for (const ch of atom.text) {
        const cw = fonts.width(ch, atom.style.size, weightOf(atom.style), ls, atom.style.kind);
        if (w + cw > width && line.length > 0) push();
        line.push({ ...atom, text: ch, width: cw });
        w += cw;
      }
      continue;
    }
    line.push(atom);
    w += atom.width;
    if (lines.length > 10_000) break;
  }
  if (line.length || lines.length === 0) push();
  return lines;
}

function layoutBlocks(blocks: Block[], width: number, fonts: PdfFonts, base: RichBase, out: RichLayout, top: number, left: number): number {
  let y = top;
  let pendingMargin = 0;
  let first = true;
  for (const block of blocks) {
    const margin = first ? block.marginTop : Math.max(pendingMargin, block.marginTop);
    y += margin;
    first = false;
    if (block.type === 'table') y += layoutTable(block, width, fonts, base, out, y, left);
    else if (block.type === 'hr') {
      out.rules.push({ x0: left + block.indent, y0: y + 0.5, x1: left + width, y1: y + 0.5 });
      y += 1;
    } else y += layoutText(block, width, fonts, base, out, y, left);
    pendingMargin = block.marginBottom;
  }
  return y - top + pendingMargin;
}

function layoutText(block: TextBlock, width: number, fonts: PdfFonts, base: RichBase, out: RichLayout, top: number, left: number): number {
  const ls = base.letterSpacing;
  const avail = Math.max(1, width - block.indent);
  const atoms = atomsOf(block.runs, fonts, ls);
  // whitespace between blocks makes no line (as in a browser)
  if (atoms.length === 0 && !block.marker) return 0;
  const lines = breakAtoms(atoms, avail, fonts, ls);
  let y = top;
  lines.forEach((line, i) => {
    const styles = line.atoms.length ? line.atoms.map((a) => a.style) : [block.runs[0]?.style ?? block.marker?.style ?? base.style];
    let lh = 0;
    let baselineOffset = 0;
    for (const s of styles) {
      const face = fonts.face(weightOf(s), s.kind);
      const itemLh = base.lineHeight ?? s.size * LINE_HEIGHT_EM;
      lh = Math.max(lh, itemLh);
      baselineOffset = Math.max(baselineOffset, (itemLh - (face.ascent + face.descent) * s.size) / 2 + face.ascent * s.size);
    }
    let x = left + block.indent;
    if (block.align === 'center') x += (avail - line.width) / 2;
    else if (block.align === 'right') x += avail - line.width;
    const baseline = y + baselineOffset;
    if (i === 0 && block.marker) {
      const m = block.marker;
      const mw = fonts.width(m.text, m.style.size, weightOf(m.style), 0, m.style.kind);
      out.texts.push({ text: m.text, x: left + block.indent - mw - m.style.size * 0.5, baseline, width: mw, style: { ...m.style, underline: false, strike: false } });
    }
    // consecutive atoms of one style become one text run
    let run: TextItem | null = null;
    for (const atom of line.atoms) {
      if (run && run.style === atom.style) {
        run.text += atom.text;
        run.width += atom.width;
      } else {
        run = { text: atom.text, x, baseline, width: atom.width, style: atom.style };
        out.texts.push(run);
      }
      x += atom.width;
    }
    out.width = Math.max(out.width, line.width + block.indent);
    y += lh;
  });
  return y - top;
}

function layoutTable(block: TableBlock, width: number, fonts: PdfFonts, base: RichBase, out: RichLayout, top: number, left: number): number {
  const cols = Math.max(1, ...block.rows.map((r) => r.reduce((a, c) => a + c.colspan, 0)));
  const tableLeft = left + block.indent;
  const colW = Math.max(1, (width - block.indent) / cols);
  const pad = block.padding + 0.75;
  let y = top;
  for (const row of block.rows) {
    const placed: Array<{ cell: TableCell; x: number; w: number; layout: RichLayout }> = [];
    let c = 0;
    let rowH = 0;
    for (const cell of row) {
      const x = tableLeft + c * colW;
      const w = colW * cell.colspan;
      const layout: RichLayout = { texts: [], rules: [], fills: [], height: 0, width: 0 };
      layout.height = layoutBlocks(cell.blocks, Math.max(1, w - 2 * pad), fonts, base, layout, y + pad, x + pad);
      rowH = Math.max(rowH, layout.height + 2 * pad);
      placed.push({ cell, x, w, layout });
      c += cell.colspan;
    }
    for (const { cell, x, w, layout } of placed) {
      if (cell.fill) out.fills.push({ box: { left: x, top: y, width: w, height: rowH }, color: cell.fill });
      out.fills.push(...layout.fills);
      out.texts.push(...layout.texts);
      out.rules.push(...layout.rules);
      if (cell.border) out.rules.push({ x0: x, y0: y, x1: x + w, y1: y }, { x0: x, y0: y + rowH, x1: x + w, y1: y + rowH }, { x0: x, y0: y, x1: x, y1: y + rowH }, { x0: x + w, y0: y, x1: x + w, y1: y + rowH });
    }
    y += rowH;
  }
  out.width = Math.max(out.width, width);
  return y - top;
}

const parsedBlocks = new Map<string, HtmlNode[]>();
/** The allowed tree of a content string, parsed once per distinct string (an html element repeats on every page). */
function parsedHtml(html: string): HtmlNode[] {
  let nodes = parsedBlocks.get(html);
  if (!nodes) {
    nodes = parseHtml(html);
    if (parsedBlocks.size > 200) parsedBlocks.clear();
    parsedBlocks.set(html, nodes);
  }
  return nodes;
}

/** Lays out `html` in `width` pt. */
export function layoutHtml(html: string, width: number, fonts: PdfFonts, base: RichBase): RichLayout {
  const out: RichLayout = { texts: [], rules: [], fills: [], height: 0, width: 0 };
  out.height = layoutBlocks(toBlocks(parsedHtml(html), base.style, base.align, 0), Math.max(1, width), fonts, base, out, 0, 0);
  return out;
}

/** The font faces `html` asks for (for loading only the fonts a template uses). */
export function htmlFaces(html: string, base: RunStyle, into: Set<FaceKey>): void {
  const visit = (nodes: HtmlNode[], s: RunStyle) => {
    for (const node of nodes) {
      if (node.kind === 'text') {
        if (node.text.trim()) into.add(`${s.kind}-${s.bold ? 'bold' : 'regular'}`);
      } else visit(node.children, styleOf(node, s));
    }
  };
  visit(parsedHtml(html), base);
}

const ITALIC_SKEW = 0.21;

/** Draws a layout inside `box` (top-aligned), clipped to the box when it overflows. */
export function drawRichLayout(canvas: PageCanvas, layout: RichLayout, box: Box, vAlign: 'top' | 'middle' | 'bottom' = 'top', letterSpacing = 0): void {
  const dy = vAlign === 'middle' ? (box.height - layout.height) / 2 : vAlign === 'bottom' ? box.height - layout.height : 0;
  const draw = () => {
    for (const f of layout.fills) canvas.fillRect({ ...f.box, left: f.box.left + box.left, top: f.box.top + box.top + dy }, f.color);
    for (const t of layout.texts) {
      const x = box.left + t.x;
      const baseline = box.top + dy + t.baseline;
      canvas.text(t.text, x, baseline, t.style.size, canvas.fonts.face(weightOf(t.style), t.style.kind), t.style.color, letterSpacing, t.style.italic ? ITALIC_SKEW : 0);
      const stroke: Stroke = { color: t.style.color, width: Math.max(0.5, t.style.size / 18) };
      if (t.style.underline) canvas.line(x, baseline + t.style.size * 0.12, x + t.width, baseline + t.style.size * 0.12, stroke);
      if (t.style.strike) canvas.line(x, baseline - t.style.size * 0.3, x + t.width, baseline - t.style.size * 0.3, stroke);
    }
    const grid = { color: parseColor('#000000')!, width: 0.75 };
    const coords: number[] = [];
    for (const r of layout.rules) coords.push(box.left + r.x0, box.top + dy + r.y0, box.left + r.x1, box.top + dy + r.y1);
    canvas.segments(coords, grid);
  };
  if (layout.height > box.height + 0.01 || layout.width > box.width + 0.01) canvas.clipped(box, draw);
  else draw();
}
