/** The date formats of the designer (watermark time, dataType datetime): YYYY MMMM MM DD HH mm ss. */
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(date: Date, format = 'YYYY-MM-DD HH:mm'): string {
  if (Number.isNaN(date.getTime())) return '';
  return format.replace(/YYYY|MMMM|MM|DD|HH|mm|ss/g, (t) => {
    switch (t) {
      case 'YYYY': return String(date.getFullYear());
      case 'MMMM': return `${date.getMonth() + 1}月`;
      case 'MM': return pad(date.getMonth() + 1);
      case 'DD': return pad(date.getDate());
      case 'HH': return pad(date.getHours());
      case 'mm': return pad(date.getMinutes());
      default: return pad(date.getSeconds());
    }
  });
}

/** A Date from a timestamp, a Date, or a date string; null when it is none. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const d = new Date(/^\d{4}-\d{2}-\d{2} /.test(value) ? value.replace(' ', 'T') : value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}
