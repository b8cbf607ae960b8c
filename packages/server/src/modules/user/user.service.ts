import type { AuthorityKey, Profile } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../auth/auth.service.js';
import { findOrganizationById } from '../organization/organization.repository.js';
import { findRoleDetailsOfUser } from '../role/role.repository.js';
import { findUserInOrganization } from './user.repository.js';

export type UserService = ReturnType<typeof createUserService>;

export const createUserService = (deps: { db: Executor }) => {
  /** Spec §3 "Current user info": always the caller's own record, in the caller's organisation. */
  const getProfile = async (principal: Principal): Promise<Profile> => {
    const [user, organization, roles] = await Promise.all([
      findUserInOrganization(deps.db, principal.orgId, principal.userId),
      findOrganizationById(deps.db, principal.orgId),
      findRoleDetailsOfUser(deps.db, principal.userId),
    ]);
    if (!user || !organization) throw AppError.unauthorized();
    const authorities = new Set<AuthorityKey>(roles.flatMap((role) => role.authorities));
    return {
      uid: user.uid,
      username: user.username,
      nickname: user.nickname,
      avatar: user.avatar,
      email: user.email,
      mobile: user.mobile,
      subDomain: organization.sub_domain,
      balance: user.balance_cents / 100,
      validateUntilDate: user.validate_until_date,
      roles: roles.map((role) => ({
        rid: role.rid,
        value: role.value,
        name: role.name,
        description: role.description,
        authorities: role.authorities,
        permissions: role.permissions,
      })),
      authorities: [...authorities],
      organization: { oid: organization.oid, name: organization.name, subDomain: organization.sub_domain },
      isPlatformStaff: principal.isPlatformStaff,
      isAdminAccount: principal.isAdminAccount,
    };
  };

  return { getProfile };
};
