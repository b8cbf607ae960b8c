import type { AuthorityKey } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { defaultRoles } from './role.defaults.js';
import {
  deleteRolePermissionsById,
  insertRolePermissions,
  listRolesWithAuthorities,
} from './role.repository.js';

/**
 * Grants a menu item created after seeding to the roles that can see it, with the same default
 * actions the seed gives that role in that section — otherwise its page would show up in the menu
 * with every action button removed (spec §5).
 */
export const grantMenuItemPermissions = async (
  db: Executor,
  item: { permissionId: string; section: string; authorities: AuthorityKey[] },
): Promise<void> => {
  await deleteRolePermissionsById(db, item.permissionId);
  for (const role of await listRolesWithAuthorities(db)) {
    const defaults = defaultRoles.find((candidate) => candidate.value === role.value);
    if (!defaults) continue;
    const canSee =
      item.authorities.length === 0
        ? role.authorities.length > 0
        : item.authorities.some((authority) => role.authorities.includes(authority));
    if (!canSee) continue;
    const actionList = defaults.actionsFor(item.section, item.permissionId.split('.')[1]);
    if (actionList.length > 0)
      await insertRolePermissions(db, role.id, [{ permissionId: item.permissionId, actionList }]);
  }
};
