import type {
  AccountUpdateBody,
  AdminAccountCreateBody,
  BalanceLog,
  BalanceUpdateBody,
  Envelope,
  Page,
  RenewBody,
  User,
  ValidityUpdateBody,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/** Platform → users: calls over every organisation's accounts (platform staff only). */

export type UserFilters = {
  username?: string;
  nickname?: string;
  email?: string;
  mobile?: string;
  /** Only organisation owners (admin accounts): `GET /api/user/all/admin`. */
  ownersOnly?: boolean;
};

/** `GET /api/user/filter/admin`, or `GET /api/user/all/admin` for organisation owners only. */
export const fetchUserPage = async ({
  page,
  size,
  ownersOnly,
  ...filters
}: PageQuery<UserFilters>): Promise<Page<User>> => {
  const path = ownersOnly ? '/api/user/all/admin' : '/api/user/filter/admin';
  return (await http.get<Envelope<Page<User>>>(path, { params: { page, size, ...filters } })).data;
};

export const renewUser = async (body: RenewBody): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/user/renew', body);
};

export const updateUserBalance = async (body: BalanceUpdateBody): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/user/update/balance', body);
};

export const updateUserValidity = async (body: ValidityUpdateBody): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/user/update/validateUntilDate', body);
};

export const updateUserDescription = async (body: { uid: string; description: string }): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/v2/user/description', body);
};

export const setUserEnabled = async (uid: string, enabled: boolean): Promise<void> => {
  await http.post<Envelope<unknown>>(enabled ? '/api/user/update/enable' : '/api/user/update/disable', {
    uid,
  });
};

/** An administrator's reset: no old password. */
export const resetUserPassword = async (body: { uid: string; password: string }): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/user/update/password', body);
};

/** A new admin account together with the organisation it owns. */
export const createAdminAccount = async (body: AdminAccountCreateBody): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/user/create/user', body);
};

export const updateAccount = async (body: AccountUpdateBody): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/user/update/user', body);
};

export type BalanceLogQuery = PageQuery<{ uid: string }>;

export const fetchBalanceLog = async ({ uid, page, size }: BalanceLogQuery): Promise<Page<BalanceLog>> =>
  (await http.get<Envelope<Page<BalanceLog>>>('/api/user/balance/log', { params: { uid, page, size } })).data;
