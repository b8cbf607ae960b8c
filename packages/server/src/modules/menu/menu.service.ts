import {
  toPage,
  type MenuItem,
  type MenuNode,
  type Page,
  type menuCreateBodySchema,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import { grantMenuItemPermissions } from '../role/role.permissions.js';
import { deleteRolePermissionsById, renameRolePermissions } from '../role/role.repository.js';
import type { Principal } from '../auth/auth.service.js';
import {
  deleteMenuItem,
  findMenuByMid,
  findMenuByName,
  findMenuParentRowId,
  hasMenuChildren,
  insertMenuItem,
  listMenuItems,
  pageMenuItems,
  updateMenuItem,
  type MenuRecord,
  type MenuValues,
} from './menu.repository.js';

export type MenuInput = z.output<typeof menuCreateBodySchema>;

export type MenuService = ReturnType<typeof createMenuService>;

const toItem = ({ id: _id, parentRowId: _parentRowId, ...item }: MenuRecord): MenuItem => item;

/**
 * Spec §2/§6: an item is visible when the user holds one of its authorities (none listed: any
 * signed-in user); admin-only items only for ADMIN_ACCOUNT; anything guarded by `internal` (the
 * platform section) only for platform staff. Debug-only items stay in: the console hides them
 * in production builds.
 */
export const isMenuItemVisible = (item: MenuItem, principal: Principal): boolean => {
  if (item.adminOnly && !principal.isAdminAccount) return false;
  if (item.authorities.includes('internal') && !principal.isPlatformStaff) return false;
  return (
    item.authorities.length === 0 ||
    item.authorities.some((authority) => principal.authorities.has(authority))
  );
};

/** Builds the tree from rows already sorted by order, keeping only what the user may see. */
export const buildVisibleTree = (records: MenuRecord[], principal: Principal): MenuNode[] => {
  const childrenOf = new Map<number | null, MenuRecord[]>();
  for (const record of records) {
    const siblings = childrenOf.get(record.parentRowId) ?? [];
    siblings.push(record);
    childrenOf.set(record.parentRowId, siblings);
  }
  const build = (parentRowId: number | null, depth: number): MenuNode[] => {
    // Depth guard: the service refuses cycles, but a hand-edited table must not hang the server.
    if (depth > 16) return [];
    const nodes: MenuNode[] = [];
    for (const record of childrenOf.get(parentRowId) ?? []) {
      if (!isMenuItemVisible(record, principal)) continue;
      const children = build(record.id, depth + 1);
      // A section whose every item is hidden from this user would only lead to an empty page.
      if (record.type === 'section' && children.length === 0 && (childrenOf.get(record.id)?.length ?? 0) > 0)
        continue;
      nodes.push({ ...toItem(record), children });
    }
    return nodes;
  };
  return build(null, 0);
};

export const createMenuService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  const listVisibleTree = async (principal: Principal, platform: string): Promise<MenuNode[]> =>
    buildVisibleTree(await listMenuItems(db, platform), principal);

  const page = async (query: {
    platform: string;
    page: number;
    size: number;
    content?: string;
  }): Promise<Page<MenuItem>> => {
    const { items, total } = await pageMenuItems(db, query);
    return toPage(items.map(toItem), total, query);
  };

  const resolveParent = async (input: MenuInput): Promise<MenuRecord | null> => {
    if (!input.parentId) return null;
    const parent = await findMenuByMid(db, input.parentId);
    if (!parent || parent.platform !== input.platform) {
      throw AppError.badRequest('menu.parentNotFound', {
        params: { parentId: input.parentId },
        fields: [{ field: 'parentId', message: 'no such menu item on this platform' }],
      });
    }
    return parent;
  };

  const assertNameFree = async (input: MenuInput, exceptId?: number) => {
    const existing = await findMenuByName(db, input.platform, input.name);
    if (existing && existing.id !== exceptId) {
      throw AppError.conflict('menu.nameTaken', {
        params: { name: input.name, platform: input.platform },
        fields: [{ field: 'name', message: 'already used on this platform' }],
      });
    }
  };

  const toValues = (input: MenuInput, parent: MenuRecord | null): MenuValues => ({
    platform: input.platform,
    name: input.name,
    parentId: parent?.id ?? null,
    title: input.title,
    titleEn: input.titleEn || input.title,
    icon: input.icon,
    order: input.order,
    path: input.path,
    show: input.show,
    hideChildren: input.hideChildren,
    component: input.component,
    redirect: input.redirect,
    type: input.type,
    authorities: input.authorities,
    debugOnly: input.debugOnly,
    adminOnly: input.adminOnly,
  });

  const getOrThrow = async (mid: string): Promise<MenuRecord> => {
    const record = await findMenuByMid(db, mid);
    if (!record) throw AppError.notFound('menu.notFound', { mid });
    return record;
  };

  /** The section a permission belongs to and the authorities that open it (an item inherits its section's). */
  const grantScope = (input: MenuInput, parent: MenuRecord | null) => ({
    permissionId: input.name,
    section: parent && parent.type === 'section' ? parent.name : input.name.split('.')[0],
    authorities: input.authorities.length > 0 ? input.authorities : (parent?.authorities ?? []),
  });

  const create = async (input: MenuInput): Promise<MenuItem> => {
    const parent = await resolveParent(input);
    await assertNameFree(input);
    const mid = createPublicId();
    await db.transaction().execute(async (trx) => {
      await insertMenuItem(trx, mid, toValues(input, parent), now());
      await grantMenuItemPermissions(trx, grantScope(input, parent));
    });
    return toItem(await getOrThrow(mid));
  };

  const update = async (input: MenuInput & { mid: string }): Promise<MenuItem> => {
    const current = await getOrThrow(input.mid);
    const parent = await resolveParent(input);
    // Walk up from the new parent: meeting the item itself means the move would make a cycle.
    for (
      let rowId: number | null | undefined = parent?.id, depth = 0;
      rowId != null && depth < 64;
      depth += 1
    ) {
      if (rowId === current.id) {
        throw AppError.badRequest('menu.parentCycle', {
          fields: [{ field: 'parentId', message: 'would create a cycle' }],
        });
      }
      rowId = await findMenuParentRowId(db, rowId);
    }
    await assertNameFree(input, current.id);
    await db.transaction().execute(async (trx) => {
      await updateMenuItem(trx, current.id, toValues(input, parent), now());
      // The name is the permissionId: grants follow a rename.
      if (current.name !== input.name) await renameRolePermissions(trx, current.name, input.name);
    });
    return toItem(await getOrThrow(input.mid));
  };

  const remove = async (mid: string): Promise<void> => {
    const current = await getOrThrow(mid);
    if (await hasMenuChildren(db, current.id))
      throw AppError.conflict('menu.hasChildren', { params: { name: current.name } });
    await db.transaction().execute(async (trx) => {
      await deleteMenuItem(trx, current.id);
      await deleteRolePermissionsById(trx, current.name);
    });
  };

  return { listVisibleTree, page, create, update, remove };
};
