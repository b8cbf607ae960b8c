import type { ChannelAccount, ChannelPlatformApps } from '@openkefu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { buildWechatXml } from '../../lib/channels/wechat/xml.js';
import { lazadaKit, lazadaTestAccount } from '../../test/protocol/lazada.js';
import { officialPushRequest } from '../../test/protocol/wechat.js';
import {
  createComponentTestSettings,
  startWechatOpenPlatform,
  type WechatOpenPlatform,
} from '../../test/protocol/wechat-open.js';
import { shopeeKit, shopeeTestAccount } from '../../test/protocol/shopee.js';
import { createMemoryPresence } from '../realtime/presence.js';
import type { AgentActor } from '../thread/chat-actor.js';
import { bringOnline, makeChatOrg, type ChatOrg, type Envelope } from '../thread/chat.fixture.js';
import type { ChannelTestPlatform, WebhookRequest } from './channel.adapter.js';

/*
 * Organisations' Shopee and Lazada accounts on the platform's own partner app (platform → channel):
 * no credentials of their own, the shop's grant made with the platform's app, every shop's pushes
 * at one address and routed by the shop they name, replies signed with the platform's app.
 */

const publicUrl = 'https://kefu.example.com';
type ErrorBody = { fields?: { field: string; message: string }[] };

await describeEachDatabase('channel accounts on the platform app', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, {
    env: { PUBLIC_URL: publicUrl },
    build: { presence, sweepIntervalMs: 0, jobIntervalMs: 0 },
  });
  let shopee: ChannelTestPlatform;
  let lazada: ChannelTestPlatform;
  const component = createComponentTestSettings();
  let wechat: WechatOpenPlatform;
  let staff: string;
  let org: ChatOrg;
  let other: ChatOrg;

  const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  const platformApps = async (owner: ChatOrg) =>
    (await inject('GET', '/api/channel/platform-apps', owner.owner.token)).json<
      Envelope<ChannelPlatformApps>
    >().data.types;

  const saveApp = async (type: string, values: Record<string, string>) => {
    const response = await inject('POST', '/api/platform/channel-app/save', staff, { type, values });
    expect(response.statusCode, response.body).toBe(200);
  };

  const createOnPlatformApp = async (owner: ChatOrg, type: 'shopee' | 'lazada' | 'mp', name = 'Shop') => {
    const response = await inject('POST', '/api/channel/create', owner.owner.token, {
      type,
      name,
      wid: owner.wid,
      config: { appSource: 'platform' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<ChannelAccount>>().data;
  };

  /** The admin follows the authorisation link; the platform sends them back with its grant. */
  const authorize = async (owner: ChatOrg, account: ChannelAccount, grant: Record<string, string>) => {
    const started = await inject('POST', '/api/channel/authorize', owner.owner.token, { caid: account.caid });
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL(started.json<Envelope<{ url: string }>>().data.url);
    const state =
      url.searchParams.get('state') ??
      new URL(url.searchParams.get('redirect') ?? '').searchParams.get('state');
    const completed = await inject('POST', '/api/channel/authorize/complete', owner.owner.token, {
      params: { ...grant, state },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    return url;
  };

  const push = (type: string, request: WebhookRequest, tenant?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/channel/webhook/platform/${type}${tenant ? `/${tenant}` : ''}${
        Object.keys(request.query).length > 0 ? `?${new URLSearchParams(request.query).toString()}` : ''
      }`,
      headers: request.headers as Record<string, string>,
      payload: request.rawBody,
    });

  const received = (caid: string) =>
    ctx.database.db
      .selectFrom('message as m')
      .innerJoin('thread as t', 't.id', 'm.thread_id')
      .innerJoin('channel_user as u', 'u.visitor_id', 't.visitor_id')
      .innerJoin('channel_account as a', 'a.id', 'u.account_id')
      .select(['m.content', 't.tid', 't.org_id'])
      .where('a.caid', '=', caid)
      .where('m.sender_kind', '=', 'visitor')
      .execute();

  const shopeePushUrl = `${publicUrl}/channel/webhook/platform/shopee`;

  /** The org's agent answers in the thread (the reply leaves as a job). */
  const reply = async (tid: string, content: string, owner = org) => {
    const agent = owner.agents[0];
    if (!agent) throw new Error('no agent');
    const actor: AgentActor = {
      kind: 'agent',
      orgId: agent.orgId,
      userId: agent.userId,
      uid: agent.uid,
      nickname: 'Agent',
      avatar: '',
      isAdmin: false,
      canMonitor: false,
    };
    await ctx.app.services.messages.send(actor, { tid, type: 'text', content, localId: `reply-${content}` });
  };

  const deliverJobs = async (isDone: () => boolean) => {
    for (let round = 0; round < 50 && !isDone(); round += 1) {
      await ctx.app.services.jobs.runDue();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    [shopee, lazada, wechat] = await Promise.all([
      shopeeKit.start(),
      lazadaKit.start(),
      startWechatOpenPlatform(component),
    ]);
    Object.assign(ctx.app.services.config.channelApiBases, shopee.apiBases, lazada.apiBases, {
      wechat: wechat.base,
      'wechat-mp': wechat.base,
    });
    staff = await signIn(ctx.app, 'admin', 'admin');
    org = await makeChatOrg(ctx, { agents: 1, maxThreadCount: 100 });
    other = await makeChatOrg(ctx, { agents: 1, maxThreadCount: 100 });
    for (const owner of [org, other]) {
      const agent = owner.agents[0];
      if (agent) await bringOnline(ctx, presence, agent);
    }
  });
  afterAll(async () => {
    await Promise.all([shopee?.close(), lazada?.close(), wechat?.close()]);
  });

  describe('before platform staff set the app up', () => {
    it('offers no platform app, refuses an account on it naming appSource, and answers 404 at its address', async () => {
      expect(await platformApps(org)).toEqual([]);
      const refused = await inject('POST', '/api/channel/create', org.owner.token, {
        type: 'shopee',
        name: 'Shop',
        config: { appSource: 'platform' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().fields?.map((field) => field.field)).toEqual(['config.appSource']);
      const pushed = await push(
        'shopee',
        shopee.textMessage({ userId: '1', messageId: '1', text: 'x', webhookUrl: shopeePushUrl }),
      );
      expect(pushed.statusCode).toBe(404);
    });
  });

  describe('Shopee', () => {
    beforeAll(async () => {
      await saveApp('shopee', {
        partnerId: shopeeTestAccount.partnerId,
        partnerKey: shopeeTestAccount.partnerKey,
      });
    });

    it("connects without the organisation's own credentials, granted with the platform's partner id", async () => {
      expect(await platformApps(org)).toEqual(['shopee']);
      const account = await createOnPlatformApp(org, 'shopee');
      expect(account.config).toMatchObject({ appSource: 'platform', partnerId: '' });
      expect(account.secretsSet).toEqual([]);
      expect(account.webhookUrl).toBe(shopeePushUrl);
      const url = await authorize(org, account, {
        code: shopeeTestAccount.code,
        shop_id: shopeeTestAccount.shopId,
      });
      expect(url.searchParams.get('partner_id')).toBe(shopeeTestAccount.partnerId);
      const tested = await inject('POST', '/api/channel/test', org.owner.token, { caid: account.caid });
      expect(tested.json<Envelope<{ ok: boolean; detail: string }>>().data).toMatchObject({
        ok: true,
        detail: shopeeTestAccount.shopName,
      });
    });

    it("routes a push to the account whose grant named its shop, and replies with the platform's app", async () => {
      const account = await createOnPlatformApp(org, 'shopee', 'Routed shop');
      await authorize(org, account, { code: shopeeTestAccount.code, shop_id: shopeeTestAccount.shopId });
      const answer = await push(
        'shopee',
        shopee.textMessage({
          userId: '7001',
          messageId: 'sp-1',
          text: 'Is it in stock?',
          webhookUrl: shopeePushUrl,
        }),
      );
      expect(answer.statusCode, answer.body).toBe(200);
      const [message] = await received(account.caid);
      expect(message).toMatchObject({ content: 'Is it in stock?', org_id: org.owner.orgId });

      await reply(message?.tid ?? '', 'Yes, 3 left');
      await deliverJobs(() => shopee.sent().some((sent) => sent.text === 'Yes, 3 left'));
      // The local Shopee checks the call's signature with the partner key: the platform's.
      expect(shopee.sent()).toContainEqual({ to: '7001', text: 'Yes, 3 left' });
    });
    it('refuses a forged push (401), takes nothing for a shop no account holds, and moves a shop to its newest grant', async () => {
      const forged = await push(
        'shopee',
        shopee.forged(
          shopee.textMessage({ userId: '7002', messageId: 'sp-2', text: 'x', webhookUrl: shopeePushUrl }),
        ),
      );
      expect(forged.statusCode).toBe(401);

      // Another organisation's admin is granted the same shop (the shop owner moved it): its pushes follow.
      const theirs = await createOnPlatformApp(other, 'shopee', 'Moved shop');
      await authorize(other, theirs, { code: shopeeTestAccount.code, shop_id: shopeeTestAccount.shopId });
      await push(
        'shopee',
        shopee.textMessage({
          userId: '7003',
          messageId: 'sp-3',
          text: 'Hello again',
          webhookUrl: shopeePushUrl,
        }),
      );
      expect((await received(theirs.caid)).map((message) => message.content)).toEqual(['Hello again']);
      const ours = await ctx.database.db
        .selectFrom('channel_account')
        .select('caid')
        .where('org_id', '=', org.owner.orgId)
        .where('platform_tenant', 'is not', null)
        .execute();
      expect(ours).toEqual([]);

      await ctx.database.db.updateTable('channel_account').set({ platform_tenant: null }).execute();
      const unclaimed = await push(
        'shopee',
        shopee.textMessage({ userId: '7004', messageId: 'sp-4', text: 'Anyone?', webhookUrl: shopeePushUrl }),
      );
      expect(unclaimed.statusCode).toBe(200);
      const stored = await ctx.database.db
        .selectFrom('message')
        .select('content')
        .where('content', '=', 'Anyone?')
        .execute();
      expect(stored).toEqual([]);
    });

    it('still asks an account on its own app for its credentials', async () => {
      const response = await inject('POST', '/api/channel/create', org.owner.token, {
        type: 'shopee',
        name: 'Own app',
        config: { appSource: 'own' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().fields?.map((field) => field.field)).toEqual([
        'config.partnerId',
        'config.partnerKey',
      ]);
    });
  });

  describe('Lazada', () => {
    beforeAll(async () => {
      await saveApp('lazada', { appKey: lazadaTestAccount.appKey, appSecret: lazadaTestAccount.appSecret });
    });

    it('learns the seller from the grant and takes its pushes at the shared address', async () => {
      expect((await platformApps(org)).sort()).toEqual(['lazada', 'shopee']);
      const account = await createOnPlatformApp(org, 'lazada');
      const url = await authorize(org, account, { code: lazadaTestAccount.code });
      expect(url.searchParams.get('client_id')).toBe(lazadaTestAccount.appKey);
      const answer = await push(
        'lazada',
        lazada.textMessage({ userId: '8801', messageId: 'lz-1', text: 'Hi Lazada' }),
      );
      expect(answer.statusCode, answer.body).toBe(200);
      expect((await received(account.caid)).map((message) => message.content)).toEqual(['Hi Lazada']);
    });
  });

  describe('WeChat official accounts on the third-party platform', () => {
    const ticketPush = () => push('wechat_open', wechat.verifyTicketPush().request);
    const messagePush = (appId: string, input: { openId: string; messageId: string; text: string }) =>
      push(
        'mp',
        officialPushRequest({
          token: component.token,
          appId: component.componentAppId,
          encodingAesKey: component.encodingAESKey,
          mode: 'safe',
          openId: input.openId,
          plaintext: buildWechatXml({
            ToUserName: 'gh_0123456789ab',
            FromUserName: input.openId,
            CreateTime: Math.floor(Date.now() / 1000),
            MsgType: 'text',
            Content: input.text,
            MsgId: input.messageId,
          }),
        }),
        appId,
      );

    beforeAll(async () => {
      await saveApp('wechat_open', component);
    });

    it('keeps the verify ticket WeChat pushes, and refuses a forged push', async () => {
      const answer = await ticketPush();
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).toBe('success');
      const { request } = wechat.verifyTicketPush();
      const forged = await push('wechat_open', {
        ...request,
        query: { ...request.query, msg_signature: '0'.repeat(40) },
      });
      expect(forged.statusCode).toBe(401);
    });

    it('authorises an official account without its AppSecret, takes its messages and replies as it', async () => {
      expect(await platformApps(org)).toContain('mp');
      await ticketPush();
      const account = await createOnPlatformApp(org, 'mp', 'Official account');
      expect(account.secretsSet).toEqual([]);
      // WeChat's page gives the code: the admin agrees there and is sent back with auth_code.
      const started = await inject('POST', '/api/channel/authorize', org.owner.token, { caid: account.caid });
      const page = new URL(started.json<Envelope<{ url: string }>>().data.url);
      expect(page.pathname).toBe('/cgi-bin/componentloginpage');
      const { redirect } = (await (await fetch(page)).json()) as { redirect: string };
      const back = new URL(redirect);
      const completed = await inject('POST', '/api/channel/authorize/complete', org.owner.token, {
        params: Object.fromEntries(back.searchParams),
      });
      expect(completed.statusCode, completed.body).toBe(200);
      const appId = wechat.authorizer.appId;
      expect(completed.json<Envelope<ChannelAccount>>().data.config.appId).toBe(appId);

      expect(
        (await messagePush(appId, { openId: 'o-fan-1', messageId: '9001', text: 'Hello from WeChat' })).body,
      ).toBe('success');
      const [message] = await received(account.caid);
      expect(message).toMatchObject({ content: 'Hello from WeChat', org_id: org.owner.orgId });
      await reply(message?.tid ?? '', 'Hello, fan');
      await deliverJobs(() => wechat.sent.some((sent) => sent.text === 'Hello, fan'));
      expect(wechat.sent).toContainEqual({ to: 'o-fan-1', msgtype: 'text', text: 'Hello, fan' });

      // Its access token expires: a new one comes through the component from the refresh token.
      wechat.expireAuthorizerTokens();
      await reply(message?.tid ?? '', 'Still here');
      await deliverJobs(() => wechat.sent.some((sent) => sent.text === 'Still here'));
      expect(wechat.sent).toContainEqual({ to: 'o-fan-1', msgtype: 'text', text: 'Still here' });

      // The admin takes the grant back in WeChat: the account says so and takes nothing more.
      expect((await push('wechat_open', wechat.unauthorizedPush(appId))).statusCode).toBe(200);
      const listed = await inject('GET', '/api/channel/query?type=mp&size=50', org.owner.token);
      const after = listed
        .json<Envelope<{ content: ChannelAccount[] }>>()
        .data.content.find((candidate) => candidate.caid === account.caid);
      expect(after).toMatchObject({ status: 'error' });
      expect(after?.lastError).toContain('authorisation back');
      await messagePush(appId, { openId: 'o-fan-1', messageId: '9002', text: 'Anyone?' });
      expect((await received(account.caid)).map((row) => row.content)).toEqual(['Hello from WeChat']);
    });
  });
});
