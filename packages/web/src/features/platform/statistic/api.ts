import type { Envelope, PlatformStatistic } from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/** Platform → statistic: figures per UTC day (`from` / `to` as YYYY-MM-DD, inclusive). */
export const fetchPlatformStatistic = async (from: string, to: string): Promise<PlatformStatistic> =>
  (await http.get<Envelope<PlatformStatistic>>('/api/platform/statistic', { params: { from, to } })).data;
