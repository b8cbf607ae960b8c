import {
  permissionActions,
  type AuthorityKey,
  type Language,
  type MenuNode,
  type Permission,
  type PermissionAction,
} from '@openkefu/contract';
import { titleOf } from '../../../shared/routing/buildRoutes';

/** One row of the permissions matrix: a menu section (depth 0) or one of its items. */
export type MatrixRow = { permissionId: string; title: string; depth: number };

/** permissionId → the actions ticked for it. */
export type PermissionState = Record<string, PermissionAction[]>;

/** Same rule as the server's menu visibility: no authorities listed opens it to every role. */
const isOpenedBy = (node: Pick<MenuNode, 'authorities'>, held: ReadonlySet<AuthorityKey>) =>
  node.authorities.length === 0 || node.authorities.some((authority) => held.has(authority));

/** The sections the given authorities open, each followed by its items, titled in `language`. */
export const matrixRows = (
  tree: MenuNode[],
  authorities: AuthorityKey[],
  language: Language,
): MatrixRow[] => {
  const held = new Set(authorities);
  const rows: MatrixRow[] = [];
  const walk = (nodes: MenuNode[], depth: number) => {
    for (const node of [...nodes].sort((a, b) => a.order - b.order)) {
      if (!isOpenedBy(node, held)) continue;
      rows.push({ permissionId: node.name, title: titleOf(node, language), depth });
      walk(node.children ?? [], depth + 1);
    }
  };
  walk(tree, 0);
  return rows;
};

export const allMenuNames = (tree: MenuNode[]): Set<string> => {
  const names = new Set<string>();
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      names.add(node.name);
      walk(node.children ?? []);
    }
  };
  walk(tree);
  return names;
};

const inActionOrder = (actions: Iterable<PermissionAction>): PermissionAction[] => {
  const set = new Set(actions);
  return permissionActions.filter((action) => set.has(action));
};

export const toPermissionState = (permissions: Permission[]): PermissionState => {
  const state: PermissionState = {};
  for (const permission of permissions)
    state[permission.permissionId] = inActionOrder([
      ...(state[permission.permissionId] ?? []),
      ...permission.actionList,
    ]);
  return state;
};

export const toggleAction = (
  state: PermissionState,
  permissionId: string,
  action: PermissionAction,
  isOn: boolean,
): PermissionState => {
  const current = new Set(state[permissionId] ?? []);
  if (isOn) current.add(action);
  else current.delete(action);
  return { ...state, [permissionId]: inActionOrder(current) };
};

export const toggleAllActions = (
  state: PermissionState,
  permissionId: string,
  isOn: boolean,
): PermissionState => ({ ...state, [permissionId]: isOn ? [...permissionActions] : [] });

/**
 * What the role keeps: the ticked actions of the rows on screen, plus permissions for menu entries
 * this tree does not list (left as they were: they cannot be edited here). Permissions of sections
 * the role's authorities no longer open are dropped, since they could not show anything.
 */
export const toPermissions = (
  state: PermissionState,
  rows: MatrixRow[],
  menuNames: ReadonlySet<string>,
): Permission[] => {
  const visible = new Set(rows.map((row) => row.permissionId));
  const permissions: Permission[] = [];
  for (const row of rows) {
    const actionList = state[row.permissionId] ?? [];
    if (actionList.length > 0) permissions.push({ permissionId: row.permissionId, actionList });
  }
  for (const [permissionId, actionList] of Object.entries(state)) {
    if (visible.has(permissionId) || menuNames.has(permissionId) || actionList.length === 0) continue;
    permissions.push({ permissionId, actionList });
  }
  return permissions;
};
