import type { PlatformChannelApp, PlatformChannelAppTest } from '@openkefu/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createComponentTestSettings,
  startWechatOpenPlatform,
  type WechatOpenPlatform,
} from '../../../test/protocol/wechat-open.js';
import { createAccount, signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { getJson, postJson } from '../../records/records.fixture.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

await describeEachDatabase('platform channel app routes', (target) => {
  const env: Record<string, string> = {};
  const component = createComponentTestSettings();
  let wechat: WechatOpenPlatform;
  beforeAll(async () => {
    wechat = await startWechatOpenPlatform(component);
    env.CHANNEL_API_BASES = `wechat=${wechat.base}`;
  });
  afterAll(async () => wechat?.close());
  const ctx = useTestApp(target, { env, build: { sweepIntervalMs: 0, jobIntervalMs: 0 } });
  let staffToken: string;
  let adminToken: string;

  beforeAll(async () => {
    const staff = await createAccount(ctx.database, { roles: ['ROLE_SUPER'] });
    staffToken = await signIn(ctx.app, staff.username, staff.password);
    const admin = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    adminToken = await signIn(ctx.app, admin.username, admin.password);
  });

  const save = (token: string, payload: object) =>
    postJson<PlatformChannelApp>(ctx, '/api/platform/channel-app/save', token, payload);
  const test = (token: string, type: string) =>
    postJson<PlatformChannelAppTest>(ctx, '/api/platform/channel-app/test', token, { type });

  it('refuses organisation admins (403) and anonymous callers (401)', async () => {
    expect((await getJson(ctx, '/api/platform/channel-app/all', adminToken)).status).toBe(403);
    expect((await save(adminToken, { type: 'shopee', values: {} })).status).toBe(403);
    expect((await test(adminToken, 'wechat_open')).status).toBe(403);
    expect((await getJson(ctx, '/api/platform/channel-app/all')).status).toBe(401);
  });

  it('lists every platform, none configured yet', async () => {
    const { status, body } = await getJson<PlatformChannelApp[]>(
      ctx,
      '/api/platform/channel-app/all',
      staffToken,
    );
    expect(status).toBe(200);
    expect(body.data.map((app) => app.type)).toEqual(['wechat_open', 'shopee', 'lazada']);
    expect(body.data[0]).toEqual({
      type: 'wechat_open',
      settings: { componentAppId: '' },
      secretsSet: [],
      isConfigured: false,
      canTest: true,
      updatedAt: null,
    });
  });

  it('answers 400 naming the field', async () => {
    expect(fieldsOf((await save(staffToken, { type: 'weibo', values: {} })).body)).toEqual(['type']);
    const missing = await save(staffToken, { type: 'shopee', values: { partnerId: '1001', extra: 'x' } });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toEqual(['values.extra', 'values.partnerKey']);
    expect(
      fieldsOf((await save(staffToken, { type: 'lazada', values: { appKey: 'x'.repeat(513) } })).body),
    ).toEqual(['values.appKey']);
    expect(fieldsOf((await test(staffToken, 'shopee')).body)).toEqual(['type']);
    // Not configured yet: nothing to test with.
    expect((await test(staffToken, 'wechat_open')).status).toBe(400);
  });

  it('seals the secrets, never returns them, and keeps a secret sent empty', async () => {
    const saved = await save(staffToken, {
      type: 'wechat_open',
      values: {
        componentAppId: 'wx0123456789abcdef',
        componentAppSecret: 'component-secret-value',
        token: 'callback-token-value',
        encodingAESKey: 'a'.repeat(43),
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      settings: { componentAppId: 'wx0123456789abcdef' },
      secretsSet: ['componentAppSecret', 'token', 'encodingAESKey'],
      isConfigured: true,
    });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/platform/channel-app/all',
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(listed.body).not.toContain('component-secret-value');
    const row = await ctx.database.db
      .selectFrom('platform_channel_app')
      .select(['settings', 'secrets_sealed'])
      .where('type', '=', 'wechat_open')
      .executeTakeFirstOrThrow();
    expect(row.secrets_sealed).not.toContain('component-secret-value');
    expect(row.settings).not.toContain('callback-token-value');

    const renamed = await save(staffToken, {
      type: 'wechat_open',
      values: { componentAppId: 'wx-other', componentAppSecret: '', token: '', encodingAESKey: '' },
    });
    expect(renamed.body.data).toMatchObject({ settings: { componentAppId: 'wx-other' }, isConfigured: true });
    expect(await ctx.app.services.platform.channelApps.credentials('wechat_open')).toMatchObject({
      componentAppId: 'wx-other',
      componentAppSecret: 'component-secret-value',
    });
  });

  it("tests the third-party platform with WeChat's component token call, once WeChat sent a verify ticket", async () => {
    await save(staffToken, { type: 'wechat_open', values: component });
    const early = await test(staffToken, 'wechat_open');
    expect(early.status).toBe(200);
    expect(early.body.data.ok).toBe(false);
    expect(early.body.data.detail).toContain('verify ticket');

    const ticket = wechat.verifyTicketPush().request;
    const pushed = await ctx.app.inject({
      method: 'POST',
      url: `/channel/webhook/platform/wechat_open?${new URLSearchParams(ticket.query).toString()}`,
      headers: { 'content-type': 'text/xml' },
      payload: ticket.rawBody,
    });
    expect(pushed.body).toBe('success');
    expect((await test(staffToken, 'wechat_open')).body.data).toEqual({
      ok: true,
      detail: 'component_access_token',
    });

    await save(staffToken, {
      type: 'wechat_open',
      values: { ...component, componentAppSecret: 'wrong-secret' },
    });
    const refused = await test(staffToken, 'wechat_open');
    expect(refused.body.data.ok).toBe(false);
    expect(refused.body.data.detail).toContain('40013');
  });
});
