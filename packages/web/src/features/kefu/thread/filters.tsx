import type { ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { Client, ThreadStatus } from '@openkefu/contract';
import { fetchAgentOptions } from './api';

/* Search-form pieces the records pages share: the time range, the agent picker, the enum lists. */

/** Contract `threadStatusValues` (listed here to keep zod off the page). */
export const THREAD_STATUS_VALUES = [
  'robot',
  'queuing',
  'chatting',
  'offline',
  'closed',
] as const satisfies readonly ThreadStatus[];

/** Contract `clientValues`: the channels a visitor comes from, the visitor-facing ones first. */
export const CLIENT_VALUES = [
  'web',
  'wap',
  'float',
  'weixin',
  'wechat_mp',
  'wechat_url',
  'wechat_mini',
  'android',
  'ios',
  'uniapp',
  'flutter',
  'wechat_kefu',
  'wechat_work',
  'feishu',
  'whatsapp',
  'messenger',
  'line',
  'shopee',
  'lazada',
  'douyin',
  'weibo',
  'baidu',
  'email',
  'web_mqtt',
  'window_admin',
  'mac_admin',
  'android_admin',
  'ios_admin',
  'web_admin',
  'wechat_mini_admin',
  'system',
] as const satisfies readonly Client[];

const toEpoch = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const parsed = dayjs(value as string | number | Date);
  return parsed.isValid() ? parsed.valueOf() : undefined;
};

/** A picked range (strings, numbers or dayjs values, as ProTable hands them over) → epoch-ms `from`/`to`. */
export const toEpochRange = (value: unknown): { from?: number; to?: number } => {
  if (!Array.isArray(value)) return {};
  const [start, end] = value as unknown[];
  const range: { from?: number; to?: number } = {};
  const from = toEpoch(start);
  const to = toEpoch(end);
  if (from !== undefined) range.from = from;
  if (to !== undefined) range.to = to;
  return range;
};

/** A search-only time range column whose value reaches the request as `from`/`to`. */
export const timeRangeColumn = <T,>(title: string): ProColumns<T> => ({
  title,
  dataIndex: 'timeRange',
  valueType: 'dateTimeRange',
  hideInTable: true,
  search: { transform: (value: unknown) => toEpochRange(value) },
});

export const AGENT_OPTIONS_QUERY_KEY = ['kefu', 'records', 'agents'] as const;

/** The organisation's agents as select options (uid → nickname). */
export const useAgentOptions = () => {
  const query = useQuery({
    queryKey: AGENT_OPTIONS_QUERY_KEY,
    queryFn: fetchAgentOptions,
    staleTime: 30_000,
  });
  const options = (query.data ?? [])
    .filter((agent) => !agent.robot)
    .map((agent) => ({ value: agent.uid, label: agent.nickname || agent.username }));
  return { options, isLoading: query.isLoading };
};
