import type { AccountBinding, Profile } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.js';
import { bearer, createAccount, signIn, useTestApp, type TestAccount } from '../../test/app.js';

type Body<T> = {
  message: string;
  status_code: number;
  data: T;
  code?: string;
  fields?: { field: string; message: string }[];
};

await describeEachDatabase('binding routes', (target) => {
  const ctx = useTestApp(target);
  let me: TestAccount;
  let myToken: string;
  let colleague: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    me = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_AGENT'],
      orgId: owner.orgId,
      email: 'me@example.com',
    });
    myToken = await signIn(ctx.app, me.username, me.password);
    colleague = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_AGENT'],
      orgId: owner.orgId,
      email: 'colleague@example.com',
      mobile: '13900000001',
    });
    // Another organisation's account: addresses are unique over every organisation.
    stranger = await createAccount(ctx.database, {
      roles: ['ROLE_ADMIN'],
      email: 'stranger@example.com',
      mobile: '13900000002',
    });
  });

  const sendEmailCode = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/email/code', payload: { email, purpose: 'register' } });
  const sendSmsCode = (mobile: string) =>
    ctx.app.inject({ method: 'GET', url: `/sms/api/send/log?mobile=${mobile}&purpose=register` });

  const bind = async (kind: 'email' | 'mobile', payload: Record<string, unknown>, token = myToken) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/bind/${kind}`,
      headers: token ? bearer(token) : {},
      payload,
    });
    return { status: response.statusCode, body: response.json<Body<AccountBinding>>() };
  };

  const addressesOf = async (userId: number) =>
    ctx.database.db
      .selectFrom('user')
      .select(['email', 'mobile'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

  describe('POST /api/user/bind/email', () => {
    it('binds the address the code was sent to, normalised, and the profile shows it', async () => {
      expect((await sendEmailCode('New.Me@Example.com')).statusCode).toBe(200);
      const code = ctx.lastCodeFor('new.me@example.com');
      expect(code).toMatch(/^\d{6}$/);
      const { status, body } = await bind('email', { email: 'New.Me@Example.com', code });
      expect(status).toBe(200);
      expect(body.data).toEqual({ email: 'new.me@example.com', mobile: null });
      expect(await addressesOf(me.userId)).toEqual({ email: 'new.me@example.com', mobile: null });

      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(myToken),
      });
      expect(profile.json<Body<Profile>>().data.email).toBe('new.me@example.com');
      // The colleague's row is untouched.
      expect((await addressesOf(colleague.userId)).email).toBe('colleague@example.com');
    });

    it('answers 400 naming the code when it is wrong, and changes nothing', async () => {
      expect((await sendEmailCode('wrong-code@example.com')).statusCode).toBe(200);
      const code = ctx.lastCodeFor('wrong-code@example.com') ?? '';
      const before = await addressesOf(me.userId);
      const { status, body } = await bind('email', {
        email: 'wrong-code@example.com',
        code: wrongCodeFor(code),
      });
      expect(status).toBe(400);
      expect(body.fields?.map((field) => field.field)).toEqual(['code']);
      expect(await addressesOf(me.userId)).toEqual(before);
    });

    it('does not accept a code sent to a different address', async () => {
      expect((await sendEmailCode('first@example.com')).statusCode).toBe(200);
      const code = ctx.lastCodeFor('first@example.com');
      const { status, body } = await bind('email', { email: 'second@example.com', code });
      expect(status).toBe(400);
      expect(body.fields?.[0]?.field).toBe('code');
      expect((await addressesOf(me.userId)).email).not.toBe('second@example.com');
    });

    it('answers 409 for an address of another account, in this organisation or another', async () => {
      for (const email of ['colleague@example.com', 'STRANGER@example.com']) {
        const { status, body } = await bind('email', { email, code: '123456' });
        expect(status).toBe(409);
        expect(body.code).toBe('CONFLICT');
        expect(body.fields?.[0]?.field).toBe('email');
        expect(body.message).toContain(email.toLowerCase());
      }
      // The send call refuses such an address as well, so no code can be had for it.
      expect((await sendEmailCode('stranger@example.com')).statusCode).toBe(409);
      expect((await addressesOf(stranger.userId)).email).toBe('stranger@example.com');
      expect((await addressesOf(colleague.userId)).email).toBe('colleague@example.com');
    });

    it('answers 400 naming the field for a malformed address or code, before any code check', async () => {
      const badEmail = await bind('email', { email: 'not-an-email', code: '123456' });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.fields?.map((field) => field.field)).toEqual(['email']);
      const badCode = await bind('email', { email: 'fine@example.com', code: '12ab' });
      expect(badCode.status).toBe(400);
      expect(badCode.body.fields?.map((field) => field.field)).toEqual(['code']);
    });

    it('answers 401 without a session', async () => {
      const { status } = await bind('email', { email: 'anon@example.com', code: '123456' }, '');
      expect(status).toBe(401);
    });
  });

  describe('POST /api/user/bind/mobile', () => {
    it('binds the mobile number the code was sent to', async () => {
      expect((await sendSmsCode('13800000123')).statusCode).toBe(200);
      const code = ctx.lastCodeFor('13800000123');
      const { status, body } = await bind('mobile', { mobile: '13800000123', code });
      expect(status).toBe(200);
      expect(body.data.mobile).toBe('13800000123');
      expect((await addressesOf(me.userId)).mobile).toBe('13800000123');
      // Binding it again is a no-op that needs no new code (none could be sent for it).
      const again = await bind('mobile', { mobile: '13800000123', code: '999999' });
      expect(again.status).toBe(200);
      expect(again.body.data.mobile).toBe('13800000123');
    });

    it('answers 400 for a wrong code and keeps the number bound before', async () => {
      expect((await sendSmsCode('13800000456')).statusCode).toBe(200);
      const code = ctx.lastCodeFor('13800000456') ?? '';
      const { status, body } = await bind('mobile', { mobile: '13800000456', code: wrongCodeFor(code) });
      expect(status).toBe(400);
      expect(body.fields?.[0]?.field).toBe('code');
      expect((await addressesOf(me.userId)).mobile).toBe('13800000123');
    });

    it('answers 409 for a number another account uses', async () => {
      for (const mobile of ['13900000001', '13900000002']) {
        const { status, body } = await bind('mobile', { mobile, code: '123456' });
        expect(status).toBe(409);
        expect(body.fields?.[0]?.field).toBe('mobile');
      }
      expect((await addressesOf(stranger.userId)).mobile).toBe('13900000002');
    });

    it('answers 400 naming mobile for a malformed number', async () => {
      const { status, body } = await bind('mobile', { mobile: 'call-me', code: '123456' });
      expect(status).toBe(400);
      expect(body.fields?.map((field) => field.field)).toEqual(['mobile']);
    });

    it('answers 401 without a session', async () => {
      const { status } = await bind('mobile', { mobile: '13800000999', code: '123456' }, '');
      expect(status).toBe(401);
    });
  });
});
