import type { Profile, RegisterResult } from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.js';
import { bearer, createAccount, signIn, useTestApp } from '../../test/app.js';

type Body<T> = {
  message: string;
  status_code: number;
  data: T;
  code?: string;
  fields?: { field: string; message: string }[];
};

let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

await describeEachDatabase('register and forget-password routes', (target) => {
  const ctx = useTestApp(target);

  const register = (payload: object, remoteAddress = freshIp()) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/register', payload, remoteAddress });
  const profileOf = async (token: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) })).json<
      Body<Profile>
    >().data;

  describe('POST /api/v1/register', () => {
    it('creates two organisations with their own admins and subDomains', async () => {
      const first = await register({
        method: 'username',
        username: 'acme',
        password: 'secret-1',
        nickname: 'Acme',
        organization: 'Acme Ltd',
      });
      const second = await register({
        method: 'username',
        username: 'Acme.Support',
        password: 'secret-2',
        nickname: 'Acme 2',
        organization: 'Acme Ltd',
      });
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      const a = first.json<Body<RegisterResult>>().data;
      const b = second.json<Body<RegisterResult>>().data;
      expect(a).toMatchObject({ username: 'acme', subDomain: 'acme' });
      expect(b.subDomain).toBe('acme-support');
      expect(a.uid).not.toBe(b.uid);

      const profileA = await profileOf(await signIn(ctx.app, 'acme', 'secret-1'));
      const profileB = await profileOf(await signIn(ctx.app, 'Acme.Support', 'secret-2'));
      expect(profileA.roles.map((role) => role.value)).toEqual(['ROLE_ADMIN']);
      expect(profileA).toMatchObject({
        uid: a.uid,
        subDomain: 'acme',
        isPlatformStaff: false,
        isAdminAccount: false,
        nickname: 'Acme',
      });
      expect(profileA.organization.name).toBe('Acme Ltd');
      expect(profileA.organization.oid).not.toBe(profileB.organization.oid);
      expect(profileA.authorities).not.toContain('internal');
    });

    it('makes subDomains unique when names collide', async () => {
      await register({
        method: 'username',
        username: 'same_name',
        password: 'secret-1',
        nickname: 'n',
        organization: 'o',
      });
      const clash = await register({
        method: 'username',
        username: 'same-name',
        password: 'secret-1',
        nickname: 'n',
        organization: 'o',
      });
      expect(clash.statusCode).toBe(200);
      expect(clash.json<Body<RegisterResult>>().data.subDomain).toMatch(/^same-name-[0-9a-z]{4}$/);
    });

    it('registers by email with a code sent for purpose=register', async () => {
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/email/code',
        payload: { email: 'Boss@Example.org', purpose: 'register' },
        remoteAddress: freshIp(),
      });
      expect(sent.statusCode).toBe(200);
      const code = ctx.lastCodeFor('boss@example.org');
      expect(code).toBeDefined();
      const wrong = await register({
        method: 'email',
        email: 'boss@example.org',
        code: code === '000000' ? '111111' : '000000',
        password: 'secret-1',
        nickname: 'Boss',
        organization: 'Boss Co',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<Body<null>>().fields?.[0]?.field).toBe('code');
      const done = await register({
        method: 'email',
        email: 'boss@example.org',
        code,
        password: 'secret-1',
        nickname: 'Boss',
        organization: 'Boss Co',
      });
      expect(done.statusCode).toBe(200);
      expect(done.json<Body<RegisterResult>>().data).toMatchObject({
        username: 'boss@example.org',
        subDomain: 'boss',
      });
      // The address is taken now: asking for another register code says so.
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/email/code',
        payload: { email: 'boss@example.org', purpose: 'register' },
        remoteAddress: freshIp(),
      });
      expect(again.statusCode).toBe(409);
    });

    it('registers by mobile with a code', async () => {
      await ctx.app.inject({
        method: 'GET',
        url: '/sms/api/send/log?mobile=13600000001&purpose=register',
        remoteAddress: freshIp(),
      });
      const code = ctx.lastCodeFor('13600000001');
      const done = await register({
        method: 'mobile',
        mobile: '13600000001',
        code,
        password: 'secret-1',
        nickname: 'Mob',
        organization: 'Mob Co',
      });
      expect(done.statusCode).toBe(200);
      const profile = await profileOf(await signIn(ctx.app, '13600000001', 'secret-1'));
      expect(profile.mobile).toBe('13600000001');
    });

    it('answers 409 naming the field for a taken username, email or mobile', async () => {
      await createAccount(ctx.database, {
        roles: ['ROLE_ADMIN'],
        username: 'taken-name',
        email: 'taken@example.com',
      });
      const byName = await register({
        method: 'username',
        username: 'taken-name',
        password: 'secret-1',
        nickname: 'n',
        organization: 'o',
      });
      expect(byName.statusCode).toBe(409);
      expect(byName.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'The username "taken-name" is already taken',
        fields: [{ field: 'username' }],
      });
      const byEmail = await register({
        method: 'username',
        username: 'fresh-name',
        email: 'TAKEN@example.com',
        password: 'secret-1',
        nickname: 'n',
        organization: 'o',
      });
      expect(byEmail.statusCode).toBe(409);
      expect(byEmail.json<Body<null>>().fields?.[0]?.field).toBe('email');
      expect(
        (
          await register({
            method: 'username',
            username: 'admin',
            password: 'secret-1',
            nickname: 'n',
            organization: 'o',
          })
        ).statusCode,
      ).toBe(409);
    });

    it('answers 400 naming each invalid field', async () => {
      const valid = {
        method: 'username',
        username: 'valid-user',
        password: 'secret-1',
        nickname: 'Nick',
        organization: 'Org',
      };
      const cases: [object, string][] = [
        [{ ...valid, username: 'ab' }, 'username'],
        [{ ...valid, username: '-bad' }, 'username'],
        [{ ...valid, password: '123' }, 'password'],
        [{ ...valid, nickname: '' }, 'nickname'],
        [{ ...valid, organization: undefined }, 'organization'],
        [{ ...valid, email: 'nope' }, 'email'],
        [{ ...valid, method: 'fax' }, 'method'],
        [{ ...valid, method: 'email', email: 'a@b.co' }, 'code'],
        [{ ...valid, method: 'mobile', mobile: '12', code: '123456' }, 'mobile'],
      ];
      for (const [payload, field] of cases) {
        const response = await register(payload);
        expect(response.statusCode, field).toBe(400);
        expect(
          response.json<Body<null>>().fields?.map((entry) => entry.field),
          field,
        ).toContain(field);
      }
      const empty = await register({});
      expect(empty.statusCode).toBe(400);
    });

    it('limits registrations per IP with 429 and retryAfter', async () => {
      const ip = freshIp();
      for (let index = 0; index < 10; index += 1) {
        const response = await register(
          {
            method: 'username',
            username: `burst-${index}`,
            password: 'secret-1',
            nickname: 'n',
            organization: 'o',
          },
          ip,
        );
        expect(response.statusCode).toBe(200);
      }
      const limited = await register(
        { method: 'username', username: 'burst-x', password: 'secret-1', nickname: 'n', organization: 'o' },
        ip,
      );
      expect(limited.statusCode).toBe(429);
      expect(limited.json<{ retryAfter: number }>().retryAfter).toBeGreaterThan(3000);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  });

  describe('POST /api/v1/password/forget', () => {
    it('sets a new password with a reset code and signs the account out everywhere', async () => {
      const account = await createAccount(ctx.database, {
        roles: ['ROLE_ADMIN'],
        email: 'forgetful@example.com',
      });
      const oldToken = await signIn(ctx.app, account.username, account.password);
      const other = await createAccount(ctx.database, {
        roles: ['ROLE_ADMIN'],
        email: 'bystander@example.com',
      });
      const otherToken = await signIn(ctx.app, other.username, other.password);

      await ctx.app.inject({
        method: 'POST',
        url: '/email/code',
        payload: { email: 'forgetful@example.com', purpose: 'reset' },
        remoteAddress: freshIp(),
      });
      const code = ctx.lastCodeFor('forgetful@example.com');
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/password/forget',
        payload: { email: 'forgetful@example.com', code, password: 'brand-new-pass' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'success', status_code: 200, data: null });

      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(oldToken) }))
          .statusCode,
      ).toBe(401);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(otherToken) }))
          .statusCode,
      ).toBe(200);
      await expect(signIn(ctx.app, account.username, account.password)).rejects.toThrow();
      await signIn(ctx.app, account.username, 'brand-new-pass');
    });

    it('works by mobile, and refuses a code sent for login', async () => {
      const account = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'], mobile: '13500000009' });
      await ctx.app.inject({
        method: 'GET',
        url: '/sms/api/send/log?mobile=13500000009&purpose=login',
        remoteAddress: freshIp(),
      });
      const loginCode = ctx.lastCodeFor('13500000009');
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/password/forget',
        payload: { mobile: '13500000009', code: loginCode, password: 'another-pass' },
      });
      expect(refused.statusCode).toBe(400);
      await ctx.app.inject({
        method: 'GET',
        url: '/sms/api/send/log?mobile=13500000009&purpose=reset',
        remoteAddress: freshIp(),
      });
      const resetCode = ctx.lastCodeFor('13500000009');
      const done = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/password/forget',
        payload: { mobile: '13500000009', code: resetCode, password: 'another-pass' },
      });
      expect(done.statusCode).toBe(200);
      await signIn(ctx.app, account.username, 'another-pass');
    });

    it('answers 400 for a wrong code or invalid fields', async () => {
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/password/forget',
        payload: { email: 'nobody@example.com', code: '123456', password: 'whatever-1' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<Body<null>>().fields?.[0]?.field).toBe('code');
      for (const payload of [
        { email: 'x', code: '123456', password: 'whatever-1' },
        { email: 'a@b.co', code: '12', password: 'whatever-1' },
        { email: 'a@b.co', code: '123456', password: '1' },
        {},
      ]) {
        const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/password/forget', payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json<Body<null>>().fields?.length).toBeGreaterThan(0);
      }
    });
  });
});
