import { describe, expect, it } from 'vitest';
import {
  PAPER_TYPE_NAMES, clampFooterLine, clampHeaderLine, headerFooterLinesValid, paperSize, parseCustomDimension, resolvePaper, units,
} from './index.ts';

describe('paper sizes', () => {
  it('knows A1-A8 and B1-B8 in mm, portrait', () => {
    expect(PAPER_TYPE_NAMES).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8']);
    expect(paperSize('A4')).toEqual({ width: 210, height: 297 });
    expect(paperSize('B5')).toEqual({ width: 176, height: 250 });
    for (const name of PAPER_TYPE_NAMES) expect(paperSize(name).width).toBeLessThan(paperSize(name).height);
  });
  it("an unknown name throws 'not found pagetype'", () => {
    expect(() => paperSize('A9')).toThrow('not found pagetype');
    expect(() => paperSize('toString')).toThrow('not found pagetype');
    expect(() => resolvePaper({ paperType: 'Letter' })).toThrow('not found pagetype');
  });
  it('custom sizes are positive numbers with up to 2 decimals', () => {
    expect(parseCustomDimension('80')).toBe(80);
    expect(parseCustomDimension('80.25')).toBe(80.25);
    expect(parseCustomDimension(99.5)).toBe(99.5);
    for (const bad of ['0', '-5', '80.123', 'abc', '', '1e3', ' ', '12.']) expect(parseCustomDimension(bad)).toBeNull();
    expect(parseCustomDimension(NaN)).toBeNull();
  });
  it('custom paper: landscape swaps width and height; bad numbers are refused', () => {
    expect(resolvePaper({ paperType: 'other', width: '80', height: '120.5' })).toEqual({ width: 80, height: 120.5 });
    expect(resolvePaper({ paperType: 'other', width: 80, height: 120, orient: 2 })).toEqual({ width: 120, height: 80 });
    expect(() => resolvePaper({ paperType: 'other', width: '80.555', height: 100 })).toThrow('not found pagetype');
    expect(resolvePaper({})).toEqual({ width: 210, height: 297 });
  });
});

describe('units', () => {
  it('1 px is 0.75 pt; 1 inch is 72 pt and 25.4 mm', () => {
    expect(units.pxToPt(100)).toBe(75);
    expect(units.ptToPx(75)).toBe(100);
    expect(units.mmToPt(25.4)).toBeCloseTo(72, 10);
    expect(units.ptToMm(72)).toBeCloseTo(25.4, 10);
    expect(units.mmToPx(25.4)).toBeCloseTo(96, 10);
    expect(units.pxToMm(96)).toBeCloseTo(25.4, 10);
    expect(units.mmToPt(297)).toBeCloseTo(841.89, 2);
  });
});

describe('header and footer lines', () => {
  it('the header line must stay at least 10 above the footer line', () => {
    expect(headerFooterLinesValid(50, 60)).toBe(true);
    expect(headerFooterLinesValid(51, 60)).toBe(false);
    expect(headerFooterLinesValid(NaN, 60)).toBe(false);
    expect(clampHeaderLine(700, 600)).toBe(590);
    expect(clampHeaderLine(-5, 600)).toBe(0);
    expect(clampFooterLine(20, 50, 841)).toBe(60);
    expect(clampFooterLine(900, 50, 841)).toBe(841);
  });
});
