/**
 * The time stamp in an export's file name (门店销售_20260510103000.xlsx): the moment in the business time zone
 * (BUSINESS_TZ), as a person in the shops reads their clock — not UTC, which is 8 hours early in China.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function fileStamp(zone: string, at: Date = new Date()): string {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formats.set(zone, f);
  }
  const part = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}${part.month}${part.day}${part.hour}${part.minute}${part.second}`;
}
