import {
  authorityKeys,
  type AuthorityDetail,
  type Permission,
  type RoleDetail,
  type roleUpdateBodySchema,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import {
  findExistingMenuNames,
  findRoleByRid,
  listMenuSections,
  listRoleSummaries,
  replaceRoleAuthorities,
  replaceRolePermissions,
  updateRoleText,
  type RoleSummary,
} from './role.repository.js';
import { noSessionRevoker, type SessionRevoker } from '../auth/principal-cache.js';

export type RoleUpdateInput = z.output<typeof roleUpdateBodySchema>;

export type RoleService = ReturnType<typeof createRoleService>;

const toDetail = ({ id: _id, ...role }: RoleSummary): RoleDetail => role;

/**
 * Platform staff edit what each (platform-wide) role grants. The auth guards read grants from cached
 * sign-ins, which an update forgets, so a change applies from the holders' next request.
 */
export const createRoleService = (deps: { db: Executor; now?: () => number; sessions?: SessionRevoker }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  const listAll = async (): Promise<RoleDetail[]> => (await listRoleSummaries(db)).map(toDetail);

  const checkPermissions = async (trx: Executor, permissions: Permission[]): Promise<Permission[]> => {
    const ids = permissions.map((permission) => permission.permissionId);
    const duplicates = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
    if (duplicates.length > 0) {
      throw AppError.badRequest('role.duplicatePermissions', {
        params: { ids: duplicates.join(', ') },
        fields: [{ field: 'permissions', message: `listed more than once: ${duplicates.join(', ')}` }],
      });
    }
    const existing = await findExistingMenuNames(trx, ids);
    const unknown = ids.filter((id) => !existing.has(id));
    if (unknown.length > 0) {
      throw AppError.badRequest('role.unknownPermissions', {
        params: { ids: unknown.join(', ') },
        fields: [{ field: 'permissions', message: `not menu items: ${unknown.join(', ')}` }],
      });
    }
    return permissions.map((permission) => ({
      permissionId: permission.permissionId,
      actionList: [...new Set(permission.actionList)],
    }));
  };

  const update = async (input: RoleUpdateInput): Promise<RoleDetail> => {
    await db.transaction().execute(async (trx) => {
      const role = await findRoleByRid(trx, input.rid);
      if (!role) throw AppError.notFound('role.notFound', { rid: input.rid });

      const authorities = input.authorities && [...new Set(input.authorities)];
      if (authorities) {
        // `internal` opens the platform section and cross-tenant views: exactly ROLE_SUPER holds it.
        if (role.value === 'ROLE_SUPER' && !authorities.includes('internal')) {
          throw AppError.badRequest('role.superKeepsInternal', {
            fields: [{ field: 'authorities', message: 'ROLE_SUPER must keep "internal"' }],
          });
        }
        if (role.value !== 'ROLE_SUPER' && authorities.includes('internal')) {
          throw AppError.badRequest('role.internalOnlySuper', {
            fields: [{ field: 'authorities', message: 'only ROLE_SUPER may hold "internal"' }],
          });
        }
      }
      const permissions = input.permissions && (await checkPermissions(trx, input.permissions));

      await updateRoleText(trx, role.id, { name: input.name, description: input.description }, now());
      if (authorities) await replaceRoleAuthorities(trx, role.id, authorities);
      if (permissions) await replaceRolePermissions(trx, role.id, permissions);
    });
    // Roles are shared by every organisation: any signed-in user may hold this one.
    (deps.sessions ?? noSessionRevoker).forgetAll();
    const updated = (await listRoleSummaries(db)).find((role) => role.rid === input.rid);
    if (!updated) throw AppError.notFound('role.notFound', { rid: input.rid });
    return toDetail(updated);
  };

  /** Every authority key with the menu sections it opens and the roles holding it. */
  const listAuthorities = async (): Promise<AuthorityDetail[]> => {
    const [sections, roles] = await Promise.all([listMenuSections(db), listRoleSummaries(db)]);
    return authorityKeys.map((key) => ({
      key,
      menus: sections
        .filter((section) => section.authorities.includes(key))
        .map(({ name, title, titleEn }) => ({ name, title, titleEn })),
      roles: roles.filter((role) => role.authorities.includes(key)).map((role) => role.value),
    }));
  };

  return { listAll, update, listAuthorities };
};
