import { workTimesSchema } from '@openkefu/contract';

const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/**
 * Whether a skill group is open at `at`, by its `workTimes` JSON (weekday 1 = Monday … 7, HH:mm
 * windows in the group's time zone). '' or no entries means always open; an unreadable value is
 * treated as always open so a bad setting never turns every visitor away.
 */
export const isWithinWorkTimes = (workTimes: string, at: number): boolean => {
  if (!workTimes) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(workTimes);
  } catch {
    return true;
  }
  const result = workTimesSchema.safeParse(parsed);
  if (!result.success || result.data.entries.length === 0) return true;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: result.data.timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = weekdays[part('weekday')] ?? 0;
  const time = `${part('hour')}:${part('minute')}`;
  return result.data.entries.some(
    (entry) => entry.weekday === weekday && entry.start <= time && time < entry.end,
  );
};
