/**
 * The business calendar: days `YYYY-MM-DD` and months `YYYY-MM` as text, with their arithmetic done on UTC
 * midnights so it is the same on every machine whatever its zone. Which day is *today* is the business time zone's
 * (BUSINESS_TZ, default Asia/Shanghai): the server reads it from the database, whose sessions are pinned to that
 * zone (server/db/calendar.ts dbToday), or with dayIn(zone); a screen takes its own clock's day (localDay).
 * Validation of descriptor date fields (patterns, messages) is core/descriptors/dates.ts.
 */

import { isDateParam } from './descriptors/dates.ts';

export const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day `YYYY-MM-DD` as its UTC midnight; null for 2026-02-30 or anything not in that form. */
export function parseDay(s: string): Date | null {
  const m = DAY.exec(s);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) ? d : null;
}

/** A real calendar day written `YYYY-MM-DD`. */
export const isDay = (v: unknown): v is string => typeof v === 'string' && parseDay(v) !== null;

/** The day of a UTC midnight (as parseDay gives) as `YYYY-MM-DD`. */
export const dayText = (d: Date): string => d.toISOString().slice(0, 10);

function dayOrThrow(day: string): Date {
  const d = parseDay(day);
  if (!d) throw new RangeError(`not a date: ${day}`);
  return d;
}

/** Days since 1970-01-01: differences of days without a Date in local time. */
export const dayNumber = (day: string): number => dayOrThrow(day).getTime() / DAY_MS;

/** The day `n` days after `day` (before when negative), across months and leap years. */
export const addDays = (day: string, n: number): string => dayText(new Date(dayOrThrow(day).getTime() + n * DAY_MS));

/** Days from `from` to `to` (0 for the same day, negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** Every day from `from` to `to`, both included, in order (none when `to` is earlier). */
export function daysOf(p: { from: string; to: string }): string[] {
  const out: string[] = [];
  for (let d = p.from; d <= p.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Saturday or Sunday. */
export function isWeekend(day: string): boolean {
  const d = dayOrThrow(day).getUTCDay();
  return d === 0 || d === 6;
}

/** The Monday of the week (Monday to Sunday) that holds `day`. */
export const weekStart = (day: string): string => addDays(day, -((dayOrThrow(day).getUTCDay() + 6) % 7));

/** A month written `YYYY-MM`. */
export const isMonth = (s: string): boolean => isDateParam('month', s);

/** The month of a day. */
export const monthOf = (day: string): string => day.slice(0, 7);

function monthParts(month: string): [number, number] {
  if (!isMonth(month)) throw new RangeError(`not a month: ${month}`);
  const [y, m] = month.split('-').map(Number);
  return [y, m];
}

/** The month `n` months after `month` (before when negative). */
export function addMonths(month: string, n: number): string {
  const [y, m] = monthParts(month);
  const i = y * 12 + (m - 1) + n;
  return `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/** The month before `month`. */
export const previousMonth = (month: string): string => addMonths(month, -1);

/** The first and last day of a month. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = monthParts(month);
  return { from: `${month}-01`, to: dayText(new Date(Date.UTC(y, m, 0))) };
}

/** Every day of a month. */
export const daysOfMonth = (month: string): string[] => daysOf(monthRange(month));

/** An ISO 8601 week (周会): Monday to Sunday, counted in the year its Thursday falls in. */
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

/**
 * The ISO week of a day: week 1 holds 4 January, so 29-31 December may be week 1 of the next year and
 * 1-3 January week 52 or 53 of the one before.
 */
export function weekOf(day: string): WeekOfYear {
  const start = weekStart(day);
  const thursday = dayOrThrow(addDays(start, 3));
  const year = thursday.getUTCFullYear();
  const weekNum = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  const weekEnd = addDays(start, 6);
  return { year, weekNum, weekStart: start, weekEnd, label: `${year}年第${weekNum}周（${start.slice(5)} 至 ${weekEnd.slice(5)}）` };
}

/** How many weeks the ISO year has (52 or 53). */
export const weeksInYear = (year: number): number => weekOf(`${year}-12-28`).weekNum;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The day a moment falls on in a time zone (an IANA name such as the business zone, Asia/Shanghai). */
export function dayIn(zone: string, at: Date = new Date()): string {
  let f = zoneFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    zoneFormats.set(zone, f);
  }
  const part = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The day of a moment on this machine's clock: a screen's today (the shops' browsers run in the business zone). */
export const localDay = (d: Date = new Date()): string => `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;

/** The local day `n` days before a moment's (today when not given). */
export const daysBefore = (n: number, d: Date = new Date()): string => localDay(new Date(d.getFullYear(), d.getMonth(), d.getDate() - n));
