import { sql } from 'kysely';
import type { Config } from '../config.js';
import { createPublicId } from '../lib/ids.js';
import { hashPassword, verifyPassword } from '../lib/secrets.js';
import { countMenuItems, insertMenuItem } from '../modules/menu/menu.repository.js';
import { menuSeed } from '../modules/menu/menu.seed.js';
import { insertOrganization, setOrganizationOwner } from '../modules/organization/organization.repository.js';
import { buildDefaultPermissions, defaultRoles } from '../modules/role/role.defaults.js';
import {
  assignRolesToUser,
  countRoles,
  findRoleIdsByValues,
  insertRole,
  insertRoleAuthorities,
  insertRolePermissions,
} from '../modules/role/role.repository.js';
import { findUserByUsername, insertUser } from '../modules/user/user.repository.js';
import { createDefaultWorkgroup } from '../modules/workgroup/workgroup.defaults.js';
import type { AppDatabase, Executor } from './database.js';

export type SeedResult = {
  rolesCreated: boolean;
  menuCreated: boolean;
  adminCreated: boolean;
  /** The bootstrap admin still signs in with BOOTSTRAP_ADMIN_PASSWORD. */
  isAdminPasswordBootstrap: boolean;
};

const seedRoles = async (db: Executor, now: number) => {
  for (const role of defaultRoles) {
    const roleId = await insertRole(db, {
      rid: createPublicId(),
      value: role.value,
      name: role.name,
      description: role.description,
      now,
    });
    await insertRoleAuthorities(db, roleId, role.authorities);
    await insertRolePermissions(db, roleId, buildDefaultPermissions(role));
  }
};

/** Sections and items of spec §2 (menu.seed.ts), each section followed by its items. */
const seedMenu = async (db: Executor, now: number) => {
  for (const [sectionIndex, section] of menuSeed.entries()) {
    const base = `/stable/${section.segment}`;
    const sectionId = await insertMenuItem(
      db,
      createPublicId(),
      {
        platform: 'kefu',
        name: section.key,
        parentId: null,
        title: section.title,
        titleEn: section.titleEn,
        icon: section.icon,
        // Gaps of 10 leave room to insert items between seeded ones without renumbering.
        order: (sectionIndex + 1) * 10,
        path: base,
        show: true,
        hideChildren: false,
        component: section.layout,
        redirect: `${base}/${section.defaultItem}`,
        type: 'section',
        authorities: section.authorities,
        debugOnly: false,
        adminOnly: false,
      },
      now,
    );
    for (const [itemIndex, item] of section.items.entries()) {
      const show = item.show ?? true;
      await insertMenuItem(
        db,
        createPublicId(),
        {
          platform: 'kefu',
          name: `${section.key}.${item.key}`,
          parentId: sectionId,
          title: item.title,
          titleEn: item.titleEn,
          icon: item.icon,
          order: (itemIndex + 1) * 10,
          path: `${base}/${item.key}`,
          show,
          hideChildren: false,
          component: `${section.key}/${item.key}`,
          redirect: '',
          type: show ? 'item' : 'route',
          authorities: item.authorities ?? section.authorities,
          debugOnly: item.debugOnly ?? false,
          adminOnly: item.adminOnly ?? false,
        },
        now,
      );
    }
  }
};

const seedBootstrapAdmin = async (db: Executor, config: Config, now: number) => {
  const passwordHash = await hashPassword(config.bootstrapAdmin.password);
  const orgId = await insertOrganization(db, {
    oid: createPublicId(),
    name: 'OpenKefu',
    subDomain: 'openkefu',
    now,
  });
  const userId = await insertUser(db, {
    uid: createPublicId(),
    orgId,
    username: config.bootstrapAdmin.username,
    passwordHash,
    nickname: config.bootstrapAdmin.username,
    now,
  });
  const roleIds = await findRoleIdsByValues(db, ['ROLE_SUPER', 'ROLE_ADMIN']);
  await assignRolesToUser(db, userId, [...roleIds.values()]);
  await setOrganizationOwner(db, orgId, userId, now);
  // Like a registered organisation: a skill group the embed code can point at on a fresh install.
  await createDefaultWorkgroup(db, { orgId, ownerUserId: userId, language: 'en-US', now });
};

/**
 * Fills an empty database: roles, the menu tree and the bootstrap platform admin. Each part is
 * seeded only when missing, so it is safe on every start.
 */
export const seedDatabase = async ({ db, dialect }: AppDatabase, config: Config): Promise<SeedResult> => {
  const result = await db.transaction().execute(async (trx) => {
    // Several nodes may start together on one PostgreSQL: one seeds, the others wait and find it done.
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(7223001)`.execute(trx);
    const now = Date.now();
    const rolesCreated = (await countRoles(trx)) === 0;
    if (rolesCreated) await seedRoles(trx, now);
    const menuCreated = (await countMenuItems(trx)) === 0;
    if (menuCreated) await seedMenu(trx, now);
    const adminCreated =
      (await findUserByUsername(trx, config.bootstrapAdmin.username)) === undefined && rolesCreated;
    if (adminCreated) await seedBootstrapAdmin(trx, config, now);
    return { rolesCreated, menuCreated, adminCreated };
  });
  const admin = await findUserByUsername(db, config.bootstrapAdmin.username);
  const isAdminPasswordBootstrap = admin
    ? await verifyPassword(admin.password_hash, config.bootstrapAdmin.password)
    : false;
  return { ...result, isAdminPasswordBootstrap };
};
