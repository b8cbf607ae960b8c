import { readdirSync } from 'node:fs';
import { roleValues } from '@openkefu/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { menuSeed } from '../modules/menu/menu.seed.js';
import { createTestConfig } from '../test/app.js';
import { describeEachDatabase, type TestDatabase } from '../test/databases.js';
import { migrateToLatest } from './migrate.js';
import { seedDatabase } from './seed.js';

await describeEachDatabase('migrations and seed', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database?.dispose());

  it('migrates an empty database, then finds nothing more to do', async () => {
    // Every file in migrations/ runs, in name order: a migration left out of migrate.ts's list fails here.
    const files = readdirSync(new URL('./migrations/', import.meta.url))
      .filter((file) => /^\d{4}_\w+\.(ts|js)$/.test(file))
      .map((file) => file.replace(/\.(ts|js)$/, ''))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(19);
    expect(await migrateToLatest(database)).toEqual(files);
    expect(await migrateToLatest(database)).toEqual([]);
  });

  it('seeds roles, the whole menu tree and the bootstrap admin once', async () => {
    const config = createTestConfig();
    const first = await seedDatabase(database, config);
    expect(first).toEqual({
      rolesCreated: true,
      menuCreated: true,
      adminCreated: true,
      isAdminPasswordBootstrap: true,
    });
    const second = await seedDatabase(database, config);
    expect(second).toEqual({
      rolesCreated: false,
      menuCreated: false,
      adminCreated: false,
      isAdminPasswordBootstrap: true,
    });

    const roles = await database.db.selectFrom('role').select('value').execute();
    expect(roles.map((role) => role.value).sort()).toEqual([...roleValues].sort());

    const menu = await database.db.selectFrom('menu').selectAll().execute();
    expect(menu).toHaveLength(menuSeed.reduce((sum, section) => sum + 1 + section.items.length, 0));
    const statistics = menu.find((row) => row.name === 'statictic');
    expect(statistics).toMatchObject({
      type: 'section',
      path: '/stable/statictic',
      redirect: '/stable/statictic/analysis',
      component: 'StatisticLayout',
    });
    const routeOnly = menu.find((row) => row.name === 'robot.training');
    expect(routeOnly).toMatchObject({
      type: 'route',
      show: 0,
      parent_id: menu.find((row) => row.name === 'robot')?.id,
    });

    const admin = await database.db
      .selectFrom('user')
      .innerJoin('organization', 'organization.id', 'user.org_id')
      .select(['user.id', 'user.password_hash', 'organization.name', 'organization.owner_user_id'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.name).toBe('OpenKefu');
    expect(admin.owner_user_id).toBe(admin.id);
    expect(admin.password_hash).toMatch(/^\$argon2/);
  });

  it('grants agents limited actions and members nothing', async () => {
    const permissionsOf = (value: string) =>
      database.db
        .selectFrom('role_permission')
        .innerJoin('role', 'role.id', 'role_permission.role_id')
        .select(['permission_id', 'action_list'])
        .where('role.value', '=', value)
        .execute();
    const agent = await permissionsOf('ROLE_WORKGROUP_AGENT');
    expect(agent.find((row) => row.permission_id === 'kefu.thread')?.action_list).toBe(
      '["add","edit","query","get"]',
    );
    expect(agent.some((row) => row.permission_id.startsWith('platform'))).toBe(false);
    expect(await permissionsOf('ROLE_MEMBER')).toEqual([]);
    const checker = await permissionsOf('ROLE_WORKGROUP_CHECKER');
    expect(checker.find((row) => row.permission_id === 'quality.list')?.action_list).toContain('edit');
    expect(checker.find((row) => row.permission_id === 'statictic.analysis')?.action_list).toBe(
      '["query","get","export"]',
    );
  });

  it('reports when the admin password was changed', async () => {
    const result = await seedDatabase(
      database,
      createTestConfig({ BOOTSTRAP_ADMIN_PASSWORD: 'something-else' }),
    );
    expect(result.isAdminPasswordBootstrap).toBe(false);
  });
});
