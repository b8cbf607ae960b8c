import type { DashboardMonitor } from '@openkefu/contract';
import { storage } from '../../../shared/storage/storage';

/**
 * The wallboard's alert levels: past one, its tile turns red. Kept per browser (a wallboard is a
 * screen on a wall, set up once), under the console's `pro__` storage.
 */
export type MonitorThresholds = {
  /** Conversations waiting. */
  waiting: number;
  /** The longest wait, seconds. */
  longestWaitSeconds: number;
  /** Today's average first response, seconds. */
  firstResponseSeconds: number;
  /** Today's abandoned share of queued conversations, percent. */
  abandonmentPercent: number;
  /** Today's average rating (1–5): below it is bad. */
  minSatisfaction: number;
};

export const MONITOR_THRESHOLDS_KEY = 'DASHBOARD_MONITOR_THRESHOLDS';

export const defaultThresholds: MonitorThresholds = {
  waiting: 5,
  longestWaitSeconds: 120,
  firstResponseSeconds: 60,
  abandonmentPercent: 10,
  minSatisfaction: 4,
};

const isThreshold = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export const loadThresholds = (): MonitorThresholds => {
  const stored = storage.get<Partial<Record<keyof MonitorThresholds, unknown>>>(MONITOR_THRESHOLDS_KEY);
  const result = { ...defaultThresholds };
  if (stored && typeof stored === 'object')
    for (const key of Object.keys(defaultThresholds) as (keyof MonitorThresholds)[]) {
      const value = stored[key];
      if (isThreshold(value) && value >= 0) result[key] = value;
    }
  return result;
};

export const saveThresholds = (thresholds: MonitorThresholds): void =>
  storage.set(MONITOR_THRESHOLDS_KEY, thresholds);

export type MonitorAlerts = {
  waiting: boolean;
  longestWait: boolean;
  firstResponse: boolean;
  abandonment: boolean;
  satisfaction: boolean;
  /** A skill group's queue: people wait and nobody who could take them is online, or the wait is too long. */
  group: (group: DashboardMonitor['queue']['groups'][number], waitSeconds: number | null) => boolean;
};

/** Which tiles are past their threshold; a missing figure (null) never alerts. */
export const alertsOf = (
  snapshot: DashboardMonitor,
  longestWaitSeconds: number | null,
  thresholds: MonitorThresholds,
): MonitorAlerts => {
  const today = snapshot.today ?? {};
  const firstResponse = today.firstResponseAvg ?? null;
  const abandonment = today.abandonmentRate ?? null;
  const satisfaction = today.satisfactionAvg ?? null;
  return {
    waiting: snapshot.queue.waiting > thresholds.waiting,
    longestWait: longestWaitSeconds !== null && longestWaitSeconds > thresholds.longestWaitSeconds,
    firstResponse: firstResponse !== null && firstResponse > thresholds.firstResponseSeconds,
    abandonment: abandonment !== null && abandonment * 100 > thresholds.abandonmentPercent,
    satisfaction: satisfaction !== null && satisfaction < thresholds.minSatisfaction,
    group: (group, waitSeconds) =>
      group.waiting > 0 &&
      ((group.wid !== null && group.agentsOnline === 0) ||
        (waitSeconds !== null && waitSeconds > thresholds.longestWaitSeconds)),
  };
};
