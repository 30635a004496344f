/**
 * Counting lines drawn on a camera channel's image (shop-nvr-channel/lineation): each a polyline of at least two
 * points inside the image (pixels, origin top-left) and a direction, 进 (in) or 出 (out), telling the box which
 * crossing counts as entering. Pure: the routes and the tests use it as is.
 */
export interface Point {
  x: number;
  y: number;
}

export interface CountingLine {
  name: string;
  direction: 'in' | 'out';
  points: Point[];
}

export const MAX_LINES = 8;
export const MAX_POINTS = 16;

export type LinesCheck = { ok: true; lines: CountingLine[] } | { ok: false; msg: string };

/** Checks lines against the image size; every refusal names the line and the rule in Chinese. */
export function checkLines(input: unknown, width: number, height: number): LinesCheck {
  if (!Array.isArray(input)) return { ok: false, msg: '划线 lines 应为数组' };
  if (input.length > MAX_LINES) return { ok: false, msg: `每个通道最多 ${MAX_LINES} 条划线` };
  const lines: CountingLine[] = [];
  const names = new Set<string>();
  for (let i = 0; i < input.length; i++) {
    const l = input[i] as Partial<CountingLine> | null;
    const label = `第 ${i + 1} 条划线`;
    if (!l || typeof l !== 'object') return { ok: false, msg: `${label}格式不正确` };
    const name = typeof l.name === 'string' && l.name.trim() ? l.name.trim() : `划线${i + 1}`;
    if (name.length > 24) return { ok: false, msg: `${label}的名称 name 不能超过 24 个字符` };
    if (names.has(name)) return { ok: false, msg: `划线名称「${name}」重复` };
    names.add(name);
    if (l.direction !== 'in' && l.direction !== 'out') return { ok: false, msg: `${label}的方向 direction 只能是 in（进）或 out（出）` };
    if (!Array.isArray(l.points) || l.points.length < 2) return { ok: false, msg: `${label}至少需要 2 个点 points` };
    if (l.points.length > MAX_POINTS) return { ok: false, msg: `${label}最多 ${MAX_POINTS} 个点` };
    const points: Point[] = [];
    for (let j = 0; j < l.points.length; j++) {
      const p = l.points[j] as Partial<Point> | null;
      const x = p?.x;
      const y = p?.y;
      if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
        return { ok: false, msg: `${label}的第 ${j + 1} 个点坐标 x、y 应为数字` };
      if (x < 0 || y < 0 || x > width || y > height)
        return { ok: false, msg: `${label}的第 ${j + 1} 个点 (${x}, ${y}) 超出图像范围（宽 ${width}，高 ${height}）` };
      if (j > 0 && points[j - 1].x === x && points[j - 1].y === y) return { ok: false, msg: `${label}的第 ${j + 1} 个点与上一个点重合` };
      points.push({ x, y });
    }
    if (pathLength(points) < 1) return { ok: false, msg: `${label}太短` };
    lines.push({ name, direction: l.direction, points });
  }
  return { ok: true, lines };
}

/**
 * Lines drawn on an image of one size, moved onto the same camera's image of another size (a new snapshot came
 * at another resolution): every point scaled, rounded to a pixel, kept inside the new image.
 */
export function scaleLines(lines: CountingLine[], from: { width: number; height: number }, to: { width: number; height: number }): CountingLine[] {
  if (from.width === to.width && from.height === to.height) return lines;
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return lines.map((l) => ({
    ...l,
    points: l.points.map((p) => ({ x: Math.min(to.width, Math.max(0, Math.round(p.x * sx))), y: Math.min(to.height, Math.max(0, Math.round(p.y * sy))) })),
  }));
}

export function pathLength(points: Point[]): number {
  let len = 0;
  for (let i = 1; i < points.length; i++) len += Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  return len;
}

/** Address of a box: host:port, host a name or an IPv4 address, port 1-65535. */
export function checkAddress(address: string): string | null {
  const m = /^([A-Za-z0-9]([A-Za-z0-9.-]{0,98}[A-Za-z0-9])?):([0-9]{1,5})$/.exec(address);
  if (!m) return '盒子地址 address 格式应为 主机:端口，如 192.168.1.20:8080';
  const port = Number(m[3]);
  if (port < 1 || port > 65535) return '盒子地址 address 的端口应在 1-65535 之间';
  if (/^[0-9.]+$/.test(m[1]) && (m[1].split('.').length !== 4 || m[1].split('.').some((n) => n === '' || Number(n) > 255)))
    return '盒子地址 address 的 IP 不正确';
  return null;
}

/** The start of the hour a time falls in (UTC hours; China has no half-hour offset). */
export function hourOf(t: Date | string): Date {
  const d = new Date(t);
  d.setUTCMinutes(0, 0, 0);
  return d;
}
