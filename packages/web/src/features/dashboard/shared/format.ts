import type { Language, StatisticUnit } from '@openkefu/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDayTime } from '../../../shared/utils/dayTime';

/** What a missing figure shows (the statistics answer null, never 0, when there is nothing to count). */
export const NO_FIGURE = '—';

/** The browser's IANA zone: the dashboard counts "today" where its reader is. */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** A local day as the statistics calls take it. */
export const dayKey = (day: Dayjs): string => day.format('YYYY-MM-DD');

/** Today and the `days - 1` days before it, as `from`/`to`. */
export const lastDays = (days: number, today: Dayjs = dayjs()) => ({
  from: dayKey(today.subtract(days - 1, 'day')),
  to: dayKey(today),
});

/** A figure in its unit: counts grouped, durations as "1m 20s", shares as "12.5%", scores as "4.3". */
export const formatFigure = (
  value: number | null | undefined,
  unit: StatisticUnit,
  language: Language,
): string => {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_FIGURE;
  switch (unit) {
    case 'seconds':
      return formatDayTime(Math.round(value));
    case 'share':
      return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value * 100)}%`;
    case 'score':
      return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
        value,
      );
    default:
      return new Intl.NumberFormat(language).format(value);
  }
};

/** A relative change as a signed percentage: "+12.5%", "−3%", "0%". */
export const formatChange = (change: number): string => {
  const percent = Math.round(change * 1000) / 10;
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent)}%`;
};

/** (now − then) / then; null when either is missing or then is 0 (no meaningful change). */
export const changeOf = (now: number | null | undefined, then: number | null | undefined): number | null =>
  now === null || now === undefined || then === null || then === undefined || then === 0
    ? null
    : (now - then) / then;
