import type { RoleValue } from '@openkefu/contract';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDatabase } from '../db/seed.js';
import type { App } from '../http/types.js';
import { createPublicId } from '../lib/ids.js';
import { hashPassword } from '../lib/secrets.js';
import type { CodeDelivery, CodeMessage } from '../modules/auth/code-delivery.js';
import {
  findOrganizationById,
  insertOrganization,
  setOrganizationOwner,
} from '../modules/organization/organization.repository.js';
import { assignRolesToUser, findRoleIdsByValues } from '../modules/role/role.repository.js';
import { insertUser } from '../modules/user/user.repository.js';
import type { DatabaseTarget, TestDatabase } from './databases.js';

export const testEnv: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/openkefu-test-unused',
  WEB_DIST_DIR: '/nonexistent/openkefu-web-dist',
  WIDGET_DIST_DIR: '/nonexistent/openkefu-widget-dist',
  DATABASE_URL: '',
  REDIS_URL: '',
};

export const createTestConfig = (overrides: Record<string, string> = {}): Config =>
  loadConfig({ ...testEnv, ...overrides });

/** Code delivery that keeps what it "sent": stands in for an SMS gateway the tests cannot read. */
export const createCapturingDelivery = () => {
  const sent: CodeMessage[] = [];
  const capture = async (message: CodeMessage) => {
    sent.push(message);
  };
  const delivery: CodeDelivery = { mobile: capture, email: capture };
  const lastCodeFor = (address: string): string | undefined =>
    sent.filter((message) => message.to === address).at(-1)?.code;
  return { delivery, sent, lastCodeFor };
};

export type TestContext = {
  app: App;
  database: TestDatabase;
  config: Config;
  sent: CodeMessage[];
  lastCodeFor: (address: string) => string | undefined;
};

/**
 * One migrated, seeded database and one app per suite. Returned before the hooks run, so read
 * its fields inside tests only.
 */
export const useTestApp = (
  target: DatabaseTarget,
  options: { env?: Record<string, string>; build?: Omit<BuildAppOptions, 'config' | 'database'> } = {},
): TestContext => {
  const context = {} as TestContext;
  // The run's seeded template fits unless the suite changes who the bootstrap admin is.
  const canUseTemplate = !Object.keys(options.env ?? {}).some((name) => name.startsWith('BOOTSTRAP_ADMIN_'));
  beforeAll(async () => {
    context.config = createTestConfig(options.env);
    if (canUseTemplate && target.openSeeded) context.database = await target.openSeeded();
    else {
      context.database = await target.open();
      await migrateToLatest(context.database);
      await seedDatabase(context.database, context.config);
    }
    const capturing = createCapturingDelivery();
    context.sent = capturing.sent;
    context.lastCodeFor = capturing.lastCodeFor;
    context.app = await buildApp({
      config: context.config,
      database: context.database,
      logger: false,
      delivery: capturing.delivery,
      ...options.build,
    });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.dispose();
  });
  return context;
};

export const clientAuth = `Basic ${Buffer.from('client:secret').toString('base64')}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in through the real token endpoint and returns the access token. */
export const signIn = async (
  app: App,
  username: string,
  password: string,
  remoteAddress?: string,
): Promise<string> => {
  const response = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { authorization: clientAuth },
    payload: { grant_type: 'password', username, password, scope: 'all' },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in of ${username} failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
};

export type TestAccount = {
  username: string;
  password: string;
  uid: string;
  userId: number;
  orgId: number;
  subDomain: string;
};

/**
 * A user with the given roles, in a new organisation unless `orgId` is given. Written through the
 * repositories because user management has no API yet.
 */
export const createAccount = async (
  database: TestDatabase,
  options: {
    roles: RoleValue[];
    orgId?: number;
    username?: string;
    password?: string;
    email?: string;
    mobile?: string;
    enabled?: boolean;
  },
): Promise<TestAccount> => {
  const now = Date.now();
  const username = options.username ?? `user-${createPublicId(8)}`;
  const password = options.password ?? 'password-123';
  const newSubDomain = `org-${createPublicId(8)}`;
  const orgId =
    options.orgId ??
    (await insertOrganization(database.db, {
      oid: createPublicId(),
      name: `Org ${newSubDomain}`,
      subDomain: newSubDomain,
      now,
    }));
  const subDomain = (await findOrganizationById(database.db, orgId))?.sub_domain ?? '';
  const uid = createPublicId();
  const userId = await insertUser(database.db, {
    uid,
    orgId,
    username,
    passwordHash: await hashPassword(password),
    nickname: username,
    email: options.email ?? null,
    mobile: options.mobile ?? null,
    now,
  });
  const roleIds = await findRoleIdsByValues(database.db, options.roles);
  await assignRolesToUser(database.db, userId, [...roleIds.values()]);
  if (options.orgId === undefined) await setOrganizationOwner(database.db, orgId, userId, now);
  if (options.enabled === false)
    await database.db.updateTable('user').set({ enabled: 0 }).where('id', '=', userId).execute();
  return { username, password, uid, userId, orgId, subDomain };
};
