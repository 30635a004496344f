/**
 * Week numbering of the weekly meeting (周会): ISO 8601 weeks. A week runs Monday to Sunday and belongs to the
 * year its Thursday falls in, so week 1 is the week holding 4 January; 29-31 December may be week 1 of the next
 * year and 1-3 January week 52 or 53 of the one before.
 */

export interface WeekOfYear {
  /** The year the week is counted in (not always the date's calendar year). */
  year: number;
  weekNum: number;
  /** Monday, YYYY-MM-DD. */
  weekStart: string;
  /** Sunday, YYYY-MM-DD. */
  weekEnd: string;
  /** 2026年第48周（11-23 至 11-29） */
  label: string;
}

const DAY = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` (checked against the calendar) as UTC midnight; null when it is none. */
export function parseDay(s: string): Date | null {
  const m = DATE.exec(s);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) ? d : null;
}

export const dayText = (d: Date): string => d.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  const d = parseDay(day);
  if (!d) throw new Error(`not a date: ${day}`);
  return dayText(new Date(d.getTime() + n * DAY));
}

export function weekOf(day: string): WeekOfYear {
  const d = parseDay(day);
  if (!d) throw new Error(`not a date: ${day}`);
  const dow = (d.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = new Date(d.getTime() - dow * DAY);
  const thursday = new Date(monday.getTime() + 3 * DAY);
  const year = thursday.getUTCFullYear();
  const weekNum = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY / 7) + 1;
  const sunday = new Date(monday.getTime() + 6 * DAY);
  const weekStart = dayText(monday);
  const weekEnd = dayText(sunday);
  return { year, weekNum, weekStart, weekEnd, label: `${year}年第${weekNum}周（${weekStart.slice(5)} 至 ${weekEnd.slice(5)}）` };
}

/** How many weeks the ISO year has (52 or 53). */
export const weeksInYear = (year: number): number => weekOf(`${year}-12-28`).weekNum;
