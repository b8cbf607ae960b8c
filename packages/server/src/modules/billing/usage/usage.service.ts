import type { UsageDay, usageQuerySchema } from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../../db/database.js';
import { AppError } from '../../../http/errors.js';
import { addDays, daysBetween, periodBounds, periodOf, utcDay } from '../bill/billing.dates.js';
import {
  countSeatsNow,
  listUsageDays,
  peakSeatsByOrg,
  recordSeatsOfDay,
  recordTokensOfDay,
  tokensByOrg,
} from './usage.repository.js';

/** The longest range one usage query covers. */
const maxRangeDays = 366;

export type MonthToDate = { period: string; peakSeats: number; seatsToday: number; tokens: number };

export type UsageService = ReturnType<typeof createUsageService>;

export const createUsageService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /**
   * Records every organisation's usage at `at`: today's seats (kept as the day's peak) and tokens,
   * and yesterday's final tokens (the day closed after the last run). Three statements in all.
   */
  const record = async (at: number = now()): Promise<void> => {
    const today = utcDay(at);
    await recordSeatsOfDay(db, today);
    await recordTokensOfDay(db, addDays(today, -1));
    await recordTokensOfDay(db, today);
  };

  /** A month's usage of one organisation; the running month includes today's live seat count. */
  const monthOf = async (orgId: number, period: string, at: number = now()): Promise<MonthToDate> => {
    const { firstDay, lastDay } = periodBounds(period);
    const isRunning = period === periodOf(at);
    const [peaks, tokens, seatsToday] = await Promise.all([
      peakSeatsByOrg(db, { from: firstDay, to: lastDay, orgId }),
      tokensByOrg(db, { from: firstDay, to: lastDay, orgId }),
      isRunning ? countSeatsNow(db, orgId) : Promise.resolve(0),
    ]);
    return {
      period,
      peakSeats: Math.max(peaks.get(orgId) ?? 0, seatsToday),
      seatsToday,
      tokens: tokens.get(orgId) ?? 0,
    };
  };

  /** Days of one organisation for a chart, oldest first; today (when in range) is counted live. */
  const list = async (orgId: number, query: z.output<typeof usageQuerySchema>): Promise<UsageDay[]> => {
    const span = daysBetween(query.from, query.to);
    if (span < 0) throw AppError.validation([{ field: 'to', message: 'must not be before from' }]);
    if (span >= maxRangeDays)
      throw AppError.validation([{ field: 'to', message: `at most ${maxRangeDays} days after from` }]);
    const rows = await listUsageDays(db, orgId, query);
    const days: UsageDay[] = rows.map((row) => ({
      day: row.day,
      seats: Number(row.seats),
      tokens: Number(row.tokens),
    }));
    const today = utcDay(now());
    if (today < query.from || today > query.to) return days;
    const [seats, tokens] = await Promise.all([
      countSeatsNow(db, orgId),
      tokensByOrg(db, { from: today, to: today, orgId }),
    ]);
    const recorded = days.find((day) => day.day === today);
    const live: UsageDay = {
      day: today,
      seats: Math.max(recorded?.seats ?? 0, seats),
      tokens: tokens.get(orgId) ?? 0,
    };
    return [...days.filter((day) => day.day !== today), live];
  };

  return { record, monthOf, list };
};
