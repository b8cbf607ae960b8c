import type { WorkTimeEntry, WorkTimes } from '@openkefu/contract';

/*
 * A skill group's opening hours. On the wire `workTimes` is a JSON string
 * `{"timezone":"Asia/Shanghai","entries":[{"weekday":1,"start":"09:00","end":"18:00"}]}` and ''
 * means always open (contract `workTimesStringSchema`). The editor works on a draft with one row
 * per weekday; this module converts between the two and checks the draft with the contract's
 * rules (HH:mm, start before end, same day) plus no overlaps within a day.
 */

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** ISO weekday: 1 Monday … 7 Sunday. */
export type Weekday = (typeof WEEKDAYS)[number];

export type TimeRange = { start: string; end: string };
export type DaySchedule = { weekday: Weekday; enabled: boolean; ranges: TimeRange[] };
/** The editor's value: always seven days, Monday first. */
export type WorkTimeDraft = { timezone: string; alwaysOpen: boolean; days: DaySchedule[] };

/** The range a day gets when it is switched on. */
export const DEFAULT_RANGE: TimeRange = { start: '09:00', end: '18:00' };
/** Contract: at most 70 entries. */
export const MAX_WORK_TIME_ENTRIES = 70;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const isTimeOfDay = (value: unknown): value is string =>
  typeof value === 'string' && TIME_OF_DAY.test(value);

export const isTimeZone = (value: string): boolean => {
  if (value.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const browserTimeZone = (): string => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
};

/** The zones offered first in the picker; the browser's and the group's own are added when missing. */
export const COMMON_TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Singapore',
  'Asia/Bangkok',
  'Asia/Jakarta',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Moscow',
  'Africa/Cairo',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'UTC',
] as const;

export const timeZoneChoices = (...extra: (string | undefined)[]): string[] => {
  const zones: string[] = [];
  for (const zone of [...extra, browserTimeZone(), ...COMMON_TIME_ZONES]) {
    if (zone && isTimeZone(zone) && !zones.includes(zone)) zones.push(zone);
  }
  return zones;
};

export const emptyDays = (): DaySchedule[] =>
  WEEKDAYS.map((weekday) => ({ weekday, enabled: false, ranges: [] }));

export const alwaysOpenDraft = (timezone: string = browserTimeZone()): WorkTimeDraft => ({
  timezone,
  alwaysOpen: true,
  days: emptyDays(),
});

/** Monday to Friday, 09:00–18:00: where a schedule starts when "Always open" is switched off. */
export const officeHoursDays = (): DaySchedule[] =>
  WEEKDAYS.map((weekday) =>
    weekday <= 5
      ? { weekday, enabled: true, ranges: [{ ...DEFAULT_RANGE }] }
      : { weekday, enabled: false, ranges: [] },
  );

const toMinutes = (value: string): number => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
const fromMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The range "Add hours" appends: the working day for the first one, else the hour after the
 * latest end (so it does not overlap), or blank times to fill in when the day is already full.
 */
export const nextRangeAfter = (ranges: readonly TimeRange[]): TimeRange => {
  const ends = ranges.map((range) => range.end).filter(isTimeOfDay);
  if (ranges.length === 0 || ends.length === 0) return { ...DEFAULT_RANGE };
  const latest = Math.max(...ends.map(toMinutes));
  const lastMinute = 23 * 60 + 59;
  if (latest >= lastMinute) return { start: '', end: '' };
  return { start: fromMinutes(latest), end: fromMinutes(Math.min(latest + 60, lastMinute)) };
};

const byStart = (a: TimeRange, b: TimeRange): number => a.start.localeCompare(b.start);

const isEntry = (value: unknown): value is WorkTimeEntry => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.weekday === 'number' &&
    (WEEKDAYS as readonly number[]).includes(entry.weekday) &&
    isTimeOfDay(entry.start) &&
    isTimeOfDay(entry.end)
  );
};

/**
 * The stored string → the editor's draft. '' (or anything unreadable, which the server never
 * stores) is "always open" in `fallbackTimezone`.
 */
export const parseWorkTimes = (
  value: string | null | undefined,
  fallbackTimezone: string = browserTimeZone(),
): WorkTimeDraft => {
  if (!value || value.trim() === '') return alwaysOpenDraft(fallbackTimezone);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return alwaysOpenDraft(fallbackTimezone);
  }
  if (typeof parsed !== 'object' || parsed === null) return alwaysOpenDraft(fallbackTimezone);
  const { timezone, entries } = parsed as { timezone?: unknown; entries?: unknown };
  const zone = typeof timezone === 'string' && isTimeZone(timezone) ? timezone : fallbackTimezone;
  const valid = Array.isArray(entries) ? entries.filter(isEntry) : [];
  if (valid.length === 0) return alwaysOpenDraft(zone);
  return {
    timezone: zone,
    alwaysOpen: false,
    days: WEEKDAYS.map((weekday) => {
      const ranges = valid
        .filter((entry) => entry.weekday === weekday)
        .map(({ start, end }) => ({ start, end }))
        .sort(byStart);
      return { weekday, enabled: ranges.length > 0, ranges };
    }),
  };
};

/** The entries a draft stands for: switched-on days only, Monday first, each day by start time. */
export const toWorkTimeEntries = (draft: WorkTimeDraft): WorkTimeEntry[] =>
  draft.alwaysOpen
    ? []
    : draft.days
        .filter((day) => day.enabled)
        .flatMap((day) =>
          [...day.ranges].sort(byStart).map(({ start, end }) => ({ weekday: day.weekday, start, end })),
        );

/** The draft → the `workTimes` string the API takes ('' when always open). */
export const serializeWorkTimes = (draft: WorkTimeDraft): string => {
  const entries = toWorkTimeEntries(draft);
  if (entries.length === 0) return '';
  const value: WorkTimes = { timezone: draft.timezone, entries };
  return JSON.stringify(value);
};

export type WorkTimeIssueCode =
  'badTimezone' | 'missingTime' | 'startNotBeforeEnd' | 'overlap' | 'noOpenTime' | 'tooMany';

/** `weekday` and `index` (of the range within the day) point at the offending row when there is one. */
export type WorkTimeIssue = { code: WorkTimeIssueCode; weekday?: Weekday; index?: number };

/** Every problem that would stop the draft being saved, in display order. */
export const validateWorkTimes = (draft: WorkTimeDraft): WorkTimeIssue[] => {
  if (draft.alwaysOpen) return [];
  const issues: WorkTimeIssue[] = [];
  if (!isTimeZone(draft.timezone)) issues.push({ code: 'badTimezone' });
  let count = 0;
  for (const day of draft.days) {
    if (!day.enabled) continue;
    if (day.ranges.length === 0) issues.push({ code: 'missingTime', weekday: day.weekday });
    day.ranges.forEach((range, index) => {
      count += 1;
      if (!isTimeOfDay(range.start) || !isTimeOfDay(range.end))
        issues.push({ code: 'missingTime', weekday: day.weekday, index });
      else if (range.start >= range.end)
        issues.push({ code: 'startNotBeforeEnd', weekday: day.weekday, index });
    });
    // Overlaps among the well-formed ranges; touching (12:00–13:00, 13:00–18:00) is fine.
    const ordered = day.ranges
      .map((range, index) => ({ ...range, index }))
      .filter((range) => isTimeOfDay(range.start) && isTimeOfDay(range.end) && range.start < range.end)
      .sort(byStart);
    let latestEnd = '';
    for (const range of ordered) {
      if (latestEnd !== '' && range.start < latestEnd)
        issues.push({ code: 'overlap', weekday: day.weekday, index: range.index });
      if (range.end > latestEnd) latestEnd = range.end;
    }
  }
  if (count === 0 && !issues.some((issue) => issue.code === 'missingTime'))
    issues.push({ code: 'noOpenTime' });
  if (count > MAX_WORK_TIME_ENTRIES) issues.push({ code: 'tooMany' });
  return issues;
};

/** "Copy Monday to weekdays": Tuesday–Friday take Monday's switch and ranges. */
export const copyMondayToWeekdays = (draft: WorkTimeDraft): WorkTimeDraft => {
  const monday = draft.days.find((day) => day.weekday === 1);
  if (!monday) return draft;
  return {
    ...draft,
    days: draft.days.map((day) =>
      day.weekday >= 2 && day.weekday <= 5
        ? { ...day, enabled: monday.enabled, ranges: monday.ranges.map((range) => ({ ...range })) }
        : day,
    ),
  };
};

export type WorkTimeSummaryLabels = {
  /** Short weekday names, Monday first (seven of them). */
  weekdays: readonly string[];
  /** Between the groups of days, e.g. '; '. */
  groupSeparator: string;
};

/**
 * A one-line description of a stored `workTimes` string: null when always open, otherwise the
 * schedule ("Mon–Fri 09:00–18:00; Sat 10:00–14:00") and the time zone. Consecutive days with the
 * same hours are merged.
 */
export const summarizeWorkTimes = (
  value: string | null | undefined,
  labels: WorkTimeSummaryLabels,
): { schedule: string; timezone: string } | null => {
  const draft = parseWorkTimes(value, 'UTC');
  if (draft.alwaysOpen) return null;
  const hoursOf = (day: DaySchedule) => day.ranges.map((range) => `${range.start}–${range.end}`).join(', ');
  const groups: { from: Weekday; to: Weekday; hours: string }[] = [];
  for (const day of draft.days) {
    if (!day.enabled || day.ranges.length === 0) continue;
    const hours = hoursOf(day);
    const last = groups[groups.length - 1];
    if (last && last.hours === hours && last.to === day.weekday - 1) last.to = day.weekday;
    else groups.push({ from: day.weekday, to: day.weekday, hours });
  }
  const name = (weekday: Weekday) => labels.weekdays[weekday - 1] ?? String(weekday);
  const schedule = groups
    .map(({ from, to, hours }) => `${from === to ? name(from) : `${name(from)}–${name(to)}`} ${hours}`)
    .join(labels.groupSeparator);
  return { schedule, timezone: draft.timezone };
};
