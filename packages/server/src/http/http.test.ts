import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDatabase } from '../db/seed.js';
import { bearer, createAccount, createTestConfig, signIn } from '../test/app.js';
import { describeEachDatabase, type TestDatabase } from '../test/databases.js';
import { AppError } from './errors.js';
import { getPrincipal, requireAuthority, requirePermission, requirePlatformStaff } from './guards.js';
import type { App } from './types.js';

/**
 * The guards and the error handler, through an app with a few extra routes: the product has no
 * route yet for every guard, but later modules rely on each of them.
 */
await describeEachDatabase('route guards and error handling', (target) => {
  let database: TestDatabase;
  let app: App;
  let staff: string;
  let tenantAdmin: string;
  let agent: string;

  beforeAll(async () => {
    database = await target.open();
    const config = createTestConfig();
    await migrateToLatest(database);
    await seedDatabase(database, config);
    app = await buildApp({ config, database, logger: false });
    app.get('/api/test/authority', { onRequest: [requireAuthority('quality')] }, async (request) => ({
      uid: getPrincipal(request).uid,
    }));
    app.get(
      '/api/test/permission',
      { onRequest: [requirePermission('kefu.account', 'delete')] },
      async () => ({ ok: true }),
    );
    app.get('/api/test/staff', { onRequest: [requirePlatformStaff] }, async () => ({ ok: true }));
    app.get('/api/test/boom', async () => {
      throw new Error('connection string postgres://secret@db leaked?');
    });
    app.get('/api/test/conflict', async () => {
      throw AppError.conflict();
    });
    await app.ready();
    staff = await signIn(app, 'admin', 'admin');
    const owner = await createAccount(database, { roles: ['ROLE_ADMIN'] });
    tenantAdmin = await signIn(app, owner.username, owner.password);
    const agentAccount = await createAccount(database, {
      roles: ['ROLE_WORKGROUP_AGENT'],
      orgId: owner.orgId,
    });
    agent = await signIn(app, agentAccount.username, agentAccount.password);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  describe('guards', () => {
    it('requireAuthority: 200 with the authority, 403 with a message without, 401 anonymous', async () => {
      expect(
        (await app.inject({ method: 'GET', url: '/api/test/authority', headers: bearer(tenantAdmin) }))
          .statusCode,
      ).toBe(200);
      const denied = await app.inject({ method: 'GET', url: '/api/test/authority', headers: bearer(agent) });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({
        message: 'Your roles lack the "quality" authority',
        status_code: 403,
        data: null,
        code: 'FORBIDDEN',
      });
      const zh = await app.inject({
        method: 'GET',
        url: '/api/test/authority',
        headers: { ...bearer(agent), 'accept-language': 'zh-CN' },
      });
      expect(zh.json()).toMatchObject({ message: '当前角色缺少「quality」权限' });
      expect((await app.inject({ method: 'GET', url: '/api/test/authority' })).statusCode).toBe(401);
    });

    it('requirePermission: checks permissionId.action', async () => {
      expect(
        (await app.inject({ method: 'GET', url: '/api/test/permission', headers: bearer(tenantAdmin) }))
          .statusCode,
      ).toBe(200);
      const denied = await app.inject({ method: 'GET', url: '/api/test/permission', headers: bearer(agent) });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ message: 'Your roles do not allow "delete" on "kefu.account"' });
    });

    it('requirePlatformStaff: only ROLE_SUPER', async () => {
      expect(
        (await app.inject({ method: 'GET', url: '/api/test/staff', headers: bearer(staff) })).statusCode,
      ).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: '/api/test/staff', headers: bearer(tenantAdmin) }))
          .statusCode,
      ).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/test/staff' })).statusCode).toBe(401);
    });
  });

  describe('error handler', () => {
    it('answers 500 without leaking the error', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: 'Internal server error',
        status_code: 500,
        data: null,
        code: 'INTERNAL',
      });
      expect(response.body).not.toContain('secret');
    });

    it('maps AppError to its status and code', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/test/conflict' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'This conflicts with existing data',
      });
    });

    it('answers 400 for malformed JSON, naming the body', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"method":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', fields: [{ field: 'body' }] });
    });

    it('answers 413 for a body over 1 MB', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/register',
        payload: { method: 'username', username: 'big', nickname: 'x'.repeat(1_100_000) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status_code: 413 });
    });

    it('answers 415 for an unsupported content type', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/register',
        headers: { 'content-type': 'application/xml' },
        payload: '<register/>',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', status_code: 415 });
    });

    it('validates before touching the database: a 400 needs no database', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/register',
        payload: { method: 'username', username: 'x' },
      });
      expect(response.statusCode).toBe(400);
      const fields = response.json<{ fields: { field: string }[] }>().fields.map((field) => field.field);
      expect(fields).toEqual(expect.arrayContaining(['username', 'password', 'nickname', 'organization']));
      expect(response.json<{ message: string }>().message).toMatch(/^Invalid request: /);
    });
  });
});
