import type { PublicConfig } from '@openkefu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, clientAuth, createAccount, signIn, useTestApp, type TestAccount } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { startWechatPlatform, type WechatPlatformStub } from '../../test/protocol/wechat.js';

/*
 * WeChat and Work WeChat scan sign-in and binding, against a local server speaking WeChat's
 * sns/oauth2 and Work WeChat's auth/getuserinfo: the QR page hands back a code, our callback trades
 * it, the sign-in page trades our ticket for a token.
 */

const app = { appId: 'wxlogin0000000001', secret: 'login-secret-1' };
const corp = { corpId: 'wwlogin0000000001', secret: 'corp-secret-1', agentId: '1000005' };
const publicUrl = 'https://kefu.example.com';

type Envelope<T> = { data: T };

await describeEachDatabase('wechat scan sign-in', (target) => {
  let platform: WechatPlatformStub;
  const env: Record<string, string> = {
    PUBLIC_URL: publicUrl,
    FEATURE_WECHAT_SCAN_LOGIN: 'true',
    WECHAT_LOGIN_APP_ID: app.appId,
    WECHAT_LOGIN_APP_SECRET: app.secret,
    WECHAT_WORK_LOGIN_CORP_ID: corp.corpId,
    WECHAT_WORK_LOGIN_AGENT_ID: corp.agentId,
    WECHAT_WORK_LOGIN_SECRET: corp.secret,
  };
  const ctx = useTestApp(target, { env, build: { sweepIntervalMs: 0, jobIntervalMs: 0 } });
  let agent: TestAccount & { token: string };

  beforeAll(async () => {
    platform = await startWechatPlatform({
      apps: [app],
      corps: [{ corpId: corp.corpId, secret: corp.secret, agentId: corp.agentId }],
    });
    Object.assign(ctx.app.services.config.channelApiBases, { wechat: platform.url, wework: platform.url });
    const account = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'] });
    agent = { ...account, token: await signIn(ctx.app, account.username, account.password) };
  });
  afterAll(async () => platform?.close());

  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  /** Follows our authorize (or bind) address as the QR page would: back to our callback with a code. */
  const scanBack = async (authorizeUrl: string, identity: { unionid?: string; userid?: string }) => {
    const url = new URL(authorizeUrl);
    const callback = new URL(url.searchParams.get('redirect_uri') ?? '');
    const code = platform.issueLoginCode(identity);
    const state = url.searchParams.get('state') ?? '';
    const response = await get(`${callback.pathname}?code=${code}&state=${encodeURIComponent(state)}`);
    expect(response.statusCode).toBe(302);
    return new URL(response.headers.location as string, publicUrl);
  };

  const tokenWith = (path: string, body: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: path, headers: { authorization: clientAuth }, payload: body });

  it('says in the public config which scan sign-ins this server offers', async () => {
    const config = (await get('/api/v1/config')).json<Envelope<PublicConfig>>().data;
    expect(config.features.wechatScanLogin).toBe(true);
    expect(config.scanLogin).toEqual(['wechat', 'wechatWork']);
  });

  it('sends the login page to the WeChat QR page with our callback and a sealed state', async () => {
    const response = await get('/oauth/wechat/authorize?redirect=/stable/kefu/thread');
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(location.searchParams.get('appid')).toBe(app.appId);
    expect(location.searchParams.get('scope')).toBe('snsapi_login');
    expect(location.searchParams.get('redirect_uri')).toBe(`${publicUrl}/oauth/wechat/callback`);
    expect(location.searchParams.get('state')).toMatch(/^v1\./);
  });

  it('binds a WeChat to the signed-in account, then signs it in by scanning', async () => {
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/bind/wechat/start',
      headers: bearer(agent.token),
      payload: { provider: 'wechat' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const back = await scanBack(started.json<Envelope<{ url: string }>>().data.url, { unionid: 'union-ada' });
    expect(`${back.pathname}${back.search}`).toBe('/admin/stable/settings/profile?tab=binding&bound=wechat');
    const bindings = (await get('/api/user/bind/wechat', agent.token)).json<
      Envelope<{ available: string[]; bound: { provider: string }[] }>
    >().data;
    expect(bindings.bound.map((binding) => binding.provider)).toEqual(['wechat']);

    const login = await get('/oauth/wechat/authorize?redirect=/stable/kefu/thread');
    const landing = await scanBack(login.headers.location as string, { unionid: 'union-ada' });
    expect(landing.pathname).toBe('/admin/antv/user/bind-wechat');
    expect(landing.searchParams.get('redirect')).toBe('/stable/kefu/thread');
    const ticket = landing.searchParams.get('unionid') ?? '';
    // The browser sees a sealed ticket, never the WeChat identity.
    expect(ticket).not.toContain('union-ada');
    const token = await tokenWith('/wechat/token', { grant_type: 'wechat', unionid: ticket });
    expect(token.statusCode, token.body).toBe(200);
    const accessToken = token.json<{ access_token: string }>().access_token;
    const profile = await get('/api/user/profile', accessToken);
    expect(profile.json<Envelope<{ uid: string }>>().data.uid).toBe(agent.uid);
  });

  it('refuses an identity no account is bound to, a forged or raw ticket, and a bad client', async () => {
    const login = await get('/oauth/wechat/authorize');
    const landing = await scanBack(login.headers.location as string, { unionid: 'union-stranger' });
    const notBound = await tokenWith('/wechat/token', {
      grant_type: 'wechat',
      unionid: landing.searchParams.get('unionid') ?? '',
    });
    expect(notBound.statusCode).toBe(400);
    expect(notBound.json<{ error: string }>().error).toBe('invalid_grant');
    const raw = await tokenWith('/wechat/token', { grant_type: 'wechat', unionid: 'union-ada' });
    expect(raw.json<{ error: string }>().error).toBe('invalid_grant');
    const missing = await tokenWith('/wechat/token', { grant_type: 'wechat' });
    expect(missing.statusCode).toBe(400);
    const badClient = await ctx.app.inject({
      method: 'POST',
      url: '/wechat/token',
      headers: { authorization: `Basic ${Buffer.from('client:wrong').toString('base64')}` },
      payload: { unionid: 'x' },
    });
    expect(badClient.statusCode).toBe(401);
  });

  it('does not bind one WeChat to two accounts', async () => {
    const other = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'] });
    const otherToken = await signIn(ctx.app, other.username, other.password);
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/bind/wechat/start',
      headers: bearer(otherToken),
      payload: { provider: 'wechat' },
    });
    const back = await scanBack(started.json<Envelope<{ url: string }>>().data.url, { unionid: 'union-ada' });
    expect(back.searchParams.get('bindError')).toBe('taken');
    const bindings = (await get('/api/user/bind/wechat', otherToken)).json<Envelope<{ bound: unknown[] }>>()
      .data;
    expect(bindings.bound).toEqual([]);
  });

  it('sends an expired or forged state back to the sign-in page with an error, trading nothing', async () => {
    const callsBefore = platform.calls.length;
    const forged = await get(
      `/oauth/wechat/callback?code=${platform.issueLoginCode({ unionid: 'union-ada' })}&state=v1.x.y.z`,
    );
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/admin/antv/user/bind-wechat?error=expired');
    expect(platform.calls.length).toBe(callsBefore);
  });

  it('keeps the redirect inside the console', async () => {
    const response = await get(
      `/oauth/wechat/authorize?redirect=${encodeURIComponent('https://evil.example/x')}`,
    );
    const login = await scanBack(response.headers.location as string, { unionid: 'union-ada' });
    expect(login.searchParams.get('redirect')).toBe('/dashboard');
  });

  describe('Work WeChat', () => {
    it('binds a member and signs it in; refuses someone outside the company', async () => {
      const started = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/bind/wechat/start',
        headers: bearer(agent.token),
        payload: { provider: 'wechatWork' },
      });
      const url = new URL(started.json<Envelope<{ url: string }>>().data.url);
      expect(`${url.origin}${url.pathname}`).toBe('https://login.work.weixin.qq.com/wwlogin/sso/login');
      expect(url.searchParams.get('agentid')).toBe(corp.agentId);
      const back = await scanBack(url.toString(), { userid: 'zhangsan' });
      expect(back.searchParams.get('bound')).toBe('wechatWork');

      const login = await get('/oauth/wechat-work/authorize');
      const landing = await scanBack(login.headers.location as string, { userid: 'zhangsan' });
      expect(landing.pathname).toBe('/admin/antv/user/bind-wechat-work');
      const token = await tokenWith('/wechat/work/token', {
        grant_type: 'wechat_work',
        userid: landing.searchParams.get('userid') ?? '',
      });
      expect(token.statusCode, token.body).toBe(200);

      const outsider = await get('/oauth/wechat-work/authorize');
      const refused = await scanBack(outsider.headers.location as string, {});
      expect(refused.searchParams.get('error')).toBe('platform');
    });

    it('unbinds, after which the identity signs in no more', async () => {
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/user/bind/wechat?provider=wechatWork',
        headers: bearer(agent.token),
      });
      expect(removed.statusCode).toBe(200);
      const login = await get('/oauth/wechat-work/authorize');
      const landing = await scanBack(login.headers.location as string, { userid: 'zhangsan' });
      const token = await tokenWith('/wechat/work/token', {
        userid: landing.searchParams.get('userid') ?? '',
      });
      expect(token.json<{ error: string }>().error).toBe('invalid_grant');
    });
  });
});

await describeEachDatabase('wechat scan sign-in switched off', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0, jobIntervalMs: 0 } });
  it('answers unsupported_grant_type and offers no scan sign-in', async () => {
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/wechat/token',
      headers: { authorization: clientAuth },
      payload: { grant_type: 'wechat', unionid: 'x' },
    });
    expect(token.json<{ error: string }>().error).toBe('unsupported_grant_type');
    const authorize = await ctx.app.inject({ method: 'GET', url: '/oauth/wechat/authorize' });
    expect(authorize.statusCode).toBe(400);
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/v1/config' })).json<
      Envelope<PublicConfig>
    >();
    expect(config.data.scanLogin).toEqual([]);
  });
});
