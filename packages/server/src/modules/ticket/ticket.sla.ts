import {
  ticketPriorityValues,
  workTimesSchema,
  type TicketPriority,
  type TicketSlaPolicy,
} from '@openkefu/contract';

/*
 * SLA targets in business time: a target of N minutes is N minutes inside the skill group's
 * `workTimes` windows (the same JSON thread/work-hours.ts reads; '' or unreadable = always open,
 * the same fallback so a bad setting never stops the clock altogether).
 */

const minuteMs = 60_000;
const dayMs = 1440 * minuteMs;
const weekMs = 7 * dayMs;
const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** Built-in targets (business minutes) until an organisation saves its own. */
export const defaultSlaPolicies: Record<TicketPriority, Omit<TicketSlaPolicy, 'priority' | 'updatedAt'>> = {
  critical: { firstResponseMinutes: 30, resolutionMinutes: 4 * 60, warnMinutes: 15 },
  urgent: { firstResponseMinutes: 60, resolutionMinutes: 8 * 60, warnMinutes: 30 },
  high: { firstResponseMinutes: 4 * 60, resolutionMinutes: 24 * 60, warnMinutes: 60 },
  medium: { firstResponseMinutes: 8 * 60, resolutionMinutes: 48 * 60, warnMinutes: 120 },
  low: { firstResponseMinutes: 24 * 60, resolutionMinutes: 120 * 60, warnMinutes: 240 },
  lowest: { firstResponseMinutes: 48 * 60, resolutionMinutes: 240 * 60, warnMinutes: 480 },
};

export const priorityRank = (priority: TicketPriority): number => ticketPriorityValues.indexOf(priority);

type Window = { start: number; end: number };

/** Opening windows as [start, end) in milliseconds since Monday 00:00 local time, merged. */
const readWindows = (workTimes: string): { timezone: string; windows: Window[] } | null => {
  if (!workTimes) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(workTimes);
  } catch {
    return null;
  }
  const result = workTimesSchema.safeParse(parsed);
  if (!result.success || result.data.entries.length === 0) return null;
  const toMs = (time: string) => {
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    return (hours * 60 + minutes) * minuteMs;
  };
  const sorted = result.data.entries
    .map((entry) => ({
      start: (entry.weekday - 1) * dayMs + toMs(entry.start),
      end: (entry.weekday - 1) * dayMs + toMs(entry.end),
    }))
    .sort((a, b) => a.start - b.start);
  const windows: Window[] = [];
  for (const window of sorted) {
    const last = windows.at(-1);
    if (last && window.start <= last.end) last.end = Math.max(last.end, window.end);
    else windows.push({ ...window });
  }
  return { timezone: result.data.timezone, windows };
};

/** Wall-clock time in `timezone` as if it were UTC, and its weekday. */
const localClock = (timezone: string, at: number): { wall: number; weekday: number } => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const weekday = weekdays[parts.find((p) => p.type === 'weekday')?.value ?? ''] ?? 1;
  const wall =
    Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) +
    (at % 1000);
  return { wall, weekday };
};

/**
 * The instant `minutes` business minutes after `start`. Walks the weekly windows (at most a few
 * steps per week of target), then corrects once for a daylight-saving shift between the two ends.
 */
export const addBusinessMinutes = (workTimes: string, start: number, minutes: number): number => {
  const schedule = readWindows(workTimes);
  if (!schedule) return start + minutes * minuteMs;
  const { timezone, windows } = schedule;
  const clock = localClock(timezone, start);
  let position = (clock.weekday - 1) * dayMs + (clock.wall % dayMs);
  let remaining = minutes * minuteMs;
  let elapsed = 0;
  // A week holds at least one window, so each lap consumes time; the bound only guards bugs.
  for (let step = 0; step < 100_000; step += 1) {
    const inside = windows.find((w) => w.start <= position && position < w.end);
    if (inside) {
      const available = inside.end - position;
      if (remaining <= available) {
        elapsed += remaining;
        break;
      }
      elapsed += available;
      remaining -= available;
      position = inside.end;
    } else {
      const next = windows.find((w) => w.start > position);
      const gap = next ? next.start - position : (windows[0]?.start ?? 0) + weekMs - position;
      elapsed += gap;
      position += gap;
    }
    if (position >= weekMs) position -= weekMs;
  }
  const guess = start + elapsed;
  const offsetAt = (at: number) => localClock(timezone, at).wall - at;
  return guess - (offsetAt(guess) - offsetAt(start));
};

export type SlaTargets = { firstResponseDueAt: number | null; resolutionDueAt: number | null };

export const computeSlaTargets = (
  policy: Pick<TicketSlaPolicy, 'firstResponseMinutes' | 'resolutionMinutes'>,
  workTimes: string,
  start: number,
): SlaTargets => ({
  firstResponseDueAt:
    policy.firstResponseMinutes > 0
      ? addBusinessMinutes(workTimes, start, policy.firstResponseMinutes)
      : null,
  resolutionDueAt:
    policy.resolutionMinutes > 0 ? addBusinessMinutes(workTimes, start, policy.resolutionMinutes) : null,
});

/** The nearest target still running: first response until answered, resolution until resolved, the due date. */
export const nextDueAt = (ticket: {
  isOpen: boolean;
  firstRespondedAt: number | null;
  firstResponseDueAt: number | null;
  resolutionDueAt: number | null;
  dueAt: number | null;
}): number | null => {
  if (!ticket.isOpen) return null;
  const candidates = [
    ticket.firstRespondedAt === null ? ticket.firstResponseDueAt : null,
    ticket.resolutionDueAt,
    ticket.dueAt,
  ].filter((value): value is number => value !== null);
  return candidates.length === 0 ? null : Math.min(...candidates);
};
