import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A one-sheet xlsx written as a stream: the zip container and the few fixed parts here, the sheet's
 * <row> elements given ready-made (the exporter has PostgreSQL build them, as it builds CSV lines).
 * exceljs' streaming writer builds an object per cell and managed about 45k rows/s; this is bound by
 * deflate. Sizes stay under 4 GB (no zip64): Excel's 1,048,576-row limit comes first.
 */

/** Column letters of a 0-based column index: 0 → A, 26 → AA. */
export function columnLetters(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

// Control characters other than tab, newline and carriage return are not allowed in XML 1.0.
// eslint-disable-next-line no-control-regex
const xmlText = (s: string) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A row of text cells (the header), row number `n` (1-based). */
export function textRow(n: number, values: string[]): string {
  return `<row r="${n}">${values.map((v, i) => `<c r="${columnLetters(i)}${n}" t="inlineStr"><is><t xml:space="preserve">${xmlText(v)}</t></is></c>`).join('')}</row>`;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

function fixedParts(sheetName: string): [string, string][] {
  // Sheet names: at most 31 characters, none of []:*?/\.
  const name = xmlText(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  return [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ],
    ['_rels/.rels', `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    ['xl/workbook.xml', `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${XML}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="1"><xf xfId="0"/></cellXfs></styleSheet>`,
    ],
  ];
}

/** Resolves when `out` can take more, or is gone; removes its listeners either way. */
function drainedOrClosed(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/**
 * Writes the workbook to `out`: `rows` yields chunks of consecutive <row> elements (row 1 is the header
 * the caller puts first). Waits on `out`'s backpressure; stops quietly when `out` is destroyed (the
 * caller went away).
 */
export async function writeXlsx(out: Writable, sheetName: string, rows: AsyncIterable<string>): Promise<void> {
  let offset = 0;
  const entries: Entry[] = [];
  const put = async (buf: Buffer) => {
    offset += buf.length;
    if (!out.write(buf)) await drainedOrClosed(out);
  };
  const localHeader = (name: Buffer, flags: number, method: number, crc: number, compressed: number, size: number) => {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(flags, 6);
    h.writeUInt16LE(method, 8);
    h.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    h.writeUInt32LE(crc >>> 0, 14);
    h.writeUInt32LE(compressed, 18);
    h.writeUInt32LE(size, 22);
    h.writeUInt16LE(name.length, 26);
    return Buffer.concat([h, name]);
  };
  const UTF8 = 0x0800;

  for (const [file, text] of fixedParts(sheetName)) {
    const data = Buffer.from(text);
    const packed = deflateRawSync(data);
    const name = Buffer.from(file);
    const e: Entry = { name, crc: crc32(data), compressed: packed.length, size: data.length, offset };
    entries.push(e);
    await put(localHeader(name, UTF8, 8, e.crc, e.compressed, e.size));
    await put(packed);
  }

  // The sheet: sizes unknown up front, so they follow the data (flag bit 3, data descriptor).
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const sheet: Entry = { name, crc: 0, compressed: 0, size: 0, offset };
  entries.push(sheet);
  await put(localHeader(name, UTF8 | 0x0008, 8, 0, 0, 0));
  const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
  const pending: Buffer[] = [];
  deflate.on('data', (b: Buffer) => pending.push(b));
  const flushOut = async () => {
    while (pending.length) {
      const b = pending.shift()!;
      sheet.compressed += b.length;
      await put(b);
    }
  };
  const feed = async (text: string) => {
    const data = Buffer.from(text);
    sheet.crc = crc32(data, sheet.crc);
    sheet.size += data.length;
    if (!deflate.write(data)) await once(deflate, 'drain');
    await flushOut();
  };
  await feed(`${XML}<worksheet xmlns="${MAIN}"><sheetData>`);
  for await (const chunk of rows) {
    if (out.destroyed) {
      deflate.destroy();
      return;
    }
    await feed(chunk);
  }
  await feed('</sheetData></worksheet>');
  const ended = once(deflate, 'end');
  deflate.end();
  await ended;
  await flushOut();
  if (sheet.size > 0xffffffff || offset > 0xffffffff) throw new Error('xlsx export larger than 4 GB');
  const desc = Buffer.alloc(16);
  desc.writeUInt32LE(0x08074b50, 0);
  desc.writeUInt32LE(sheet.crc >>> 0, 4);
  desc.writeUInt32LE(sheet.compressed, 8);
  desc.writeUInt32LE(sheet.size, 12);
  await put(desc);

  const dirStart = offset;
  for (const e of entries) {
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(20, 6);
    h.writeUInt16LE(e === sheet ? UTF8 | 0x0008 : UTF8, 8);
    h.writeUInt16LE(8, 10);
    h.writeUInt32LE(0x00210000, 12);
    h.writeUInt32LE(e.crc >>> 0, 16);
    h.writeUInt32LE(e.compressed, 20);
    h.writeUInt32LE(e.size, 24);
    h.writeUInt16LE(e.name.length, 28);
    h.writeUInt32LE(e.offset, 42);
    await put(Buffer.concat([h, e.name]));
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(offset - dirStart, 12);
  end.writeUInt32LE(dirStart, 16);
  await put(end);
  out.end();
}
