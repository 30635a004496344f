/**
 * Test helper (Node): the text of each page of a PDF this writer made, decoded from the content
 * streams through each font's ToUnicode map, so tests need no external PDF tool.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFPage } from 'pdf-lib';

function streamText(doc: PDFDocument, obj: unknown): string {
  const stream = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  if (!(stream instanceof PDFRawStream)) return '';
  const filter = stream.dict.get(PDFName.of('Filter'));
  const bytes = stream.contents;
  return Buffer.from(filter ? inflateSync(bytes) : bytes).toString('latin1');
}

/** code (hex) -> text, from a ToUnicode CMap's bfchar and bfrange entries. */
function parseCMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const hexToText = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)).reduce<number[]>((acc, u, i, all) => {
    // join UTF-16 surrogate pairs
    if (u >= 0xd800 && u <= 0xdbff && i + 1 < all.length) acc.push(((u - 0xd800) << 10) + (all[i + 1] - 0xdc00) + 0x10000);
    else if (!(u >= 0xdc00 && u <= 0xdfff)) acc.push(u);
    return acc;
  }, []));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(m[1].toUpperCase(), hexToText(m[2]));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      const start = parseInt(m[3], 16);
      for (let c = lo; c <= hi; c++) map.set(c.toString(16).toUpperCase().padStart(m[1].length, '0'), String.fromCodePoint(start + c - lo));
    }
  }
  return map;
}

function fontMaps(doc: PDFDocument, page: PDFPage): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  const resources = page.node.Resources();
  const fonts = resources?.lookup(PDFName.of('Font'));
  if (!(fonts instanceof PDFDict)) return out;
  for (const [name, ref] of fonts.entries()) {
    const font = doc.context.lookup(ref);
    if (!(font instanceof PDFDict)) continue;
    const toUnicode = font.get(PDFName.of('ToUnicode'));
    out.set(name.asString().slice(1), parseCMap(streamText(doc, toUnicode)));
  }
  return out;
}

/** Text runs of every page, in drawing order (one string per Tj). */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const maps = fontMaps(doc, page);
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const runs: string[] = [];
    let current: Map<string, string> | undefined;
    for (const s of streams) {
      const text = streamText(doc, s);
      for (const m of text.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (m[1]) current = maps.get(m[1]);
        else if (m[2] !== undefined && current) runs.push((m[2].match(/.{4}/g) ?? []).map((code) => current!.get(code.toUpperCase()) ?? '\uFFFD').join(''));
      }
    }
    return runs;
  });
}

export interface PdfTextRun {
  text: string;
  /** the font's BaseFont without the subset tag, e.g. NotoSerifSC-Bold */
  font: string;
  size: number;
  /** fill colour as 0-255 integers */
  rgb: [number, number, number];
  /** drawn slanted (synthetic italic) */
  skewed: boolean;
  /** start point in PDF space (y up) */
  x: number;
  y: number;
}

/** Text runs of every page with font, size and colour (the writer's own `Tf … rg … Tj` form). */
export async function pdfPageRuns(bytes: Uint8Array): Promise<PdfTextRun[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const maps = fontMaps(doc, page);
    const baseFonts = new Map<string, string>();
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'));
    if (fonts instanceof PDFDict) {
      for (const [name, ref] of fonts.entries()) {
        const font = doc.context.lookup(ref);
        if (font instanceof PDFDict) baseFonts.set(name.asString().slice(1), String(font.get(PDFName.of('BaseFont'))).replace(/^\/([A-Z]{6}\+)?/, '').replace(/-\d+$/, ''));
      }
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const runs: PdfTextRun[] = [];
    for (const s of streams) {
      const text = streamText(doc, s);
      for (const m of text.matchAll(/\/(\w+) ([\d.]+) Tf (?:[-\d.]+ Tc )?([\d.]+) ([\d.]+) ([\d.]+) rg ((?:[-\d.]+ ){2}Td|(?:[-\d.]+ ){6}Tm) <([0-9A-Fa-f]*)> Tj/g)) {
        const map = maps.get(m[1]);
        const decoded = (m[7].match(/.{4}/g) ?? []).map((code) => map?.get(code.toUpperCase()) ?? '\uFFFD').join('');
        const nums = m[6].split(' ').slice(0, -1).map(Number);
        const tm = m[6].endsWith('Tm') ? nums : null;
        runs.push({
          text: decoded, font: baseFonts.get(m[1]) ?? m[1], size: Number(m[2]),
          rgb: [Number(m[3]), Number(m[4]), Number(m[5])].map((v) => Math.round(v * 255)) as [number, number, number],
          skewed: !!tm && tm[1] === 0 && tm[2] !== 0,
          x: nums[nums.length - 2], y: nums[nums.length - 1],
        });
      }
    }
    return runs;
  });
}

/** The decompressed content stream of a page (PDF operators as text). */
export async function pdfPageContent(bytes: Uint8Array, index = 0): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(index).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return streams.map((s) => streamText(doc, s)).join('\n');
}
