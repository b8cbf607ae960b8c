import type {
  Envelope,
  Page,
  StatisticDrillRow,
  StatisticGroupBy,
  StatisticMetric,
  StatisticMetricKey,
  StatisticOnline,
  UserBrief,
  Workgroup,
} from '@openkefu/contract';
import { downloadFile, type Download } from '../../../shared/api/download';
import { http } from '../../../shared/api/http';

/* Issue 17: GET /api/statistic/metrics, /online, /drill and /export. */

/** The filters every statistics call shares: local days (inclusive) in `tz`, and the dimensions. */
export type StatisticFilters = {
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD, inclusive */
  to: string;
  /** IANA time zone the days and hours are counted in. */
  tz: string;
  wid?: string;
  uid?: string;
  channel?: string;
};

export const fetchMetricRegistry = async (): Promise<StatisticMetric[]> =>
  (await http.get<Envelope<StatisticMetric[]>>('/api/statistic/metrics')).data;

export const fetchOnline = async (
  filters: StatisticFilters,
  groupBy: StatisticGroupBy,
  metrics: readonly StatisticMetricKey[],
  isCompared: boolean,
): Promise<StatisticOnline> =>
  (
    await http.get<Envelope<StatisticOnline>>('/api/statistic/online', {
      params: { ...filters, groupBy, metrics: metrics.join(','), compare: isCompared },
    })
  ).data;

export const fetchDrill = async (
  filters: StatisticFilters,
  metric: StatisticMetricKey,
  page: number,
  size: number,
): Promise<Page<StatisticDrillRow>> =>
  (
    await http.get<Envelope<Page<StatisticDrillRow>>>('/api/statistic/drill', {
      params: { ...filters, metric, page, size },
    })
  ).data;

/** The report as .xlsx with every figure (no `metrics`: the server writes all the rollups answer). */
export const exportStatistic = async (
  filters: StatisticFilters,
  groupBy: StatisticGroupBy,
): Promise<Download> =>
  downloadFile(
    '/api/statistic/export',
    { ...filters, groupBy },
    `statistics-${filters.from}-${filters.to}.xlsx`,
  );

/*
 * The filter pickers' lists need kefu.account / skill-group rights that a plain agent holding
 * `statistic` lacks (they see only their own figures anyway): asked silently, a refusal hides the
 * picker instead of raising a 403 notice.
 */
export const fetchWorkgroupChoices = async (): Promise<Workgroup[]> =>
  (await http.get<Envelope<Workgroup[]>>('/api/workgroup/all', { silent: true })).data;

export const fetchAgentChoices = async (): Promise<UserBrief[]> =>
  (await http.get<Envelope<UserBrief[]>>('/api/user/get/all', { silent: true })).data;
