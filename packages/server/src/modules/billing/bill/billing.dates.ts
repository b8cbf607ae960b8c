/*
 * Billing's calendar. Days and months are UTC, like llm_usage's days, so every node and the
 * database agree on where a day or a month ends. Validity (`validate_until_date`) is inclusive: an
 * organisation valid until 2026-03-31 may write all of that day.
 */

const dayMs = 24 * 3600_000;

/** YYYY-MM-DD of an instant. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** YYYY-MM of an instant. */
export const periodOf = (ms: number): string => utcDay(ms).slice(0, 7);

const parseDay = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/** The month before `period`. */
export const previousPeriod = (period: string): string => {
  const [year, month] = period.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
};

/** First and last day of a month, and its instants [startMs, endMs). */
export const periodBounds = (period: string) => {
  const startMs = parseDay(`${period}-01`);
  const [year, month] = period.split('-').map(Number);
  const endMs = Date.UTC(year, month, 1);
  return { firstDay: `${period}-01`, lastDay: utcDay(endMs - dayMs), startMs, endMs };
};

/** `day` plus whole months, the day of month kept where it exists (Jan 31 + 1 month = Feb 28/29). */
export const addMonths = (day: string, months: number): string => {
  const [year, month, date] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastOfTarget = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastOfTarget));
  return utcDay(target.getTime());
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((parseDay(to) - parseDay(from)) / dayMs);

export const addDays = (day: string, days: number): string => utcDay(parseDay(day) + days * dayMs);

/** The later of two days. */
export const laterDay = (a: string, b: string): string => (a >= b ? a : b);
