import type {
  AgentCreateBody,
  AgentStatus,
  AgentUpdateBody,
  Envelope,
  Page,
  RobotCreateBody,
  RobotUpdateBody,
  User,
  Workgroup,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/* Spec §7 "User" and "Workgroup" calls used by the customer-service pages. */

/** Search form of the agent list; each is a "contains" filter of `GET /api/user/query`. */
export type AgentFilters = {
  nickname?: string;
  realName?: string;
  username?: string;
  email?: string;
  mobile?: string;
};

export const fetchAgentPage = async ({
  page,
  size,
  nickname,
  realName,
  username,
  email,
  mobile,
}: PageQuery<AgentFilters>): Promise<Page<User>> =>
  (
    await http.get<Envelope<Page<User>>>('/api/user/query', {
      params: { page, size, nickname, realName, username, email, mobile },
    })
  ).data;

export const createAgent = async (body: AgentCreateBody): Promise<User> =>
  (await http.post<Envelope<User>>('/api/user/create', body)).data;

export const updateAgent = async (body: AgentUpdateBody): Promise<User> =>
  (await http.post<Envelope<User>>('/api/user/update', body)).data;

/** An admin's reset of another agent's password (no old password). */
export const resetAgentPassword = async (uid: string, password: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/user/update/password', { uid, password });
};

export const enableUser = async (uid: string): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/user/update/enable', { uid });
};

export const disableUser = async (uid: string): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/user/update/disable', { uid });
};

export const deleteAgent = async (uid: string): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/user/delete', { id: uid });
};

export const fetchRobotPage = async ({ page, size }: PageQuery<Record<string, never>>): Promise<Page<User>> =>
  (await http.get<Envelope<Page<User>>>('/api/user/robot', { params: { page, size } })).data;

export const createRobot = async (body: RobotCreateBody): Promise<User> =>
  (await http.post<Envelope<User>>('/api/user/create/robot', body)).data;

export const updateRobot = async (body: RobotUpdateBody): Promise<User> =>
  (await http.post<Envelope<User>>('/api/user/update/robot', body)).data;

export const deleteRobot = async (uid: string): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/user/robot/delete', { id: uid });
};

/** Every skill group of the organisation, for pickers and filters. */
export const fetchAllWorkgroups = async (): Promise<Workgroup[]> =>
  (await http.get<Envelope<Workgroup[]>>('/api/workgroup/all')).data;

export type AgentStatusFilters = {
  status?: 'online' | 'offline';
  wid?: string;
  nickname?: string;
};

export const fetchAgentStatusPage = async ({
  page,
  size,
  status,
  wid,
  nickname,
}: PageQuery<AgentStatusFilters>): Promise<Page<AgentStatus>> =>
  (
    await http.get<Envelope<Page<AgentStatus>>>('/api/user/status', {
      params: { page, size, status, wid, nickname },
    })
  ).data;
