import type {
  ChannelAccount,
  ChannelCreateBody,
  ChannelOverview,
  ChannelPlatformApps,
  ChannelTestResult,
  ChannelType,
  ChannelUpdateBody,
  Envelope,
  Page,
  Workgroup,
} from '@openkefu/contract';
import { http } from '../../shared/api/http';
import type { PageQuery } from '../../shared/table/usePageRequest';

/* Issue 19, console side: /api/channel/* (all behind the `admin` authority). */

export type ChannelFilters = { type: ChannelType };

export const fetchChannelPage = async ({
  page,
  size,
  type,
}: PageQuery<ChannelFilters>): Promise<Page<ChannelAccount>> =>
  (await http.get<Envelope<Page<ChannelAccount>>>('/api/channel/query', { params: { page, size, type } }))
    .data;

export const createChannel = async (body: ChannelCreateBody): Promise<ChannelAccount> =>
  (await http.post<Envelope<ChannelAccount>>('/api/channel/create', body)).data;

export const updateChannel = async (body: ChannelUpdateBody): Promise<ChannelAccount> =>
  (await http.post<Envelope<ChannelAccount>>('/api/channel/update', body)).data;

export const setChannelEnabled = async (caid: string, isEnabled: boolean): Promise<ChannelAccount> =>
  (await http.post<Envelope<ChannelAccount>>(`/api/channel/${isEnabled ? 'enable' : 'disable'}`, { caid }))
    .data;

export const testChannel = async (caid: string): Promise<ChannelTestResult> =>
  (await http.post<Envelope<ChannelTestResult>>('/api/channel/test', { caid })).data;

/** Shopee, Lazada: the platform page where the shop grants us access. */
export const fetchAuthorizationUrl = async (caid: string): Promise<string> =>
  (await http.post<Envelope<{ url: string }>>('/api/channel/authorize', { caid })).data.url;

export const deleteChannel = async (caid: string): Promise<void> => {
  await http.delete<Envelope<null>>('/api/channel/delete', { params: { caid } });
};

export const fetchChannelOverview = async (days: number): Promise<ChannelOverview> =>
  (await http.get<Envelope<ChannelOverview>>('/api/channel/overview', { params: { days } })).data;

/** The channels whose platform app (set up by platform staff) an account can connect through. */
export const fetchPlatformApps = async (): Promise<ChannelPlatformApps> =>
  (await http.get<Envelope<ChannelPlatformApps>>('/api/channel/platform-apps', { silent: true })).data;

/** The skill-group picker's options; silent: a failure leaves the picker empty (the default group). */
export const fetchWorkgroups = async (): Promise<Workgroup[]> =>
  (await http.get<Envelope<Workgroup[]>>('/api/workgroup/all', { silent: true })).data;
