/**
 * HTTP byte ranges (RFC 9110 §14) for one representation of `size` bytes (pure).
 * One range only: a multi-range request is answered with the whole file, which the RFC allows.
 */
export type RangeDecision =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (!header) return { kind: 'full' };
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  // Malformed or multiple ranges: ignore the header (RFC 9110 §14.2).
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  if (m[1] === '') {
    // Suffix: the last N bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  let end = m[2] === '' ? size - 1 : Number(m[2]);
  if (m[2] !== '' && end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  end = Math.min(end, size - 1);
  return { kind: 'partial', start, end };
}

/**
 * If-Range: the range applies only when the validator still matches (strong ETag, or the exact
 * Last-Modified date); otherwise the client gets the whole, current file.
 */
export function ifRangeMatches(ifRange: string | undefined, etag: string, lastModified: Date): boolean {
  if (!ifRange) return true;
  const v = ifRange.trim();
  if (v.startsWith('"') || v.startsWith('W/')) return v === etag;
  const t = Date.parse(v);
  return Number.isFinite(t) && Math.floor(lastModified.getTime() / 1000) === Math.floor(t / 1000);
}
