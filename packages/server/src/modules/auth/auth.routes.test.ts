import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/secrets.js';
import { describeEachDatabase } from '../../test/databases.js';
import { bearer, clientAuth, createAccount, signIn, useTestApp, type TestAccount } from '../../test/app.js';

type OAuthBody = { error: string; error_description: string; message: string; retryAfter?: number };
type TokenBody = {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  jti: string;
  result: { isLogin: boolean };
};

let ipCounter = 0;
/** Each test its own client address, so per-IP limits of one test do not leak into the next. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

await describeEachDatabase('auth routes', (target) => {
  const ctx = useTestApp(target);

  const token = (
    payload: object | string,
    options: { authorization?: string; remoteAddress?: string; form?: boolean; language?: string } = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: {
        ...(options.authorization === '' ? {} : { authorization: options.authorization ?? clientAuth }),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(options.language ? { 'accept-language': options.language } : {}),
      },
      payload:
        typeof payload === 'string'
          ? payload
          : options.form
            ? new URLSearchParams(payload as Record<string, string>).toString()
            : payload,
      remoteAddress: options.remoteAddress ?? freshIp(),
    });

  describe('POST /oauth/token (password)', () => {
    it('signs in with a form-encoded body and returns the OAuth token body', async () => {
      const response = await token('grant_type=password&username=admin&password=admin&scope=all', {
        form: true,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<TokenBody>();
      expect(body).toMatchObject({
        token_type: 'bearer',
        expires_in: 604800,
        scope: 'all',
        result: { isLogin: true },
      });
      expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.refresh_token).not.toBe(body.access_token);
      expect(body).not.toHaveProperty('status_code');
      // Stored hashed: the database never holds the bearer token itself.
      const rows = await ctx.database.db
        .selectFrom('access_token')
        .select(['access_hash', 'refresh_hash'])
        .execute();
      expect(rows.some((row) => row.access_hash === body.access_token)).toBe(false);
      expect(rows.some((row) => row.access_hash.length === 64)).toBe(true);
    });

    it('signs in with a JSON body, scope defaulting to all', async () => {
      const response = await token({ grant_type: 'password', username: 'admin', password: 'admin' });
      expect(response.statusCode).toBe(200);
      expect(response.json<TokenBody>().scope).toBe('all');
    });

    it('answers 401 invalid_client for a wrong, malformed or missing client', async () => {
      const wrong = `Basic ${Buffer.from('client:wrong').toString('base64')}`;
      for (const authorization of [
        wrong,
        'Basic !!!',
        'Bearer abc',
        '',
        `Basic ${Buffer.from('client').toString('base64')}`,
      ]) {
        const response = await token(
          { grant_type: 'password', username: 'admin', password: 'admin' },
          { authorization },
        );
        expect(response.statusCode, authorization).toBe(401);
        expect(response.json<OAuthBody>()).toMatchObject({
          error: 'invalid_client',
          message: 'Invalid client credentials',
        });
        expect(response.headers['www-authenticate']).toContain('Basic');
      }
      // The client is checked before the body: a bad body with a bad client is still 401.
      expect((await token('{bad json', { authorization: '' })).statusCode).toBe(401);
    });

    it('answers 400 invalid_grant for a wrong password or an unknown user', async () => {
      for (const payload of [
        { grant_type: 'password', username: 'admin', password: 'wrong' },
        { grant_type: 'password', username: 'nobody-here', password: 'admin' },
      ]) {
        const response = await token(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json<OAuthBody>()).toEqual({
          error: 'invalid_grant',
          error_description: 'Wrong username or password',
          message: 'Wrong username or password',
        });
      }
    });

    it('answers in Chinese for zh-CN', async () => {
      const response = await token(
        { grant_type: 'password', username: 'admin', password: 'wrong' },
        { language: 'zh-CN' },
      );
      expect(response.json<OAuthBody>().message).toBe('用户名或密码错误');
    });

    it('refuses a disabled user with its own message, only after a right password', async () => {
      const disabled = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'], enabled: false });
      const right = await token({
        grant_type: 'password',
        username: disabled.username,
        password: disabled.password,
      });
      expect(right.statusCode).toBe(400);
      expect(right.json<OAuthBody>()).toMatchObject({
        error: 'user_disabled',
        message: 'This account is disabled',
      });
      const wrong = await token({ grant_type: 'password', username: disabled.username, password: 'nope' });
      expect(wrong.json<OAuthBody>().error).toBe('invalid_grant');
    });

    it('answers 400 unsupported_grant_type and 400 invalid_request naming the missing field', async () => {
      const unsupported = await token({ grant_type: 'client_credentials' });
      expect(unsupported.statusCode).toBe(400);
      expect(unsupported.json<OAuthBody>().error).toBe('unsupported_grant_type');

      for (const [payload, field] of [
        [{ username: 'admin', password: 'admin' }, 'grant_type'],
        [{ grant_type: 'password', password: 'admin' }, 'username'],
        [{ grant_type: 'password', username: 'admin' }, 'password'],
        [{ grant_type: 'password', username: 'admin', password: 'x'.repeat(200) }, 'password'],
        [{ grant_type: 'refresh_token' }, 'refresh_token'],
      ] as const) {
        const response = await token(payload);
        expect(response.statusCode, field).toBe(400);
        const body = response.json<OAuthBody>();
        expect(body.error).toBe('invalid_request');
        expect(body.message).toContain(field);
      }
      const badJson = await ctx.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { authorization: clientAuth, 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json<OAuthBody>().error).toBe('invalid_request');
    });

    it('never locks the owner out: failures for a username from other addresses leave the right password working', async () => {
      const account = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const response = await token({
          grant_type: 'password',
          username: account.username,
          password: 'wrong',
        });
        expect(response.statusCode).toBe(400);
      }
      const owner = await token({
        grant_type: 'password',
        username: account.username,
        password: account.password,
      });
      expect(owner.statusCode).toBe(200);
    });

    it('allows 10 failures per IP over any usernames, then 429', async () => {
      const ip = freshIp();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect(
          (
            await token(
              { grant_type: 'password', username: `ghost-${attempt}`, password: 'x' },
              { remoteAddress: ip },
            )
          ).statusCode,
        ).toBe(400);
      }
      const locked = await token(
        { grant_type: 'password', username: 'admin', password: 'admin' },
        { remoteAddress: ip },
      );
      expect(locked.statusCode).toBe(429);
      // Another address is not affected.
      expect((await token({ grant_type: 'password', username: 'admin', password: 'admin' })).statusCode).toBe(
        200,
      );
    });
  });

  describe('POST /oauth/token (refresh_token)', () => {
    it('rotates the pair: the new tokens work, the old refresh token does not', async () => {
      const first = (
        await token({ grant_type: 'password', username: 'admin', password: 'admin' })
      ).json<TokenBody>();
      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(refreshed.statusCode).toBe(200);
      const second = refreshed.json<TokenBody>();
      expect(second.access_token).not.toBe(first.access_token);
      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(second.access_token),
      });
      expect(profile.statusCode).toBe(200);
      const old = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(first.access_token),
      });
      expect(old.statusCode).toBe(401);
      const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(replay.statusCode).toBe(400);
      expect(replay.json<OAuthBody>().error).toBe('invalid_grant');
    });

    it('refuses an unknown refresh token', async () => {
      const response = await token({ grant_type: 'refresh_token', refresh_token: 'nope' });
      expect(response.statusCode).toBe(400);
      expect(response.json<OAuthBody>()).toMatchObject({
        error: 'invalid_grant',
        message: 'The refresh token is invalid or has expired',
      });
    });
  });

  describe('bearer tokens', () => {
    it('answers 401 with the envelope for missing, unknown, expired and revoked tokens', async () => {
      const access = await signIn(ctx.app, 'admin', 'admin', freshIp());
      const expired = await signIn(ctx.app, 'admin', 'admin', freshIp());
      await ctx.database.db
        .updateTable('access_token')
        .set({ access_expires_at: Date.now() - 1000 })
        .where('access_hash', '=', hashToken(expired))
        .execute();
      const cases: Record<string, Record<string, string>> = {
        missing: {},
        garbage: bearer('garbage'),
        basic: { authorization: clientAuth },
        expired: bearer(expired),
      };
      for (const [name, headers] of Object.entries(cases)) {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers });
        expect(response.statusCode, name).toBe(401);
        expect(response.json(), name).toEqual({
          message: 'Not signed in, or the session has expired',
          status_code: 401,
          data: null,
          code: 'UNAUTHORIZED',
        });
      }
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(access) }))
          .statusCode,
      ).toBe(200);
    });

    it('stops working when the user is disabled', async () => {
      const account = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      const access = await signIn(ctx.app, account.username, account.password, freshIp());
      await ctx.database.db
        .updateTable('user')
        .set({ enabled: 0 })
        .where('id', '=', account.userId)
        .execute();
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(access),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'This account is disabled' });
    });
  });

  describe('POST /api/user/logout', () => {
    it('revokes only the token it is called with', async () => {
      const other: TestAccount = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      const otherToken = await signIn(ctx.app, other.username, other.password, freshIp());
      const mine = await signIn(ctx.app, 'admin', 'admin', freshIp());
      const mySecond = await signIn(ctx.app, 'admin', 'admin', freshIp());

      const logout = await ctx.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(mine) });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ message: 'success', status_code: 200, data: null });

      const profile = (access: string) =>
        ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(access) });
      expect((await profile(mine)).statusCode).toBe(401);
      expect((await profile(mySecond)).statusCode).toBe(200);
      // Another organisation's session is untouched.
      expect((await profile(otherToken)).statusCode).toBe(200);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(mine) })).statusCode,
      ).toBe(401);
    });

    it('answers 401 without a token', async () => {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/user/logout' })).statusCode).toBe(401);
    });
  });

  describe('sign-in codes: GET /sms/api/send/{provider} + POST /mobile/token', () => {
    let account: TestAccount;
    const mobile = '13800138000';
    beforeAll(async () => {
      account = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'], mobile });
    });

    const send = (query: string, remoteAddress = freshIp()) =>
      ctx.app.inject({ method: 'GET', url: `/sms/api/send/log?${query}`, remoteAddress });
    const mobileToken = (payload: object, authorization = clientAuth) =>
      ctx.app.inject({
        method: 'POST',
        url: '/mobile/token',
        headers: { authorization },
        payload,
        remoteAddress: freshIp(),
      });
    const expireResendInterval = () =>
      ctx.database.db
        .updateTable('verification_code')
        .set({ last_sent_at: 0 })
        .where('address', '=', mobile)
        .execute();

    it('sends a six-digit code, stored hashed, and signs in with it once', async () => {
      const sent = await send(`mobile=${mobile}&client=web`);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({
        message: 'success',
        status_code: 200,
        data: { resendAfter: 60, expiresIn: 300 },
      });
      const code = ctx.lastCodeFor(mobile);
      expect(code).toMatch(/^\d{6}$/);
      const row = await ctx.database.db
        .selectFrom('verification_code')
        .selectAll()
        .where('address', '=', mobile)
        .executeTakeFirstOrThrow();
      expect(row.code_hash).not.toContain(code);
      expect(row.purpose).toBe('login');

      const signedIn = await mobileToken({ mobile, code, grant_type: 'mobile' });
      expect(signedIn.statusCode).toBe(200);
      const access = signedIn.json<TokenBody>().access_token;
      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(access),
      });
      expect(profile.json<{ data: { uid: string } }>().data.uid).toBe(account.uid);

      const reused = await mobileToken({ mobile, code });
      expect(reused.statusCode).toBe(400);
      expect(reused.json<OAuthBody>().error).toBe('invalid_grant');
    });

    it('refuses a second send within 60 s with 429 and retryAfter', async () => {
      await expireResendInterval();
      expect((await send(`mobile=${mobile}`)).statusCode).toBe(200);
      const again = await send(`mobile=${mobile}`);
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ code: 'RATE_LIMITED', status_code: 429 });
      expect(again.json<{ retryAfter: number }>().retryAfter).toBeGreaterThan(50);
      expect(again.json<{ retryAfter: number }>().retryAfter).toBeLessThanOrEqual(60);
    });

    it('kills a code after 5 wrong attempts', async () => {
      await expireResendInterval();
      await send(`mobile=${mobile}`);
      const code = ctx.lastCodeFor(mobile) ?? '';
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await mobileToken({ mobile, code: wrong });
        expect(response.statusCode).toBe(400);
        expect(response.json<OAuthBody>().error).toBe('invalid_grant');
      }
      const right = await mobileToken({ mobile, code });
      expect(right.statusCode).toBe(400);
      expect(right.json<OAuthBody>().message).toBe('Too many wrong codes; request a new one');
    });

    it('refuses an expired code', async () => {
      await expireResendInterval();
      await send(`mobile=${mobile}`);
      await ctx.database.db
        .updateTable('verification_code')
        .set({ expires_at: Date.now() - 1 })
        .where('address', '=', mobile)
        .execute();
      const response = await mobileToken({ mobile, code: ctx.lastCodeFor(mobile) ?? '' });
      expect(response.statusCode).toBe(400);
      expect(response.json<OAuthBody>().message).toBe('The verification code is wrong or has expired');
    });

    it('answers an unknown number like a known one but sends nothing', async () => {
      const before = ctx.sent.length;
      const response = await send('mobile=13999999999');
      expect(response.statusCode).toBe(200);
      expect(ctx.sent.length).toBe(before);
      expect((await mobileToken({ mobile: '13999999999', code: '123456' })).statusCode).toBe(400);
    });

    it('answers 400 naming the field for a bad number, provider or purpose', async () => {
      for (const [url, field] of [
        ['/sms/api/send/log?mobile=abc', 'mobile'],
        ['/sms/api/send/log', 'mobile'],
        [`/sms/api/send/carrier-pigeon?mobile=${mobile}`, 'provider'],
        [`/sms/api/send/log?mobile=${mobile}&purpose=spam`, 'purpose'],
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url, remoteAddress: freshIp() });
        expect(response.statusCode, url).toBe(400);
        expect(response.json<{ fields: { field: string }[] }>().fields.map((entry) => entry.field)).toContain(
          field,
        );
      }
      for (const [payload, word] of [
        [{ mobile, code: '12345' }, 'code'],
        [{ mobile: 'x', code: '123456' }, 'mobile'],
        [{ mobile, code: '123456', grant_type: 'password' }, 'grant_type'],
      ] as const) {
        const response = await mobileToken(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json<OAuthBody>()).toMatchObject({ error: 'invalid_request' });
        expect(response.json<OAuthBody>().message).toContain(word);
      }
    });

    it('requires the client credentials', async () => {
      const response = await mobileToken({ mobile, code: '123456' }, 'Basic eDp5');
      expect(response.statusCode).toBe(401);
      expect(response.json<OAuthBody>().error).toBe('invalid_client');
    });

    it('limits code requests per IP', async () => {
      const ip = freshIp();
      let last = 0;
      for (let index = 0; index < 21; index += 1)
        last = (await send(`mobile=1370000${String(index).padStart(4, '0')}`, ip)).statusCode;
      expect(last).toBe(429);
    });
  });

  describe('sign-in codes: POST /email/code + POST /email/token', () => {
    it('signs in with an emailed code, the address compared case-insensitively', async () => {
      const account = await createAccount(ctx.database, {
        roles: ['ROLE_ADMIN'],
        email: 'agent@example.com',
      });
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/email/code',
        payload: { email: 'Agent@Example.com', client: 'web' },
        remoteAddress: freshIp(),
      });
      expect(sent.statusCode).toBe(200);
      const code = ctx.lastCodeFor('agent@example.com');
      expect(code).toMatch(/^\d{6}$/);
      expect(ctx.sent.at(-1)).toMatchObject({
        channel: 'email',
        purpose: 'login',
        language: 'en-US',
        expiresInMinutes: 5,
      });
      const signedIn = await ctx.app.inject({
        method: 'POST',
        url: '/email/token',
        headers: { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=AGENT%40example.com&code=${code}&grant_type=email`,
        remoteAddress: freshIp(),
      });
      expect(signedIn.statusCode).toBe(200);
      const access = signedIn.json<TokenBody>().access_token;
      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(access),
      });
      expect(profile.json<{ data: { uid: string } }>().data.uid).toBe(account.uid);
    });

    it('answers 400 naming the field', async () => {
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/email/code',
        payload: { email: 'not-an-email' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ fields: { field: string }[] }>().fields[0]?.field).toBe('email');
      const badToken = await ctx.app.inject({
        method: 'POST',
        url: '/email/token',
        headers: { authorization: clientAuth },
        payload: { email: 'a@b.co' },
      });
      expect(badToken.statusCode).toBe(400);
      expect(badToken.json<OAuthBody>().message).toContain('code');
      const wrongCode = await ctx.app.inject({
        method: 'POST',
        url: '/email/token',
        headers: { authorization: clientAuth },
        payload: { email: 'a@b.co', code: '123456' },
      });
      expect(wrongCode.statusCode).toBe(400);
      expect(wrongCode.json<OAuthBody>().error).toBe('invalid_grant');
      const noClient = await ctx.app.inject({
        method: 'POST',
        url: '/email/token',
        payload: { email: 'a@b.co', code: '123456' },
      });
      expect(noClient.statusCode).toBe(401);
    });
  });

  describe('WeChat grants', () => {
    it('answers 400 unsupported_grant_type with a clear message while WeChat login is off', async () => {
      for (const [url, payload] of [
        ['/wechat/token', { unionid: 'u1', grant_type: 'wechat' }],
        ['/wechat/work/token', { userid: 'u1', grant_type: 'wechat_work' }],
      ] as const) {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { authorization: clientAuth },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json<OAuthBody>()).toMatchObject({ error: 'unsupported_grant_type' });
        expect(response.json<OAuthBody>().message).toContain('WeChat login is not available');
        expect((await ctx.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
      }
    });
  });
});

await describeEachDatabase('auth with code delivery switched off', (target) => {
  const ctx = useTestApp(target, {
    env: { SMS_PROVIDER: 'none', EMAIL_PROVIDER: 'none' },
    build: { delivery: { mobile: null, email: null } },
  });

  it('answers 400 and lists only password sign-in in the public config', async () => {
    const sms = await ctx.app.inject({ method: 'GET', url: '/sms/api/send/log?mobile=13800138000' });
    expect(sms.statusCode).toBe(400);
    expect(sms.json()).toMatchObject({
      message: 'Sign-in codes by SMS are not enabled on this server',
      fields: [{ field: 'mobile' }],
    });
    const email = await ctx.app.inject({ method: 'POST', url: '/email/code', payload: { email: 'a@b.co' } });
    expect(email.statusCode).toBe(400);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json<{ data: { loginMethods: string[] } }>().data.loginMethods).toEqual(['password']);
  });
});
