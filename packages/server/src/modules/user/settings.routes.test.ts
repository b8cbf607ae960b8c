import type { UserSettings } from '@openkefu/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.js';
import { bearer, createAccount, signIn, useTestApp } from '../../test/app.js';

type Body<T> = {
  message: string;
  status_code: number;
  data: T;
  fields?: { field: string; message: string }[];
};

await describeEachDatabase('user settings routes', (target) => {
  const ctx = useTestApp(target);
  let first: string;
  let second: string;

  const get = async (url: string, token?: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
    return { status: response.statusCode, body: response.json<Body<UserSettings>>() };
  };

  beforeAll(async () => {
    const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    first = await signIn(ctx.app, owner.username, owner.password);
    const agent = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: owner.orgId });
    second = await signIn(ctx.app, agent.username, agent.password);
  });

  const defaults: UserSettings = {
    preview: true,
    connected: true,
    disconnected: true,
    historyMessages: true,
    wechatPay: false,
    alipay: false,
  };

  it('answers the defaults before anything is changed', async () => {
    const { status, body } = await get('/api/user/settings?client=web', first);
    expect(status).toBe(200);
    expect(body.data).toEqual(defaults);
  });

  it('switches each setting, returns them all, and keeps them per user', async () => {
    const toggles: [string, keyof UserSettings, boolean][] = [
      ['preview', 'preview', false],
      ['connected', 'connected', false],
      ['disconnected', 'disconnected', false],
      ['historymessages', 'historyMessages', false],
      ['wechatpay', 'wechatPay', true],
      ['alipay', 'alipay', true],
    ];
    const expected = { ...defaults };
    for (const [path, key, value] of toggles) {
      const { status, body } = await get(`/api/user/settings/${path}?on=${value}&client=web`, first);
      expect(status, path).toBe(200);
      expected[key] = value;
      expect(body.data).toEqual(expected);
    }
    expect((await get('/api/user/settings', first)).body.data).toEqual(expected);
    // Another user's settings are untouched.
    expect((await get('/api/user/settings', second)).body.data).toEqual(defaults);
    // 1/0 work like true/false.
    expect((await get('/api/user/settings/preview?on=1', first)).body.data.preview).toBe(true);
    expect((await get('/api/user/settings/preview?on=0', first)).body.data.preview).toBe(false);
  });

  it('answers 400 naming `on` when it is missing or not a boolean, and 404 for an unknown setting', async () => {
    for (const query of ['', '?on=maybe', '?on=']) {
      const { status, body } = await get(`/api/user/settings/alipay${query}`, first);
      expect(status, query).toBe(400);
      expect(body.fields?.map((entry) => entry.field)).toEqual(['on']);
    }
    expect((await get('/api/user/settings/telepathy?on=true', first)).status).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await get('/api/user/settings')).status).toBe(401);
    expect((await get('/api/user/settings/preview?on=true')).status).toBe(401);
  });
});
