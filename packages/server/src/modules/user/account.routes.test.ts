import type { BalanceLog, Page, Profile, User, Workgroup } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPublicId } from '../../lib/ids.js';
import { describeEachDatabase } from '../../test/databases.js';
import { bearer, createAccount, signIn, useTestApp, type TestAccount } from '../../test/app.js';

type Body<T> = {
  message: string;
  status_code: number;
  data: T;
  code?: string;
  fields?: { field: string; message: string }[];
};

await describeEachDatabase('platform account routes', (target) => {
  const ctx = useTestApp(target);
  let staff: string;
  let ownerA: TestAccount;
  let adminA: string;
  let agentA: TestAccount;
  let ownerB: TestAccount;

  const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<Body<T>>() };
  };

  const userRow = (uid: string) =>
    ctx.database.db.selectFrom('user').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
    ownerA = await createAccount(ctx.database, {
      roles: ['ROLE_ADMIN'],
      email: `a-${createPublicId(6)}@example.org`,
    });
    adminA = await signIn(ctx.app, ownerA.username, ownerA.password);
    agentA = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: ownerA.orgId });
    ownerB = await createAccount(ctx.database, { roles: ['ROLE_VIP'], mobile: '15500000042' });
  });

  const platformCalls: [method: 'GET' | 'POST', url: string, payload?: object][] = [
    ['GET', '/api/user/all/admin'],
    ['GET', '/api/user/filter/admin?username=a'],
    ['GET', '/api/user/get/force?uid=x'],
    ['GET', '/api/user/balance/log?uid=x'],
    ['POST', '/api/user/create/user', { username: 'x' }],
    ['POST', '/api/user/update/user', { uid: 'x' }],
    ['POST', '/api/user/renew', { uid: 'x' }],
    ['POST', '/api/user/update/balance', { uid: 'x' }],
    ['POST', '/api/user/update/validateUntilDate', { uid: 'x' }],
    ['POST', '/api/v2/user/description', { uid: 'x' }],
  ];

  it('answers 401 without a token and 403 to a tenant admin on every platform call', async () => {
    for (const [method, url, payload] of platformCalls) {
      expect((await call(method, url, undefined, payload)).status, url).toBe(401);
      const forbidden = await call(method, url, adminA, payload);
      expect(forbidden.status, url).toBe(403);
      expect(forbidden.body.code).toBe('FORBIDDEN');
    }
  });

  describe('GET /api/user/all/admin, /filter/admin and /get/force', () => {
    it('pages the owners of every organisation, not their agents', async () => {
      const { status, body } = await call<Page<User>>(
        'GET',
        '/api/user/all/admin?page=0&size=100&client=web',
        staff,
      );
      expect(status).toBe(200);
      const uids = body.data.content.map((user) => user.uid);
      expect(uids).toContain(ownerA.uid);
      expect(uids).toContain(ownerB.uid);
      expect(uids).not.toContain(agentA.uid);
      expect(body.data.content.find((user) => user.username === 'admin')?.subDomain).toBe('openkefu');
      expect(body.data.content.find((user) => user.uid === ownerB.uid)).toMatchObject({
        subDomain: ownerB.subDomain,
        organization: { subDomain: ownerB.subDomain },
      });
      const bad = await call('GET', '/api/user/all/admin?page=-1', staff);
      expect(bad.body.fields?.map((entry) => entry.field)).toEqual(['page']);
    });

    it('searches every person account across organisations by username, nickname, email and mobile', async () => {
      const find = async (query: string) =>
        (
          await call<Page<User>>('GET', `/api/user/filter/admin?page=0&size=20&${query}`, staff)
        ).body.data.content.map((user) => user.uid);
      expect(await find(`username=${ownerA.username.toUpperCase()}`)).toEqual([ownerA.uid]);
      expect(await find('mobile=500000042')).toEqual([ownerB.uid]);
      // Fields given together must all match.
      expect(await find(`username=${ownerA.username}&mobile=500000042`)).toEqual([]);
      expect(await find(`username=${agentA.username}`)).toEqual([agentA.uid]);
      const owners = await call<Page<User>>(
        'GET',
        `/api/user/all/admin?page=0&size=20&username=${agentA.username}`,
        staff,
      );
      expect(owners.body.data.content).toEqual([]);
      const ownerOnly = await call<Page<User>>(
        'GET',
        `/api/user/all/admin?page=0&size=20&username=${ownerA.username}`,
        staff,
      );
      expect(ownerOnly.body.data.content.map((user) => user.uid)).toEqual([ownerA.uid]);
      const bad = await call('GET', `/api/user/filter/admin?email=${'e'.repeat(129)}`, staff);
      expect(bad.body.fields?.map((entry) => entry.field)).toEqual(['email']);
    });

    it('gets any account by uid; unknown is 404', async () => {
      const { status, body } = await call<User>(
        'GET',
        `/api/user/get/force?uid=${agentA.uid}&client=web`,
        staff,
      );
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ uid: agentA.uid, subDomain: ownerA.subDomain });
      expect(JSON.stringify(body)).not.toMatch(/password/i);
      expect((await call('GET', '/api/user/get/force?uid=nobody', staff)).status).toBe(404);
      expect((await call('GET', '/api/user/get/force', staff)).body.fields?.[0]?.field).toBe('uid');
    });
  });

  describe('POST /api/user/create/user', () => {
    it('opens an organisation owned by a new admin account, with credit logged', async () => {
      const username = `shop-${createPublicId(6)}`;
      const { status, body } = await call<User>('POST', '/api/user/create/user', staff, {
        username,
        password: 'owner-pass-1',
        nickname: 'Shop owner',
        organization: 'The Shop',
        email: `${username}@Example.org`,
        validateUntilDate: '2031-12-31',
        balance: 99.5,
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({
        username,
        nickname: 'Shop owner',
        email: `${username}@example.org`,
        validateUntilDate: '2031-12-31',
        balance: 99.5,
        organization: { name: 'The Shop' },
      });
      expect(body.data.subDomain).toBe(username);
      expect(body.data.roles.map((role) => role.value)).toEqual(['ROLE_ADMIN']);

      const token = await signIn(ctx.app, username, 'owner-pass-1');
      const profile = await call<Profile>('GET', '/api/user/profile', token);
      expect(profile.body.data).toMatchObject({ subDomain: username, balance: 99.5, isPlatformStaff: false });
      const admins = await call<Page<User>>('GET', `/api/user/filter/admin?username=${username}`, staff);
      expect(admins.body.data.content.map((user) => user.uid)).toEqual([body.data.uid]);
      const log = await call<Page<BalanceLog>>('GET', `/api/user/balance/log?uid=${body.data.uid}`, staff);
      expect(log.body.data.content).toEqual([
        expect.objectContaining({ kind: 'renew', amount: 99.5, balanceAfter: 99.5, operator: 'admin' }),
      ]);
    });

    it("starts the organisation with a default skill group of its owner, in the staff's language", async () => {
      const groupsOf = async (token: string) =>
        (await call<Workgroup[]>('GET', '/api/workgroup/all', token)).body.data;
      const create = async (username: string, language: string) => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/user/create/user',
          headers: { ...bearer(staff), 'accept-language': language },
          payload: { username, password: 'owner-pass-1', nickname: username, organization: 'Grouped' },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<Body<User>>().data;
      };

      const english = await create(`grp-en-${createPublicId(6)}`, 'en-US');
      const groups = await groupsOf(await signIn(ctx.app, english.username, 'owner-pass-1'));
      expect(groups).toHaveLength(1);
      expect(groups[0]).toMatchObject({ nickname: 'Default group', admin: { uid: english.uid } });
      expect(groups[0]?.users.map((user) => user.uid)).toEqual([english.uid]);

      const chinese = await create(`grp-zh-${createPublicId(6)}`, 'zh-CN,zh;q=0.9');
      const [chineseGroup] = await groupsOf(await signIn(ctx.app, chinese.username, 'owner-pass-1'));
      expect(chineseGroup).toMatchObject({ nickname: '默认技能组', users: [{ uid: chinese.uid }] });

      // The new groups belong to the new organisations only: another organisation neither lists nor reads them.
      const ownGroups = (await groupsOf(adminA)).map((group) => group.wid);
      expect(ownGroups).not.toContain(groups[0]?.wid);
      expect(ownGroups).not.toContain(chineseGroup?.wid);
      const foreign = await call('POST', '/api/workgroup/update', adminA, {
        wid: groups[0]?.wid,
        nickname: 'Taken',
      });
      expect(foreign.status).toBe(404);
      expect((await groupsOf(await signIn(ctx.app, english.username, 'owner-pass-1')))[0]?.nickname).toBe(
        'Default group',
      );
    });

    it('takes the roles it is sent', async () => {
      const { body } = await call<User>('POST', '/api/user/create/user', staff, {
        username: `vip-${createPublicId(6)}`,
        password: 'owner-pass-1',
        nickname: 'VIP',
        organization: 'VIP Org',
        roles: ['ROLE_VIP', 'ROLE_ADMIN'],
      });
      expect(body.data.roles.map((role) => role.value).sort()).toEqual(['ROLE_ADMIN', 'ROLE_VIP']);
    });

    it('answers 400 naming each invalid field and 409 naming a used username, email or mobile', async () => {
      const valid = {
        username: `new-${createPublicId(6)}`,
        password: 'owner-pass-1',
        nickname: 'N',
        organization: 'Org',
      };
      for (const [field, value] of [
        ['organization', ''],
        ['username', 'x'],
        ['password', 'short'],
        ['validateUntilDate', 'tomorrow'],
        ['balance', -1],
        ['roles', 'ROLE_ADMIN'],
        ['email', 'nope'],
      ] as const) {
        const { status, body } = await call('POST', '/api/user/create/user', staff, {
          ...valid,
          [field]: value,
        });
        expect(status, field).toBe(400);
        expect(body.fields?.map((entry) => entry.field)).toEqual([field]);
      }
      const ownerAEmail = (await userRow(ownerA.uid)).email;
      for (const [field, override] of [
        ['username', { username: agentA.username }],
        ['email', { email: ownerAEmail }],
        ['mobile', { mobile: '15500000042' }],
      ] as const) {
        const { status, body } = await call('POST', '/api/user/create/user', staff, {
          ...valid,
          ...override,
        });
        expect(status, field).toBe(409);
        expect(body.fields?.map((entry) => entry.field)).toEqual([field]);
      }
      const orphan = await ctx.database.db
        .selectFrom('user')
        .select('id')
        .where('username', '=', valid.username)
        .executeTakeFirst();
      expect(orphan).toBeUndefined();
    });
  });

  describe('POST /api/user/update/user', () => {
    it("changes any organisation's account, roles of any value included", async () => {
      const { status, body } = await call<User>('POST', '/api/user/update/user', staff, {
        uid: ownerB.uid,
        nickname: 'Renamed B',
        realName: 'B Real',
        roles: ['ROLE_ADMIN', 'ROLE_VIP'],
      });
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ nickname: 'Renamed B', realName: 'B Real', mobile: '15500000042' });
      expect(body.data.roles.map((role) => role.value)).toEqual(['ROLE_ADMIN', 'ROLE_VIP']);
    });

    it('refuses to drop your own platform role, used addresses, bad fields and unknown uids', async () => {
      const me = await call<Profile>('GET', '/api/user/profile', staff);
      const drop = await call('POST', '/api/user/update/user', staff, {
        uid: me.body.data.uid,
        roles: ['ROLE_ADMIN'],
      });
      expect(drop.status).toBe(409);
      expect((await call<Profile>('GET', '/api/user/profile', staff)).body.data.isPlatformStaff).toBe(true);

      const used = await call('POST', '/api/user/update/user', staff, {
        uid: agentA.uid,
        mobile: '15500000042',
      });
      expect(used.status).toBe(409);
      expect(used.body.fields?.map((entry) => entry.field)).toEqual(['mobile']);

      for (const [field, value] of [
        ['roles', ['ROLE_KING']],
        ['nickname', ''],
        ['email', 'x@'],
      ] as const) {
        const { status, body } = await call('POST', '/api/user/update/user', staff, {
          uid: agentA.uid,
          [field]: value,
        });
        expect(status, field).toBe(400);
        expect(body.fields?.map((entry) => entry.field.split('.')[0])).toEqual([field]);
      }
      expect(
        (await call('POST', '/api/user/update/user', staff, { uid: 'nobody', nickname: 'x' })).status,
      ).toBe(404);
    });
  });

  describe('renew, balance, validity, description and the balance log', () => {
    it('sets balance and validity and logs every change with operator, amount and reason', async () => {
      const renew = await call<User>('POST', '/api/user/renew', staff, {
        uid: ownerA.uid,
        validateUntilDate: '2030-01-31',
        balance: 100,
        description: 'Annual plan',
      });
      expect(renew.status).toBe(200);
      expect(renew.body.data).toMatchObject({ validateUntilDate: '2030-01-31', balance: 100 });

      const balance = await call<User>('POST', '/api/user/update/balance', staff, {
        uid: ownerA.uid,
        balance: '75.25',
        description: 'Refund',
      });
      expect(balance.body.data).toMatchObject({ balance: 75.25, validateUntilDate: '2030-01-31' });

      const validity = await call<User>('POST', '/api/user/update/validateUntilDate', staff, {
        uid: ownerA.uid,
        validateUntilDate: '2030-06-30T00:00:00Z',
      });
      expect(validity.body.data).toMatchObject({ balance: 75.25, validateUntilDate: '2030-06-30' });

      const log = await call<Page<BalanceLog>>(
        'GET',
        '/api/user/balance/log?uid=' + ownerA.uid + '&page=0&size=20',
        staff,
      );
      expect(log.status).toBe(200);
      expect(log.body.data.content.map(({ createdAt: _createdAt, ...entry }) => entry)).toEqual([
        {
          kind: 'validity',
          amount: 0,
          balanceAfter: 75.25,
          validateUntilDate: '2030-06-30',
          description: '',
          operator: 'admin',
        },
        {
          kind: 'balance',
          amount: -24.75,
          balanceAfter: 75.25,
          validateUntilDate: '2030-01-31',
          description: 'Refund',
          operator: 'admin',
        },
        {
          kind: 'renew',
          amount: 100,
          balanceAfter: 100,
          validateUntilDate: '2030-01-31',
          description: 'Annual plan',
          operator: 'admin',
        },
      ]);
      // The tenant sees the new balance in its own profile.
      expect((await call<Profile>('GET', '/api/user/profile', adminA)).body.data.balance).toBe(75.25);
    });

    it('answers 400 naming each invalid field, writing nothing', async () => {
      const before = await userRow(ownerB.uid);
      const cases: [string, object, string][] = [
        ['/api/user/renew', { uid: ownerB.uid, balance: 1 }, 'validateUntilDate'],
        [
          '/api/user/renew',
          { uid: ownerB.uid, balance: 1, validateUntilDate: '2030-02-31x' },
          'validateUntilDate',
        ],
        ['/api/user/renew', { uid: ownerB.uid, validateUntilDate: '2030-01-01' }, 'balance'],
        ['/api/user/update/balance', { uid: ownerB.uid, balance: -5 }, 'balance'],
        ['/api/user/update/balance', { uid: ownerB.uid, balance: 'lots' }, 'balance'],
        ['/api/user/update/balance', { balance: 5 }, 'uid'],
        [
          '/api/user/update/balance',
          { uid: ownerB.uid, balance: 5, description: 'd'.repeat(201) },
          'description',
        ],
        [
          '/api/user/update/validateUntilDate',
          { uid: ownerB.uid, validateUntilDate: '' },
          'validateUntilDate',
        ],
        ['/api/v2/user/description', { uid: ownerB.uid, description: 'd'.repeat(501) }, 'description'],
        ['/api/v2/user/description', { uid: ownerB.uid }, 'description'],
      ];
      for (const [url, payload, field] of cases) {
        const { status, body } = await call('POST', url, staff, payload);
        expect(status, `${url} ${field}`).toBe(400);
        expect(body.fields?.map((entry) => entry.field)).toEqual([field]);
      }
      expect(await userRow(ownerB.uid)).toEqual(before);
      const log = await call<Page<BalanceLog>>('GET', `/api/user/balance/log?uid=${ownerB.uid}`, staff);
      expect(log.body.data.totalElements).toBe(0);
      expect(log.body.data.empty).toBe(true);
      const noUid = await call('GET', '/api/user/balance/log', staff);
      expect(noUid.body.fields?.map((entry) => entry.field)).toEqual(['uid']);
    });

    it('answers 404 for an unknown uid', async () => {
      for (const [url, payload] of [
        ['/api/user/renew', { uid: 'nobody', balance: 1, validateUntilDate: '2030-01-01' }],
        ['/api/user/update/balance', { uid: 'nobody', balance: 1 }],
        ['/api/user/update/validateUntilDate', { uid: 'nobody', validateUntilDate: '2030-01-01' }],
        ['/api/v2/user/description', { uid: 'nobody', description: 'x' }],
      ] as const) {
        expect((await call('POST', url, staff, payload)).status, url).toBe(404);
      }
      expect((await call('GET', '/api/user/balance/log?uid=nobody', staff)).status).toBe(404);
    });

    it("sets any account's description", async () => {
      const { status, body } = await call<User>('POST', '/api/v2/user/description', staff, {
        uid: agentA.uid,
        description: 'Met at the fair',
      });
      expect(status).toBe(200);
      expect(body.data.description).toBe('Met at the fair');
      expect((await userRow(agentA.uid)).description).toBe('Met at the fair');
    });
  });
});
