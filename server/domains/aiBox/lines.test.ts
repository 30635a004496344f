import { describe, expect, it } from 'vitest';
import { checkAddress, checkLines, hourOf, pathLength, scaleLines } from './lines.ts';

describe('counting lines', () => {
  const line = (points: unknown, direction: unknown = 'in', name?: string) => ({ name, direction, points });

  it('takes lines of 2+ points inside the image, names the unnamed ones', () => {
    const r = checkLines([line([{ x: 0, y: 540 }, { x: 1920, y: 540 }]), line([{ x: 10, y: 10 }, { x: 50, y: 60 }, { x: 90, y: 10 }], 'out', '出口')], 1920, 1080);
    expect(r).toEqual({
      ok: true,
      lines: [
        { name: '划线1', direction: 'in', points: [{ x: 0, y: 540 }, { x: 1920, y: 540 }] },
        { name: '出口', direction: 'out', points: [{ x: 10, y: 10 }, { x: 50, y: 60 }, { x: 90, y: 10 }] },
      ],
    });
    expect(checkLines([], 1920, 1080)).toEqual({ ok: true, lines: [] });
  });

  it('refuses points outside, one point, bad direction, repeated points and names', () => {
    expect(checkLines([line([{ x: 0, y: 0 }, { x: 1921, y: 5 }])], 1920, 1080)).toEqual({ ok: false, msg: '第 1 条划线的第 2 个点 (1921, 5) 超出图像范围（宽 1920，高 1080）' });
    expect(checkLines([line([{ x: -1, y: 0 }, { x: 5, y: 5 }])], 1920, 1080).ok).toBe(false);
    expect(checkLines([line([{ x: 1, y: 1 }])], 1920, 1080)).toEqual({ ok: false, msg: '第 1 条划线至少需要 2 个点 points' });
    expect(checkLines([line([{ x: 1, y: 1 }, { x: 2, y: 2 }], 'up')], 1920, 1080)).toEqual({ ok: false, msg: '第 1 条划线的方向 direction 只能是 in（进）或 out（出）' });
    expect(checkLines([line([{ x: 1, y: 1 }, { x: 1, y: 1 }])], 1920, 1080)).toEqual({ ok: false, msg: '第 1 条划线的第 2 个点与上一个点重合' });
    expect(checkLines([line([{ x: 1, y: 1 }, { x: 'a', y: 1 }])], 1920, 1080).ok).toBe(false);
    expect(checkLines([line([{ x: 1, y: 1 }, { x: 9, y: 1 }], 'in', 'a'), line([{ x: 1, y: 2 }, { x: 9, y: 2 }], 'out', 'a')], 1920, 1080)).toEqual({ ok: false, msg: '划线名称「a」重复' });
    expect(checkLines({}, 1920, 1080).ok).toBe(false);
    expect(checkLines(Array.from({ length: 9 }, () => line([{ x: 1, y: 1 }, { x: 9, y: 9 }])), 1920, 1080).ok).toBe(false);
  });

  it('moves lines onto an image of another size', () => {
    const lines = [{ name: 'a', direction: 'in' as const, points: [{ x: 0, y: 540 }, { x: 1920, y: 541 }] }];
    expect(scaleLines(lines, { width: 1920, height: 1080 }, { width: 1280, height: 720 })).toEqual([{ name: 'a', direction: 'in', points: [{ x: 0, y: 360 }, { x: 1280, y: 361 }] }]);
    expect(scaleLines(lines, { width: 1920, height: 1080 }, { width: 1920, height: 1080 })).toBe(lines);
    const moved = scaleLines(lines, { width: 1920, height: 1080 }, { width: 640, height: 360 });
    expect(checkLines(moved, 640, 360).ok).toBe(true);
  });

  it('measures a polyline', () => {
    expect(pathLength([{ x: 0, y: 0 }, { x: 3, y: 4 }, { x: 3, y: 10 }])).toBe(11);
  });
});

describe('box address and hours', () => {
  it('takes host:port and refuses the rest', () => {
    expect(checkAddress('192.168.1.20:8080')).toBeNull();
    expect(checkAddress('box-01.shop.local:80')).toBeNull();
    expect(checkAddress('192.168.1.20')).toMatch(/主机:端口/);
    expect(checkAddress('192.168.1.20:70000')).toMatch(/1-65535/);
    expect(checkAddress('192.168.1.300:80')).toMatch(/IP/);
    expect(checkAddress('http://x:80')).toMatch(/主机:端口/);
  });
  it('truncates a time to its hour', () => {
    expect(hourOf('2026-11-20T09:41:12.345Z').toISOString()).toBe('2026-11-20T09:00:00.000Z');
  });
});
