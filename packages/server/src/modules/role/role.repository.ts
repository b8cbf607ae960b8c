import {
  authorityKeys,
  type AuthorityKey,
  type Permission,
  type PermissionAction,
  type RoleValue,
} from '@openkefu/contract';
import type { Executor } from '../../db/database.js';

/** Roles are platform-wide definitions (the spec's ROLE_* list), not tenant data. */

export type RoleRow = { id: number; rid: string; value: RoleValue; name: string; description: string };

export const insertRole = async (
  db: Executor,
  role: { rid: string; value: RoleValue; name: string; description: string; now: number },
): Promise<number> => {
  const row = await db
    .insertInto('role')
    .values({
      rid: role.rid,
      value: role.value,
      name: role.name,
      description: role.description,
      created_at: role.now,
      updated_at: role.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

export const insertRoleAuthorities = async (
  db: Executor,
  roleId: number,
  authorities: AuthorityKey[],
): Promise<void> => {
  if (authorities.length === 0) return;
  await db
    .insertInto('role_authority')
    .values(authorities.map((authority) => ({ role_id: roleId, authority })))
    .execute();
};

export const insertRolePermissions = async (
  db: Executor,
  roleId: number,
  permissions: Permission[],
): Promise<void> => {
  // Chunked: SQLite limits the number of bound parameters per statement.
  for (let start = 0; start < permissions.length; start += 200) {
    const chunk = permissions.slice(start, start + 200);
    await db
      .insertInto('role_permission')
      .values(
        chunk.map((permission) => ({
          role_id: roleId,
          permission_id: permission.permissionId,
          action_list: JSON.stringify(permission.actionList),
        })),
      )
      .execute();
  }
};

export const countRoles = async (db: Executor): Promise<number> => {
  const row = await db
    .selectFrom('role')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const findRoleIdsByValues = async (
  db: Executor,
  values: RoleValue[],
): Promise<Map<RoleValue, number>> => {
  if (values.length === 0) return new Map();
  const rows = await db.selectFrom('role').select(['id', 'value']).where('value', 'in', values).execute();
  return new Map(rows.map((row) => [row.value as RoleValue, row.id]));
};

export const assignRolesToUser = async (db: Executor, userId: number, roleIds: number[]): Promise<void> => {
  if (roleIds.length === 0) return;
  await db
    .insertInto('user_role')
    .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
    .execute();
};

/** Role values and authorities of one user, in one round trip (checked on every authenticated request). */
export const findRoleGrantsOfUser = async (
  db: Executor,
  userId: number,
): Promise<{ roles: RoleValue[]; authorities: AuthorityKey[] }> => {
  const rows = await db
    .selectFrom('user_role')
    .innerJoin('role', 'role.id', 'user_role.role_id')
    .leftJoin('role_authority', 'role_authority.role_id', 'role.id')
    .select(['role.value', 'role_authority.authority'])
    .where('user_role.user_id', '=', userId)
    .orderBy('role.id')
    .execute();
  const roles = new Set<RoleValue>();
  const authorities = new Set<AuthorityKey>();
  for (const row of rows) {
    roles.add(row.value as RoleValue);
    if (row.authority) authorities.add(row.authority as AuthorityKey);
  }
  return { roles: [...roles], authorities: [...authorities] };
};

export type RoleDetail = RoleRow & { authorities: AuthorityKey[]; permissions: Permission[] };

const parseActions = (json: string): PermissionAction[] => JSON.parse(json) as PermissionAction[];

export const findRoleDetailsOfUser = async (db: Executor, userId: number): Promise<RoleDetail[]> => {
  const roles = await db
    .selectFrom('user_role')
    .innerJoin('role', 'role.id', 'user_role.role_id')
    .select(['role.id', 'role.rid', 'role.value', 'role.name', 'role.description'])
    .where('user_role.user_id', '=', userId)
    .orderBy('role.id')
    .execute();
  if (roles.length === 0) return [];
  const roleIds = roles.map((role) => role.id);
  const [authorities, permissions] = await Promise.all([
    db
      .selectFrom('role_authority')
      .select(['role_id', 'authority'])
      .where('role_id', 'in', roleIds)
      .execute(),
    db
      .selectFrom('role_permission')
      .select(['role_id', 'permission_id', 'action_list'])
      .where('role_id', 'in', roleIds)
      .orderBy('role_id')
      .orderBy('permission_id')
      .execute(),
  ]);
  return roles.map((role) => ({
    id: role.id,
    rid: role.rid,
    value: role.value as RoleValue,
    name: role.name,
    description: role.description,
    authorities: authorities
      .filter((row) => row.role_id === role.id)
      .map((row) => row.authority as AuthorityKey),
    permissions: permissions
      .filter((row) => row.role_id === role.id)
      .map((row) => ({ permissionId: row.permission_id, actionList: parseActions(row.action_list) })),
  }));
};

/** Actions a user holds on one permissionId, merged over all their roles. */
export const findActionsOfUser = async (
  db: Executor,
  userId: number,
  permissionId: string,
): Promise<Set<PermissionAction>> => {
  const rows = await db
    .selectFrom('user_role')
    .innerJoin('role_permission', 'role_permission.role_id', 'user_role.role_id')
    .select('role_permission.action_list')
    .where('user_role.user_id', '=', userId)
    .where('role_permission.permission_id', '=', permissionId)
    .execute();
  return new Set(rows.flatMap((row) => parseActions(row.action_list)));
};

export type RoleWithAuthorities = { id: number; value: RoleValue; authorities: AuthorityKey[] };

export const listRolesWithAuthorities = async (db: Executor): Promise<RoleWithAuthorities[]> => {
  const rows = await db
    .selectFrom('role')
    .leftJoin('role_authority', 'role_authority.role_id', 'role.id')
    .select(['role.id', 'role.value', 'role_authority.authority'])
    .orderBy('role.id')
    .execute();
  const roles = new Map<number, RoleWithAuthorities>();
  for (const row of rows) {
    const role = roles.get(row.id) ?? { id: row.id, value: row.value as RoleValue, authorities: [] };
    if (row.authority) role.authorities.push(row.authority as AuthorityKey);
    roles.set(row.id, role);
  }
  return [...roles.values()];
};

export const deleteRolePermissionsById = async (db: Executor, permissionId: string): Promise<void> => {
  await db.deleteFrom('role_permission').where('permission_id', '=', permissionId).execute();
};

export const renameRolePermissions = async (db: Executor, from: string, to: string): Promise<void> => {
  await db
    .updateTable('role_permission')
    .set({ permission_id: to })
    .where('permission_id', '=', from)
    .execute();
};

/* Platform → roles and authorities (GET /api/v1/role/all, POST /api/v1/role/update, GET /api/v1/authority/all). */

export type RoleSummary = RoleDetail & { userCount: number };

/** Every role with its grants and how many live (not deleted) accounts hold it, across organisations. */
export const listRoleSummaries = async (db: Executor): Promise<RoleSummary[]> => {
  const [roles, authorities, permissions, counts] = await Promise.all([
    db.selectFrom('role').select(['id', 'rid', 'value', 'name', 'description']).orderBy('id').execute(),
    db.selectFrom('role_authority').select(['role_id', 'authority']).execute(),
    db
      .selectFrom('role_permission')
      .select(['role_id', 'permission_id', 'action_list'])
      .orderBy('role_id')
      .orderBy('permission_id')
      .execute(),
    db
      .selectFrom('user_role')
      .innerJoin('user', 'user.id', 'user_role.user_id')
      .select((eb) => ['user_role.role_id', eb.fn.countAll<number>().as('count')])
      .where('user.deleted_at', 'is', null)
      .groupBy('user_role.role_id')
      .execute(),
  ]);
  return roles.map((role) => ({
    id: role.id,
    rid: role.rid,
    value: role.value as RoleValue,
    name: role.name,
    description: role.description,
    // In the contract's order, so a role reads the same whichever order its grants were written in.
    authorities: authorityKeys.filter((key) =>
      authorities.some((row) => row.role_id === role.id && row.authority === key),
    ),
    permissions: permissions
      .filter((row) => row.role_id === role.id)
      .map((row) => ({ permissionId: row.permission_id, actionList: parseActions(row.action_list) })),
    userCount: Number(counts.find((row) => row.role_id === role.id)?.count ?? 0),
  }));
};

export const findRoleByRid = async (db: Executor, rid: string): Promise<RoleRow | undefined> => {
  const row = await db
    .selectFrom('role')
    .select(['id', 'rid', 'value', 'name', 'description'])
    .where('rid', '=', rid)
    .executeTakeFirst();
  return row && { ...row, value: row.value as RoleValue };
};

export const updateRoleText = async (
  db: Executor,
  roleId: number,
  text: { name?: string; description?: string },
  now: number,
): Promise<void> => {
  await db
    .updateTable('role')
    .set({ name: text.name, description: text.description, updated_at: now })
    .where('id', '=', roleId)
    .execute();
};

export const replaceRoleAuthorities = async (
  db: Executor,
  roleId: number,
  authorities: AuthorityKey[],
): Promise<void> => {
  await db.deleteFrom('role_authority').where('role_id', '=', roleId).execute();
  await insertRoleAuthorities(db, roleId, authorities);
};

export const replaceRolePermissions = async (
  db: Executor,
  roleId: number,
  permissions: Permission[],
): Promise<void> => {
  await db.deleteFrom('role_permission').where('role_id', '=', roleId).execute();
  if (permissions.length > 0) await insertRolePermissions(db, roleId, permissions);
};

/** Which of `names` are menu item names (the permissionIds a role can be granted). */
export const findExistingMenuNames = async (db: Executor, names: string[]): Promise<Set<string>> => {
  const found = new Set<string>();
  for (let start = 0; start < names.length; start += 200) {
    const rows = await db
      .selectFrom('menu')
      .select('name')
      .where('name', 'in', names.slice(start, start + 200))
      .execute();
    for (const row of rows) found.add(row.name);
  }
  return found;
};

/** Menu sections (top-level items) with the authorities that open them, in menu order. */
export const listMenuSections = async (
  db: Executor,
): Promise<{ name: string; title: string; titleEn: string; authorities: AuthorityKey[] }[]> => {
  const rows = await db
    .selectFrom('menu')
    .select(['name', 'title', 'title_en', 'authorities'])
    .where('type', '=', 'section')
    .orderBy('platform')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    title: row.title,
    titleEn: row.title_en,
    authorities: JSON.parse(row.authorities) as AuthorityKey[],
  }));
};
