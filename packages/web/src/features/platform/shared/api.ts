import type { AuthorityDetail, Envelope, RoleDetail } from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/** `GET /api/v1/role/all`: every role with its authorities, permissions and account count. */
export const fetchRoles = async (): Promise<RoleDetail[]> =>
  (await http.get<Envelope<RoleDetail[]>>('/api/v1/role/all')).data;

/** `GET /api/v1/authority/all`: each authority key, the menu sections it opens, the roles holding it. */
export const fetchAuthorities = async (): Promise<AuthorityDetail[]> =>
  (await http.get<Envelope<AuthorityDetail[]>>('/api/v1/authority/all')).data;

export const ROLES_QUERY_KEY = ['platform', 'roles'] as const;
export const AUTHORITIES_QUERY_KEY = ['platform', 'authorities'] as const;
