import { describe, expect, it } from 'vitest';
import { crlfRows } from './exporter.ts';
import { sqlLiteral } from './params.ts';

describe('crlfRows (COPY output to CRLF rows)', () => {
  const csv = '1,"a""b",x\n2,"line\nbreak","CR\r\nLF"\n3,,"逗号,分隔"\n';
  const expected = '1,"a""b",x\r\n2,"line\nbreak","CR\r\nLF"\r\n3,,"逗号,分隔"\r\n';

  it('ends rows with CRLF and leaves line breaks inside quoted cells as stored', () => {
    expect(crlfRows()(Buffer.from(csv)).toString()).toBe(expected);
  });

  it('gives the same bytes however the stream is cut into chunks, even inside a cell or a doubled quote', () => {
    const bytes = Buffer.from(csv);
    for (let cut = 1; cut < bytes.length; cut++) {
      const crlf = crlfRows();
      expect(Buffer.concat([crlf(bytes.subarray(0, cut)), crlf(bytes.subarray(cut))]).toString(), `cut at ${cut}`).toBe(expected);
    }
  });
});

describe('sqlLiteral (values written into COPY statements)', () => {
  it('quotes every value so that no text can end the literal', () => {
    expect(sqlLiteral("it's")).toBe("E'it''s'");
    expect(sqlLiteral('a\\b')).toBe("E'a\\\\b'");
    expect(sqlLiteral("'); DROP TABLE shop_base; --")).toBe("E'''); DROP TABLE shop_base; --'");
    expect(sqlLiteral(12)).toBe("E'12'");
    expect(sqlLiteral(-1.5)).toBe("E'-1.5'");
    expect(sqlLiteral(true)).toBe("E'true'");
    expect(sqlLiteral(null)).toBe('NULL');
  });

  it('writes arrays as array literals with their elements quoted', () => {
    expect(sqlLiteral([1, 2])).toBe(`E'{"1","2"}'`);
    expect(sqlLiteral(['a"b', 'c\\d', "e'f", 'g,h}'])).toBe(`E'{"a\\\\"b","c\\\\\\\\d","e''f","g,h}"}'`);
  });

  it('refuses values it cannot write faithfully', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral({ a: 1 })).toThrow();
  });
});
