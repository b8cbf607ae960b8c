import type {
  DashboardGuide,
  DashboardMonitor,
  DashboardWorkplace,
  Envelope,
  StatisticGroupBy,
  StatisticMetric,
  StatisticMetricKey,
  StatisticOnline,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/* Issue 17: GET /api/dashboard/{workplace,monitor,guide}, and the statistics the analysis page reads. */

export const fetchWorkplace = async (tz: string): Promise<DashboardWorkplace> =>
  (await http.get<Envelope<DashboardWorkplace>>('/api/dashboard/workplace', { params: { tz } })).data;

export const fetchMonitor = async (tz: string): Promise<DashboardMonitor> =>
  (await http.get<Envelope<DashboardMonitor>>('/api/dashboard/monitor', { params: { tz } })).data;

export const fetchGuide = async (): Promise<DashboardGuide> =>
  (await http.get<Envelope<DashboardGuide>>('/api/dashboard/guide')).data;

/** The metric registry in the request's language: labels, definitions, units, whether a rise is good. */
export const fetchMetrics = async (): Promise<StatisticMetric[]> =>
  (await http.get<Envelope<StatisticMetric[]>>('/api/statistic/metrics')).data;

export type OnlineRequest = {
  /** YYYY-MM-DD, inclusive, in `tz`. */
  from: string;
  to: string;
  tz: string;
  groupBy: StatisticGroupBy;
  metrics: readonly StatisticMetricKey[];
  /** Also the previous period of equal length (the change). */
  isCompared: boolean;
};

export const fetchOnline = async ({
  from,
  to,
  tz,
  groupBy,
  metrics,
  isCompared,
}: OnlineRequest): Promise<StatisticOnline> =>
  (
    await http.get<Envelope<StatisticOnline>>('/api/statistic/online', {
      params: { from, to, tz, groupBy, metrics: metrics.join(','), compare: isCompared },
    })
  ).data;
