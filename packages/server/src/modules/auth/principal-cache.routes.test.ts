import type { AuthorityKey, Permission, Role } from '@openkefu/contract';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seedDatabase } from '../../db/seed.js';
import type { App } from '../../http/types.js';
import {
  bearer,
  createAccount,
  createTestConfig,
  signIn,
  useTestApp,
  type TestAccount,
} from '../../test/app.js';
import { describeEachDatabase, listDatabaseTargets, type TestDatabase } from '../../test/databases.js';
import { connectTestRedis, describeWithRedis, type TestRedis } from '../../test/redis.js';
import type { Revocation } from './principal-cache.js';

/*
 * Resolved tokens are cached for a few seconds; every change they were built from must still show
 * on the very next request: each case first warms the cache with a request, then changes something
 * through the API, then asks again at once.
 */

type Body = { status_code: number; message: string };

const inject = async (app: App, method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
  const response = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return response.statusCode;
};

/** A guarded read every console user makes; 200 while the token is good. */
const profile = (app: App, token: string) => inject(app, 'GET', '/api/user/profile', token);

/** kefu.account query: agents and admins hold it, quality checkers do not. */
const agentList = (app: App, token: string) => inject(app, 'GET', '/api/user/query?page=0&size=1', token);

/** The `chat` authority: agents hold it, quality checkers do not. */
const threadsOfMine = (app: App, token: string) => inject(app, 'GET', '/api/thread/mine', token);

/** kefu.account edit: guards run before the body is read, so an allowed empty body is a 400. */
const agentEdit = (app: App, token: string) => inject(app, 'POST', '/api/user/update', token, {});

await describeEachDatabase('principal cache: revocations show on the next request', (target) => {
  const ctx = useTestApp(target);
  let owner: TestAccount;
  let ownerToken: string;
  let staffToken: string;

  const newAgent = async (roles: ('ROLE_WORKGROUP_AGENT' | 'ROLE_WORKGROUP_CHECKER')[]) => {
    const account = await createAccount(ctx.database, { roles, orgId: owner.orgId });
    return { account, token: await signIn(ctx.app, account.username, account.password) };
  };

  beforeAll(async () => {
    owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    ownerToken = await signIn(ctx.app, owner.username, owner.password);
    staffToken = await signIn(ctx.app, 'admin', 'admin');
  });

  it('refuses a token at once after logout, and keeps the same user’s other session', async () => {
    const { account, token } = await newAgent(['ROLE_WORKGROUP_AGENT']);
    const other = await signIn(ctx.app, account.username, account.password);
    expect(await profile(ctx.app, token)).toBe(200);
    expect(await profile(ctx.app, other)).toBe(200);
    expect(await inject(ctx.app, 'POST', '/api/user/logout', token)).toBe(200);
    expect(await profile(ctx.app, token)).toBe(401);
    expect(await profile(ctx.app, other)).toBe(200);
  });

  it('refuses a disabled or deleted agent on its next request', async () => {
    const disabled = await newAgent(['ROLE_WORKGROUP_AGENT']);
    const deleted = await newAgent(['ROLE_WORKGROUP_AGENT']);
    expect(await profile(ctx.app, disabled.token)).toBe(200);
    expect(await profile(ctx.app, deleted.token)).toBe(200);
    expect(
      await inject(ctx.app, 'POST', '/api/user/update/disable', ownerToken, { uid: disabled.account.uid }),
    ).toBe(200);
    expect(await inject(ctx.app, 'POST', '/api/user/delete', ownerToken, { id: deleted.account.uid })).toBe(
      200,
    );
    expect(await profile(ctx.app, disabled.token)).toBe(401);
    expect(await profile(ctx.app, deleted.token)).toBe(401);
  });

  it('applies new roles on the next request, both ways', async () => {
    const { account, token } = await newAgent(['ROLE_WORKGROUP_AGENT']);
    expect(await agentEdit(ctx.app, token)).toBe(403);
    const setRoles = (roles: string[]) =>
      inject(ctx.app, 'POST', '/api/user/update', ownerToken, { uid: account.uid, roles });
    expect(await setRoles(['ROLE_WORKGROUP_ADMIN'])).toBe(200);
    expect(await agentEdit(ctx.app, token)).toBe(400);
    expect(await setRoles(['ROLE_WORKGROUP_AGENT'])).toBe(200);
    expect(await agentEdit(ctx.app, token)).toBe(403);
  });

  it('signs other sessions out at once when the password changes', async () => {
    const { account, token } = await newAgent(['ROLE_WORKGROUP_AGENT']);
    const other = await signIn(ctx.app, account.username, account.password);
    expect(await profile(ctx.app, other)).toBe(200);
    expect(
      await inject(ctx.app, 'POST', '/api/user/update/password', token, {
        oldPassword: account.password,
        password: 'another-password-456',
      }),
    ).toBe(200);
    expect(await profile(ctx.app, other)).toBe(401);
    expect(await profile(ctx.app, token)).toBe(200);
  });

  it("applies a role's edited permissions and authorities on the next request", async () => {
    const { token } = await newAgent(['ROLE_WORKGROUP_CHECKER']);
    expect(await agentList(ctx.app, token)).toBe(403);
    expect(await threadsOfMine(ctx.app, token)).toBe(403);
    const roles = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/role/all',
      headers: bearer(staffToken),
    });
    const checker = roles
      .json<{ data: Role[] }>()
      .data.find((role) => role.value === 'ROLE_WORKGROUP_CHECKER');
    if (!checker) throw new Error('ROLE_WORKGROUP_CHECKER missing');
    const updateRole = (permissions: Permission[], authorities: AuthorityKey[]) =>
      inject(ctx.app, 'POST', '/api/v1/role/update', staffToken, {
        rid: checker.rid,
        permissions,
        authorities,
      });
    const granted: Permission = { permissionId: 'kefu.account', actionList: ['query'] };
    try {
      expect(await updateRole([...checker.permissions, granted], [...checker.authorities, 'chat'])).toBe(200);
      expect(await agentList(ctx.app, token)).toBe(200);
      expect(await threadsOfMine(ctx.app, token)).toBe(200);
    } finally {
      expect(await updateRole(checker.permissions, checker.authorities)).toBe(200);
    }
    expect(await agentList(ctx.app, token)).toBe(403);
    expect(await threadsOfMine(ctx.app, token)).toBe(403);
  });
});

const targets = await listDatabaseTargets();

await describeWithRedis('principal cache: revocations reach the other node through Redis', () => {
  for (const target of targets.filter((candidate) => candidate.isAvailable)) {
    describe(target.name, () => {
      let database: TestDatabase;
      let testRedis: TestRedis;
      let redisB: Redis;
      let nodeA: App;
      let nodeB: App;

      beforeAll(async () => {
        database = await target.open();
        testRedis = await connectTestRedis();
        const config = createTestConfig({ REDIS_PREFIX: testRedis.prefix });
        await migrateToLatest(database);
        await seedDatabase(database, config);
        redisB = testRedis.redis.duplicate();
        const build = (redis: Redis) =>
          buildApp({ config, database, redis, logger: false, sweepIntervalMs: 0 });
        nodeA = await build(testRedis.redis);
        nodeB = await build(redisB);
        await Promise.all([nodeA.services.auth.principals.ready, nodeB.services.auth.principals.ready]);
      });

      afterAll(async () => {
        await nodeA?.close();
        await nodeB?.close();
        redisB?.disconnect();
        await testRedis?.dispose();
        await database?.dispose();
      });

      /** Resolves when node B has applied a revocation sent by another node. */
      const nextRemoteRevocation = () =>
        new Promise<Revocation>((resolve) => nodeB.services.auth.principals.events.once('remote', resolve));

      it('signs out on node A and is refused on node B', async () => {
        const token = await signIn(nodeA, 'admin', 'admin');
        expect(await profile(nodeB, token)).toBe(200);
        const received = nextRemoteRevocation();
        expect(await inject(nodeA, 'POST', '/api/user/logout', token)).toBe(200);
        expect(await received).toMatchObject({ kind: 'token' });
        expect(await profile(nodeB, token)).toBe(401);
      });

      it('disables an agent on node A and is refused on node B', async () => {
        const owner = await createAccount(database, { roles: ['ROLE_ADMIN'] });
        const agent = await createAccount(database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: owner.orgId });
        const ownerToken = await signIn(nodeA, owner.username, owner.password);
        const agentToken = await signIn(nodeB, agent.username, agent.password);
        expect(await profile(nodeB, agentToken)).toBe(200);
        const received = nextRemoteRevocation();
        expect(await inject(nodeA, 'POST', '/api/user/update/disable', ownerToken, { uid: agent.uid })).toBe(
          200,
        );
        expect(await received).toEqual({ kind: 'user', userId: agent.userId });
        const body = await nodeB.inject({
          method: 'GET',
          url: '/api/user/profile',
          headers: bearer(agentToken),
        });
        expect(body.statusCode).toBe(401);
        expect(body.json<Body>().status_code).toBe(401);
      });
    });
  }
});
