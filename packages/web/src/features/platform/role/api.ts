import type { Envelope, RoleDetail, RoleUpdateBody } from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/** `POST /api/v1/role/update`: name, description, authorities and permissions of one role. */
export const updateRole = async (body: RoleUpdateBody): Promise<RoleDetail | null> =>
  (await http.post<Envelope<RoleDetail | null>>('/api/v1/role/update', body)).data;
