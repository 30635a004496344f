import type { FieldSchema } from '../../core/descriptors/types.ts';

/** A read-only value of a document field as text: numbers with their declared decimals, empty as —. */
export function formatCell(field: FieldSchema | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (field?.type === 'number' || field?.type === 'integer') {
    const n = Number(value);
    if (!Number.isFinite(n)) return String(value);
    const decimals = field['x-decimals'];
    if (decimals === 3) return String(Math.round(n * 1000) / 1000);
    if (decimals !== undefined) return n.toLocaleString('zh-CN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    return n.toLocaleString('zh-CN', { maximumFractionDigits: 3 });
  }
  return String(value);
}
