import { workTimesSchema, type WorkTimes } from '@openkefu/contract';

/*
 * Time-zone arithmetic of the reports, on Intl only (no time-zone library): wall-clock parts of an
 * instant, the instant of a wall-clock time, and the time within a skill group's work hours.
 */

export const hourMs = 3_600_000;
export const dayMs = 24 * hourMs;

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

export const wallClockOf = (at: number, timeZone: string): WallClock => {
  const parts = formatterOf(timeZone).formatToParts(new Date(at));
  const value = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour') % 24,
    minute: value('minute'),
  };
};

/** The zone's offset from UTC at `at`, in ms (UTC+8 → 28 800 000). */
export const offsetOf = (at: number, timeZone: string): number => {
  const wall = wallClockOf(at, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - Math.floor(at / 60_000) * 60_000;
};

/** The instant a wall-clock time happens in the zone (a time skipped by a DST change lands an hour off). */
export const instantOf = (
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): number => {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetOf(guess, timeZone);
  const offset = offsetOf(first, timeZone);
  return offset === guess - first ? first : guess - offset;
};

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export const dateKeyOf = (wall: Pick<WallClock, 'year' | 'month' | 'day'>): string =>
  `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;

/** Parses YYYY-MM-DD (already validated). */
export const parseDateKey = (key: string): { year: number; month: number; day: number } => {
  const [year, month, day] = key.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: day ?? 1 };
};

/** The date key `days` after `key` (calendar arithmetic, no zone). */
export const addDays = (key: string, days: number): string => {
  const { year, month, day } = parseDateKey(key);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return dateKeyOf({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
};

/** Days from `from` to `to` (date keys). */
export const daysBetween = (from: string, to: string): number => {
  const a = parseDateKey(from);
  const b = parseDateKey(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / dayMs);
};

/** Weekday 1 (Monday) … 7 (Sunday) of a date key. */
export const weekdayOf = (key: string): number => {
  const { year, month, day } = parseDateKey(key);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
};

/** The instant the local day `key` starts in the zone. */
export const startOfDay = (key: string, timeZone: string): number => {
  const { year, month, day } = parseDateKey(key);
  return instantOf(year, month, day, 0, 0, timeZone);
};

export const parseWorkTimes = (workTimes: string): WorkTimes | null => {
  if (!workTimes) return null;
  try {
    const result = workTimesSchema.safeParse(JSON.parse(workTimes));
    return result.success && result.data.entries.length > 0 ? result.data : null;
  } catch {
    return null;
  }
};

type DayWindows = { dayStart: number; windows: [number, number][] };

/** Per schedule: its parsed form and each local day's windows as instants (Intl is slow: ~20 µs a call). */
const schedules = new Map<
  string,
  { parsed: WorkTimes | null; days: Map<string, DayWindows>; dates: Map<number, string> }
>();

const scheduleOf = (workTimes: string) => {
  let schedule = schedules.get(workTimes);
  if (!schedule) {
    if (schedules.size > 1000) schedules.clear();
    schedule = { parsed: parseWorkTimes(workTimes), days: new Map(), dates: new Map() };
    schedules.set(workTimes, schedule);
  }
  return schedule;
};

const windowsOf = (schedule: ReturnType<typeof scheduleOf>, parsed: WorkTimes, key: string): DayWindows => {
  let day = schedule.days.get(key);
  if (!day) {
    if (schedule.days.size > 20_000) schedule.days.clear();
    const weekday = weekdayOf(key);
    const { year, month, day: date } = parseDateKey(key);
    const at = (time: string) => {
      const [hours, minutes] = time.split(':').map(Number);
      return instantOf(year, month, date, hours ?? 0, minutes ?? 0, parsed.timezone);
    };
    day = {
      dayStart: startOfDay(key, parsed.timezone),
      windows: parsed.entries
        .filter((entry) => entry.weekday === weekday)
        .map((entry): [number, number] => [at(entry.start), at(entry.end)]),
    };
    schedule.days.set(key, day);
  }
  return day;
};

/**
 * The part of [from, to) inside a skill group's work hours, in ms ('' or no entries: always open,
 * so the whole span). Windows are wall-clock times in the group's zone, so a DST change moves them
 * with the clock. Spans longer than 400 days are cut there (a figure, not an audit).
 */
export const workDuration = (workTimes: string, from: number, to: number): number => {
  if (to <= from) return 0;
  const schedule = scheduleOf(workTimes);
  const parsed = schedule.parsed;
  if (!parsed) return to - from;
  const end = Math.min(to, from + 400 * dayMs);
  // The local date of `from`, cached per UTC hour (zones move dates on the hour or half hour).
  const hourKey = Math.floor(from / (hourMs / 2));
  let key = schedule.dates.get(hourKey);
  if (key === undefined) {
    if (schedule.dates.size > 20_000) schedule.dates.clear();
    key = dateKeyOf(wallClockOf(hourKey * (hourMs / 2), parsed.timezone));
    schedule.dates.set(hourKey, key);
  }
  key = addDays(key, -1);
  let total = 0;
  for (let guard = 0; guard < 403; guard += 1) {
    const day = windowsOf(schedule, parsed, key);
    if (day.dayStart >= end) break;
    for (const [windowStart, windowEnd] of day.windows) {
      const overlap = Math.min(windowEnd, end) - Math.max(windowStart, from);
      if (overlap > 0) total += overlap;
    }
    key = addDays(key, 1);
  }
  return total;
};
