import type {
  Envelope,
  Page,
  UserBrief,
  Workgroup,
  WorkgroupCreateBody,
  WorkgroupUpdateBody,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/** Spec §7 "Workgroup" calls, plus the agent and robot lists the form picks from. */

export type GroupFilters = { nickname?: string };

/** `GET /api/workgroup/query`, or `GET /api/workgroup/filter` when a name is searched for. */
export const fetchGroupPage = async ({
  page,
  size,
  nickname,
}: PageQuery<GroupFilters>): Promise<Page<Workgroup>> => {
  const search = nickname?.trim();
  const body = search
    ? await http.get<Envelope<Page<Workgroup>>>('/api/workgroup/filter', {
        params: { page, size, nickname: search },
      })
    : await http.get<Envelope<Page<Workgroup>>>('/api/workgroup/query', { params: { page, size } });
  return body.data;
};

/** Every skill group of the organisation (the on-duty group picker). */
export const fetchAllGroups = async (): Promise<Workgroup[]> =>
  (await http.get<Envelope<Workgroup[]>>('/api/workgroup/all')).data;

/** The organisation's agents (members and admin pickers). */
export const fetchAgents = async (): Promise<UserBrief[]> =>
  (await http.get<Envelope<UserBrief[]>>('/api/user/get/all')).data;

/** The organisation's robots (robot picker). */
export const fetchRobots = async (): Promise<UserBrief[]> =>
  (await http.get<Envelope<UserBrief[]>>('/api/user/robot/all')).data;

export const createGroup = async (body: WorkgroupCreateBody): Promise<Workgroup> =>
  (await http.post<Envelope<Workgroup>>('/api/workgroup/create', body)).data;

export const updateGroup = async (body: WorkgroupUpdateBody): Promise<Workgroup> =>
  (await http.post<Envelope<Workgroup>>('/api/workgroup/update', body)).data;

export const toggleGroupRobot = async (wid: string, defaultRobot: boolean): Promise<Workgroup> =>
  (await http.post<Envelope<Workgroup>>('/api/workgroup/toggle/robot', { wid, defaultRobot })).data;

export const toggleGroupCollectMobile = async (
  wid: string,
  robotCollectMobile: boolean,
): Promise<Workgroup> =>
  (
    await http.post<Envelope<Workgroup>>('/api/workgroup/toggle/robot/collectMobile', {
      wid,
      robotCollectMobile,
    })
  ).data;

export const deleteGroup = async (wid: string): Promise<void> => {
  await http.delete<Envelope<null>>('/api/workgroup/delete', { params: { wid } });
};
