import { describe, expect, it } from 'vitest';
import { boxSelect, dragPosition, nudge, rectBetween, snapTo } from './snap.ts';
import { resizeBox, rotationFromPointer, wrapRotation } from './resize.ts';

const box = { left: 10, top: 10, width: 50, height: 20 };

describe('drag snapping and adsorption', () => {
  it('snaps a drag to 3 pt steps', () => {
    expect(dragPosition({ ...box, left: 0, top: 0 }, 4.2, 7.6, []).left).toBe(3);
    expect(dragPosition({ ...box, left: 0, top: 0 }, 4.6, 7.6, []).left).toBe(6);
    expect(dragPosition({ ...box, left: 0, top: 0 }, 4.6, 7.6, []).top).toBe(9);
    expect(snapTo(0.1 + 0.2, 0.1)).toBe(0.3);
  });

  it('sticks to another element edge within adsorbMin (3) and not beyond', () => {
    const other = { left: 100, top: 200, width: 40, height: 40 };
    // right edge would land at 0 + 51 + 50 = 101 after snapping to 51 -> sticks to 100? 51+50 = 101, 1 pt off -> moves to 50
    const near = dragPosition({ ...box, left: 0, top: 0 }, 50.9, 0, [other]);
    expect(near.left + box.width).toBe(100);
    expect(near.guides).toContainEqual({ axis: 'x', at: 100 });
    // 6 pt off: no stick, but within adsorbLineMin (6) a guide shows
    const far = dragPosition({ ...box, left: 0, top: 0 }, 44, 0, [other]);
    expect(far.left).toBe(45);
    expect(far.guides).toContainEqual({ axis: 'x', at: 100 });
    // 9 pt off: neither
    const away = dragPosition({ ...box, left: 0, top: 0 }, 41, 0, [other]);
    expect(away.left).toBe(42);
    expect(away.guides.filter((g) => g.axis === 'x')).toEqual([]);
  });

  it('aligns centres too', () => {
    const other = { left: 0, top: 100, width: 100, height: 10 };
    const moved = dragPosition({ left: 0, top: 0, width: 40, height: 10 }, 31, 0, [other]);
    expect(moved.left + 20).toBe(50);
  });

  it('honours the axis option and the paper bounds', () => {
    expect(dragPosition(box, 30, 30, [], { axis: 'h' })).toMatchObject({ left: 39, top: 10 });
    expect(dragPosition(box, 30, 30, [], { axis: 'v' })).toMatchObject({ left: 10, top: 39 });
    expect(dragPosition(box, -300, 900, [], { bounds: { width: 200, height: 300 } })).toMatchObject({ left: 0, top: 280 });
  });

  it('arrow keys move a group by 1.5 pt', () => {
    expect(nudge([box, { ...box, left: 0 }], 'ArrowRight').map((b) => b.left)).toEqual([11.5, 1.5]);
    expect(nudge([box], 'ArrowUp')[0].top).toBe(8.5);
  });

  it('box selection takes every element the rectangle touches', () => {
    const boxes = [box, { left: 100, top: 100, width: 10, height: 10 }, { left: 55, top: 25, width: 10, height: 10 }];
    expect(boxSelect(rectBetween({ x: 70, y: 40 }, { x: 0, y: 0 }), boxes)).toEqual([0, 2]);
  });
});

describe('resize', () => {
  it('keeps the aspect ratio on a corner unless shift is held', () => {
    const start = { left: 0, top: 0, width: 90, height: 45 };
    expect(resizeBox(start, 'se', 30, 0)).toEqual({ left: 0, top: 0, width: 120, height: 60 });
    expect(resizeBox(start, 'se', 30, 0, { free: true })).toEqual({ left: 0, top: 0, width: 120, height: 45 });
  });

  it('snaps to 1.5 pt and moves the opposite edge for west/north handles', () => {
    expect(resizeBox(box, 'e', 10.2, 0).width).toBe(60);
    expect(resizeBox(box, 'e', 10.9, 0).width).toBe(61.5);
    const w = resizeBox(box, 'w', -9, 0);
    expect(w.left + w.width).toBe(60);
    expect(w.width).toBe(58.5);
    const n = resizeBox(box, 'n', 0, 5);
    expect(n.top + n.height).toBe(30);
  });

  it('never shrinks below 1.5 pt', () => {
    expect(resizeBox(box, 's', 0, -100).height).toBe(1.5);
  });
});

describe('rotation', () => {
  it('wraps at ±360 degrees', () => {
    expect(wrapRotation(370)).toBe(10);
    expect(wrapRotation(-370)).toBe(-10);
    expect(wrapRotation(360)).toBe(0);
    expect(wrapRotation(-360)).toBe(0);
    expect(wrapRotation(359)).toBe(359);
    expect(wrapRotation(Number.NaN)).toBe(0);
  });

  it('turns with the pointer around the centre', () => {
    expect(rotationFromPointer({ x: 0, y: 0 }, { x: 0, y: -10 }, { x: 10, y: 0 }, 0)).toBe(90);
    expect(rotationFromPointer({ x: 0, y: 0 }, { x: 0, y: -10 }, { x: 10, y: 0 }, 300)).toBe(30);
  });
});

describe('image auto-size', async () => {
  const { imageAutoSize } = await import('./imageSize.ts');
  const natural = { width: 400, height: 300 };
  const box = { width: 90, height: 90 };
  it('fits width, height, real size or by aspect, rounded to 0.1 pt', () => {
    expect(imageAutoSize('fitWidth', natural, box)).toEqual({ width: 90, height: 67.5 });
    expect(imageAutoSize('fitHeight', natural, box)).toEqual({ width: 120, height: 90 });
    expect(imageAutoSize('realSize', natural, box)).toEqual({ width: 300, height: 225 });
    expect(imageAutoSize('autoByAspect', { width: 333, height: 1000 }, box)).toEqual({ width: 30, height: 90 });
    expect(imageAutoSize('fitWidth', { width: 0, height: 0 }, box)).toEqual(box);
    expect(imageAutoSize('fitWidth', { width: 7, height: 3 }, { width: 10, height: 10 })).toEqual({ width: 10, height: 4.3 });
  });
});
