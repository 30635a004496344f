import { describe, expect, it } from 'vitest';
import {
  BORDER_WIDTHS, FONT_SIZES, FONT_SIZE_OPTIONS, GRID_GUTTERS, LETTER_SPACINGS, LINE_HEIGHTS, PADDINGS, QR_CODE_LEVEL_OPTIONS,
  WATERMARK_DEFAULTS, WATERMARK_SLIDERS, applyOptionValue, numberSteps, optionsWithStoredValue,
} from './index.ts';

describe('option lists of §9', () => {
  it('pt lists run over the spec ranges in 0.75 steps without float drift', () => {
    expect(FONT_SIZES.slice(0, 3)).toEqual([3, 3.75, 4.5]);
    expect(FONT_SIZES).toContain(21.75);
    expect(Math.max(...FONT_SIZES)).toBe(60);
    expect([LINE_HEIGHTS[0], LINE_HEIGHTS.includes(36), Math.max(...LINE_HEIGHTS)]).toEqual([3, true, 60]);
    expect([LETTER_SPACINGS[0], LETTER_SPACINGS[LETTER_SPACINGS.length - 1]]).toEqual([0.75, 12]);
    expect([BORDER_WIDTHS[0], BORDER_WIDTHS[BORDER_WIDTHS.length - 1]]).toEqual([0.75, 6.75]);
    expect([PADDINGS[0], PADDINGS[PADDINGS.length - 1]]).toEqual([0.75, 21.75]);
    expect(GRID_GUTTERS).toEqual([1.5, 3, 4.5, 6, 7.5, 9]);
    expect(numberSteps(0.75, 2.25, 0.75)).toEqual([0.75, 1.5, 2.25]);
  });
  it('QR levels are offered in the order L, M, Q, H with values 1, 0, 3, 2', () => {
    expect(QR_CODE_LEVEL_OPTIONS.map((o) => o.value)).toEqual([1, 0, 3, 2]);
  });
  it('watermark defaults 200x200, rotation 25, 14px, inside their sliders', () => {
    expect(WATERMARK_DEFAULTS).toMatchObject({ width: 200, height: 200, rotate: 25, fontSize: '14px', fillStyle: 'rgba(184,184,184,0.3)', format: 'YYYY-MM-DD HH:mm' });
    expect(WATERMARK_SLIDERS.fontSize).toEqual({ min: 10, max: 80 });
    expect(WATERMARK_SLIDERS.rotate).toEqual({ min: 0, max: 180 });
    expect(WATERMARK_SLIDERS.width).toEqual({ min: 100, max: 800 });
  });
});

describe('dropdown rules', () => {
  it('a stored value missing from the list is shown as an extra option', () => {
    const items = optionsWithStoredValue(FONT_SIZE_OPTIONS, 13.3, (v) => `${v}pt`);
    expect(items).toHaveLength(FONT_SIZE_OPTIONS.length + 1);
    expect(items[items.length - 1]).toEqual({ value: 13.3, label: '13.3pt', extra: true });
    expect(optionsWithStoredValue(FONT_SIZE_OPTIONS, 9)).toHaveLength(FONT_SIZE_OPTIONS.length);
    expect(optionsWithStoredValue(FONT_SIZE_OPTIONS, '')).toHaveLength(FONT_SIZE_OPTIONS.length);
  });
  it('choosing empty (default) removes the property; a value sets it; the input is untouched', () => {
    const options: { fontSize?: number; color?: string } = { fontSize: 12, color: 'red' };
    const cleared = applyOptionValue(options, 'fontSize', '');
    expect(cleared).toEqual({ color: 'red' });
    expect('fontSize' in cleared).toBe(false);
    expect(applyOptionValue(options, 'fontSize', 15)).toEqual({ fontSize: 15, color: 'red' });
    expect(applyOptionValue(options, 'color', undefined)).toEqual({ fontSize: 12 });
    expect(options).toEqual({ fontSize: 12, color: 'red' });
  });
});
