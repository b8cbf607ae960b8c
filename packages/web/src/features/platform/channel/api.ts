import type {
  ChannelAppType,
  Envelope,
  PlatformChannelApp,
  PlatformChannelAppTest,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/** Platform → channels: the platform's own apps on channel platforms (platform staff only). */

export const CHANNEL_APPS_QUERY_KEY = ['platform', 'channel-apps'] as const;

export const fetchChannelApps = async (): Promise<PlatformChannelApp[]> =>
  (await http.get<Envelope<PlatformChannelApp[]>>('/api/platform/channel-app/all')).data;

export const saveChannelApp = async (
  type: ChannelAppType,
  values: Record<string, string>,
): Promise<PlatformChannelApp> =>
  (await http.post<Envelope<PlatformChannelApp>>('/api/platform/channel-app/save', { type, values })).data;

export const testChannelApp = async (type: ChannelAppType): Promise<PlatformChannelAppTest> =>
  (await http.post<Envelope<PlatformChannelAppTest>>('/api/platform/channel-app/test', { type })).data;
