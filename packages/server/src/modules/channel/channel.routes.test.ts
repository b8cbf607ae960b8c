import type { ChannelAccount, ChannelOverview, Page, VisitorInitResult } from '@openkefu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { mpKit } from '../../test/protocol/wechat.js';
import { createMemoryPresence } from '../realtime/presence.js';
import type { AgentActor } from '../thread/chat-actor.js';
import { bringOnline, makeChatOrg, type ChatOrg, type Envelope } from '../thread/chat.fixture.js';
import type { ChannelTestPlatform, WebhookRequest } from './channel.adapter.js';

/* The console's channel API (issue 19) and the framework's rules that do not depend on a platform. */

const publicUrl = 'https://kefu.example.com';
type ErrorBody = { message: string; fields?: { field: string; message: string }[] };
const fieldsOf = (body: ErrorBody) => body.fields?.map((field) => field.field) ?? [];

await describeEachDatabase('channel routes', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, {
    env: { PUBLIC_URL: publicUrl },
    build: { presence, sweepIntervalMs: 0, jobIntervalMs: 0 },
  });
  let org: ChatOrg;
  let other: ChatOrg;
  let wechat: ChannelTestPlatform;
  let agent: AgentActor;

  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token: string | undefined,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  const create = async (token: string, payload: object) =>
    inject('POST', '/api/channel/create', token, payload);

  const createMp = async (owner = org) => {
    const response = await create(owner.owner.token, {
      type: 'mp',
      name: 'Official account',
      wid: owner.wid,
      config: wechat.settings,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<ChannelAccount>>().data;
  };

  const call = (account: ChannelAccount, request: WebhookRequest) => {
    const query = new URLSearchParams(request.query).toString();
    return ctx.app.inject({
      method: request.method,
      url: `${new URL(account.webhookUrl ?? '').pathname}${query ? `?${query}` : ''}`,
      headers: { 'content-type': 'text/xml', ...(request.headers as Record<string, string>) },
      ...(request.method === 'POST' ? { payload: request.rawBody } : {}),
    });
  };

  const visitorMessages = async (caid: string) =>
    ctx.database.db
      .selectFrom('message as m')
      .innerJoin('thread as t', 't.id', 'm.thread_id')
      .innerJoin('channel_user as u', 'u.visitor_id', 't.visitor_id')
      .innerJoin('channel_account as a', 'a.id', 'u.account_id')
      .select(['m.mid', 'm.content', 't.tid', 't.reply_until'])
      .where('a.caid', '=', caid)
      .where('m.sender_kind', '=', 'visitor')
      .execute();

  beforeAll(async () => {
    wechat = await mpKit.start();
    Object.assign(ctx.app.services.config.channelApiBases, wechat.apiBases);
    org = await makeChatOrg(ctx, { agents: 1, maxThreadCount: 100 });
    other = await makeChatOrg(ctx, { agents: 1 });
    const account = org.agents[0];
    if (!account) throw new Error('no agent');
    await bringOnline(ctx, presence, account);
    agent = {
      kind: 'agent',
      orgId: account.orgId,
      userId: account.userId,
      uid: account.uid,
      nickname: 'Agent 0',
      avatar: '',
      isAdmin: false,
      canMonitor: false,
    };
  });
  afterAll(async () => wechat?.close());

  describe('connecting an account', () => {
    it('creates an account whose secrets never come back, and lists it by type', async () => {
      const account = await createMp();
      expect(account).toMatchObject({
        type: 'mp',
        name: 'Official account',
        workgroup: { wid: org.wid },
        config: { appId: wechat.settings.appId, encryptMode: 'safe' },
        status: 'connected',
        enabled: true,
        appKey: null,
      });
      expect(account.secretsSet.sort()).toEqual(['appSecret', 'encodingAesKey', 'token']);
      const listed = await inject('GET', '/api/channel/query?type=mp&page=0&size=20', org.owner.token);
      const page = listed.json<Envelope<Page<ChannelAccount>>>().data;
      expect(page.content.map((item) => item.caid)).toContain(account.caid);
      for (const value of [wechat.settings.appSecret, wechat.settings.token, wechat.settings.encodingAesKey])
        expect(listed.body).not.toContain(value);
      const stored = await ctx.database.db
        .selectFrom('channel_account')
        .select(['settings', 'secrets_sealed'])
        .where('caid', '=', account.caid)
        .executeTakeFirstOrThrow();
      // Sealed at rest: the secret is not in the row's text either.
      expect(`${stored.settings}${stored.secrets_sealed}`).not.toContain(wechat.settings.appSecret);
    });

    it('names each bad field (400) and writes nothing', async () => {
      const before = await ctx.database.db.selectFrom('channel_account').select('id').execute();
      const response = await create(org.owner.token, {
        type: 'mp',
        name: 'Broken',
        config: { appId: 'wx1', encryptMode: 'sometimes', encodingAesKey: 'short', colour: 'red' },
      });
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response.json<ErrorBody>()).sort()).toEqual([
        'config.appSecret',
        'config.colour',
        'config.encodingAesKey',
        'config.encryptMode',
        'config.token',
      ]);
      const missingType = await create(org.owner.token, { type: 'telegraph', name: 'x', config: {} });
      expect(missingType.statusCode).toBe(400);
      expect(fieldsOf(missingType.json<ErrorBody>())).toContain('type');
      const badGroup = await create(org.owner.token, {
        type: 'line',
        name: 'LINE',
        wid: other.wid,
        config: { channelSecret: 's', channelAccessToken: 't' },
      });
      expect(badGroup.statusCode).toBe(400);
      expect(fieldsOf(badGroup.json<ErrorBody>())).toEqual(['wid']);
      const after = await ctx.database.db.selectFrom('channel_account').select('id').execute();
      expect(after).toHaveLength(before.length);
    });

    it('keeps a secret left empty on update, replaces one given, and clears the tokens', async () => {
      const account = await createMp();
      const renamed = await inject('POST', '/api/channel/update', org.owner.token, {
        caid: account.caid,
        name: 'Renamed',
        config: { appSecret: '', encryptMode: 'compatible' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<Envelope<ChannelAccount>>().data).toMatchObject({
        name: 'Renamed',
        config: { encryptMode: 'compatible' },
      });
      // The kept secret still works: the platform hands out a token for it.
      const tested = await inject('POST', '/api/channel/test', org.owner.token, { caid: account.caid });
      expect(tested.json<Envelope<{ ok: boolean }>>().data.ok).toBe(true);
      const wrong = await inject('POST', '/api/channel/update', org.owner.token, {
        caid: account.caid,
        config: { appSecret: 'not-the-secret' },
      });
      expect(wrong.statusCode).toBe(200);
      const failed = await inject('POST', '/api/channel/test', org.owner.token, { caid: account.caid });
      const result = failed.json<Envelope<{ ok: boolean; detail: string; account: ChannelAccount }>>().data;
      expect(result.ok).toBe(false);
      expect(result.detail).not.toBe('');
      expect(result.account).toMatchObject({ status: 'error', lastError: result.detail });
    });

    it("hides another organisation's accounts (404) and refuses agents (403)", async () => {
      const account = await createMp();
      for (const [method, url, payload] of [
        ['POST', '/api/channel/update', { caid: account.caid, name: 'Mine now' }],
        ['POST', '/api/channel/test', { caid: account.caid }],
        ['POST', '/api/channel/disable', { caid: account.caid }],
        ['POST', '/api/channel/authorize', { caid: account.caid }],
        ['DELETE', `/api/channel/delete?caid=${account.caid}`, undefined],
      ] as const) {
        const response = await inject(method, url, other.owner.token, payload);
        expect(response.statusCode, url).toBe(404);
      }
      const listed = await inject('GET', '/api/channel/query?page=0&size=50', other.owner.token);
      expect(listed.json<Envelope<Page<ChannelAccount>>>().data.content).toEqual([]);
      const agentToken = org.agents[0]?.token ?? '';
      expect((await inject('GET', '/api/channel/query', agentToken)).statusCode).toBe(403);
      expect((await inject('GET', '/api/channel/query', undefined)).statusCode).toBe(401);
      const unchanged = await inject('GET', '/api/channel/query?type=mp&size=50', org.owner.token);
      expect(unchanged.body).not.toContain('Mine now');
    });

    it('refuses to authorise a type without a grant, and a grant state not issued here', async () => {
      const account = await createMp();
      const refused = await inject('POST', '/api/channel/authorize', org.owner.token, { caid: account.caid });
      expect(refused.statusCode).toBe(400);
      const forged = await inject('POST', '/api/channel/authorize/complete', org.owner.token, {
        params: { code: 'abc', state: 'v1.a.b.c' },
      });
      expect(forged.statusCode).toBe(400);
      expect(fieldsOf(forged.json<ErrorBody>())).toEqual(['params.state']);
    });
  });

  describe('webhooks', () => {
    it('answers 404 for an address no account listens at', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/channel/webhook/nobody', payload: 'x' });
      expect(response.statusCode).toBe(404);
    });

    it('still answers the handshake of a disabled account but takes no message in', async () => {
      const account = await createMp();
      await inject('POST', '/api/channel/disable', org.owner.token, { caid: account.caid });
      const answer = await call(
        account,
        wechat.textMessage({ userId: 'o-disabled', messageId: '7001', text: 'Hi' }),
      );
      expect(answer.statusCode).toBe(200);
      expect(await visitorMessages(account.caid)).toEqual([]);
      await inject('POST', '/api/channel/enable', org.owner.token, { caid: account.caid });
      await call(account, wechat.textMessage({ userId: 'o-disabled', messageId: '7002', text: 'Hi again' }));
      expect((await visitorMessages(account.caid)).map((m) => m.content)).toEqual(['Hi again']);
    });

    it('keeps the reply window and refuses a reply after it closed, without calling the platform', async () => {
      const account = await createMp();
      const before = Date.now();
      await call(
        account,
        wechat.textMessage({ userId: 'o-window', messageId: '7101', text: 'Anyone there?' }),
      );
      const [stored] = await visitorMessages(account.caid);
      expect(Number(stored?.reply_until)).toBeGreaterThanOrEqual(before + 48 * 3600_000);
      // Two days and an hour later the customer has not written again.
      await ctx.database.db
        .updateTable('channel_user')
        .set({ last_inbound_at: Date.now() - 49 * 3600_000 })
        .where('external_id', '=', 'o-window')
        .execute();
      const sentBefore = wechat.sent().length;
      await ctx.app.services.jobs.runDue();
      const reply = await ctx.app.services.messages.send(agent, {
        tid: stored?.tid ?? '',
        type: 'text',
        content: 'Sorry for the wait',
        localId: 'late-1',
      });
      let delivery = { delivery: '', delivery_error: '' };
      for (let round = 0; round < 50 && !['failed', 'sent'].includes(delivery.delivery); round += 1) {
        await ctx.app.services.jobs.runDue();
        delivery = await ctx.database.db
          .selectFrom('message')
          .select(['delivery', 'delivery_error'])
          .where('mid', '=', reply.mid)
          .executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(delivery).toEqual({ delivery: 'failed', delivery_error: 'window_closed:48' });
      expect(
        wechat
          .sent()
          .slice(sentBefore)
          .map((sent) => sent.text),
      ).not.toContain('Sorry for the wait');
      // A closed window is the customer's silence, not a fault of the account.
      const listed = await inject('GET', '/api/channel/query?type=mp&size=50', org.owner.token);
      const shown = listed
        .json<Envelope<Page<ChannelAccount>>>()
        .data.content.find((a) => a.caid === account.caid);
      expect(shown?.status).toBe('connected');
    });

    it('sends a product card to a text-only channel as its name, price and address', async () => {
      const account = await createMp();
      await call(account, wechat.textMessage({ userId: 'o-card', messageId: '7121', text: 'Which kettle?' }));
      const [stored] = await visitorMessages(account.caid);
      await ctx.app.services.jobs.runDue();
      const reply = await ctx.app.services.messages.send(agent, {
        tid: stored?.tid ?? '',
        type: 'commodity',
        localId: 'card-1',
        commodity: { title: 'Blue kettle', price: '¥129', url: 'https://shop.example/k' },
      });
      let delivery = '';
      for (let round = 0; round < 50 && !['failed', 'sent'].includes(delivery); round += 1) {
        await ctx.app.services.jobs.runDue();
        delivery = (
          await ctx.database.db
            .selectFrom('message')
            .select('delivery')
            .where('mid', '=', reply.mid)
            .executeTakeFirstOrThrow()
        ).delivery;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(delivery).toBe('sent');
      expect(wechat.sent().map((sent) => sent.text)).toContain('Blue kettle ¥129\nhttps://shop.example/k');
    });

    it('lets the agent try a failed reply again once the customer wrote, and only a failed one', async () => {
      const account = await createMp();
      await call(account, wechat.textMessage({ userId: 'o-retry', messageId: '7151', text: 'Hello?' }));
      const [stored] = await visitorMessages(account.caid);
      await ctx.app.services.jobs.runDue();
      await ctx.database.db
        .updateTable('channel_user')
        .set({ last_inbound_at: Date.now() - 49 * 3600_000 })
        .where('external_id', '=', 'o-retry')
        .execute();
      const reply = await ctx.app.services.messages.send(agent, {
        tid: stored?.tid ?? '',
        type: 'text',
        content: 'Here we are',
        localId: 'retry-1',
      });
      const deliveryOf = async () =>
        (
          await ctx.database.db
            .selectFrom('message')
            .select('delivery')
            .where('mid', '=', reply.mid)
            .executeTakeFirstOrThrow()
        ).delivery;
      const until = async (state: string) => {
        for (let round = 0; round < 100 && (await deliveryOf()) !== state; round += 1) {
          await ctx.app.services.jobs.runDue();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return deliveryOf();
      };
      expect(await until('failed')).toBe('failed');
      // The customer writes again: the window reopens, and the agent retries.
      await call(account, wechat.textMessage({ userId: 'o-retry', messageId: '7152', text: 'Still there?' }));
      const retried = await inject('POST', '/api/message/redeliver', org.agents[0]?.token, {
        tid: stored?.tid,
        mid: reply.mid,
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(await until('sent')).toBe('sent');
      expect(wechat.sent().map((sent) => sent.text)).toContain('Here we are');
      const again = await inject('POST', '/api/message/redeliver', org.agents[0]?.token, {
        tid: stored?.tid,
        mid: reply.mid,
      });
      expect(again.statusCode).toBe(409);
      const foreign = await inject('POST', '/api/message/redeliver', other.agents[0]?.token, {
        tid: stored?.tid,
        mid: reply.mid,
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('turns a message nobody can take into a leave message, tells the customer, and sends the reply there', async () => {
      // The other organisation's only agent is offline.
      const account = await createMp(other);
      const before = wechat.sent().length;
      await call(
        account,
        wechat.textMessage({ userId: 'o-offline', messageId: '7401', text: 'Call me back please' }),
      );
      await call(
        account,
        wechat.textMessage({ userId: 'o-offline', messageId: '7402', text: 'It is urgent' }),
      );
      for (let round = 0; round < 20; round += 1) await ctx.app.services.jobs.runDue();
      // One notice for the two messages, not one each.
      expect(wechat.sent().slice(before)).toEqual([
        { to: 'o-offline', text: 'We are offline, leave a message' },
      ]);
      const listed = await inject('GET', '/api/leavemsg/query?page=0&size=20', other.owner.token);
      const left = listed.json<Envelope<Page<{ lid: string; content: string }>>>().data.content;
      expect(left.map((item) => item.content).sort()).toEqual(['Call me back please', 'It is urgent']);
      const replied = await inject('POST', '/api/leavemsg/reply', other.owner.token, {
        lid: left[0]?.lid,
        reply: 'We will call you at ten',
      });
      expect(replied.statusCode, replied.body).toBe(200);
      for (let round = 0; round < 20; round += 1) await ctx.app.services.jobs.runDue();
      expect(wechat.sent().at(-1)).toEqual({ to: 'o-offline', text: 'We will call you at ten' });
    });

    it('counts messages and conversations per channel in the overview', async () => {
      const account = await createMp();
      await call(account, wechat.textMessage({ userId: 'o-count', messageId: '7201', text: 'One' }));
      await call(account, wechat.textMessage({ userId: 'o-count', messageId: '7202', text: 'Two' }));
      const response = await inject('GET', '/api/channel/overview?days=7', org.owner.token);
      const overview = response.json<Envelope<ChannelOverview>>().data;
      const mp = overview.rows.find((row) => row.type === 'mp');
      expect(mp?.inbound).toBeGreaterThanOrEqual(2);
      expect(mp?.conversations).toBeGreaterThanOrEqual(1);
      expect(mp?.accounts).toBeGreaterThanOrEqual(1);
      const third = await makeChatOrg(ctx, { agents: 1 });
      const ofOther = await inject('GET', '/api/channel/overview', third.owner.token);
      expect(
        ofOther.json<Envelope<ChannelOverview>>().data.rows.find((row) => row.type === 'mp'),
      ).toMatchObject({
        accounts: 0,
        inbound: 0,
      });
      const bad = await inject('GET', '/api/channel/overview?days=0', org.owner.token);
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('SDK channels', () => {
    it('gives an app key that starts visitors in the organisation, on the channel and its skill group', async () => {
      const response = await create(org.owner.token, { type: 'uniapp', name: 'Shop app', wid: org.wid });
      expect(response.statusCode, response.body).toBe(200);
      const account = response.json<Envelope<ChannelAccount>>().data;
      expect(account.appKey).toMatch(/^ak[0-9a-z]{30}$/);
      expect(account.webhookUrl).toBeNull();
      const init = await ctx.app.inject({
        method: 'POST',
        url: '/visitor/api/init',
        payload: { appKey: account.appKey, client: 'android' },
      });
      expect(init.statusCode, init.body).toBe(200);
      const result = init.json<Envelope<VisitorInitResult>>().data;
      expect(result.visitor.client).toBe('uniapp');
      expect(result.channel).toEqual({ type: 'uniapp', wid: org.wid });
      const visitor = await ctx.database.db
        .selectFrom('visitor')
        .select('org_id')
        .where('vid', '=', result.visitor.vid)
        .executeTakeFirstOrThrow();
      expect(Number(visitor.org_id)).toBe(org.owner.orgId);
    });

    it('lets a native app say which system it runs on, and refuses unknown or disabled keys', async () => {
      const created = await create(org.owner.token, {
        type: 'app',
        name: 'iPhone app',
        config: { platform: 'ios' },
      });
      const account = created.json<Envelope<ChannelAccount>>().data;
      const ios = await ctx.app.inject({
        method: 'POST',
        url: '/visitor/api/init',
        payload: { appKey: account.appKey, client: 'ios' },
      });
      expect(ios.json<Envelope<VisitorInitResult>>().data.visitor.client).toBe('ios');
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: '/visitor/api/init',
        payload: { appKey: 'ak-nope' },
      });
      expect(unknown.statusCode).toBe(404);
      await inject('POST', '/api/channel/disable', org.owner.token, { caid: account.caid });
      const disabled = await ctx.app.inject({
        method: 'POST',
        url: '/visitor/api/init',
        payload: { appKey: account.appKey },
      });
      expect(disabled.statusCode).toBe(404);
      const neither = await ctx.app.inject({ method: 'POST', url: '/visitor/api/init', payload: {} });
      expect(neither.statusCode).toBe(400);
      expect(fieldsOf(neither.json<ErrorBody>())).toContain('org');
    });
  });

  describe('disconnecting', () => {
    it('removes the account and its platform users, keeps the conversation, and fails later replies visibly', async () => {
      const account = await createMp();
      await call(account, wechat.textMessage({ userId: 'o-gone', messageId: '7301', text: 'Bye soon' }));
      const [stored] = await visitorMessages(account.caid);
      const removed = await inject('DELETE', `/api/channel/delete?caid=${account.caid}`, org.owner.token);
      expect(removed.statusCode).toBe(200);
      const listed = await inject('GET', '/api/channel/query?type=mp&size=50', org.owner.token);
      expect(listed.body).not.toContain(account.caid);
      const thread = await ctx.database.db
        .selectFrom('thread')
        .select('id')
        .where('tid', '=', stored?.tid ?? '')
        .executeTakeFirst();
      expect(thread).toBeDefined();
      const reply = await ctx.app.services.messages.send(agent, {
        tid: stored?.tid ?? '',
        type: 'text',
        content: 'Still there?',
        localId: 'gone-1',
      });
      let delivery = '';
      for (let round = 0; round < 50 && delivery !== 'failed'; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        delivery = (
          await ctx.database.db
            .selectFrom('message')
            .select('delivery')
            .where('mid', '=', reply.mid)
            .executeTakeFirstOrThrow()
        ).delivery;
      }
      expect(delivery).toBe('failed');
    });
  });

  it('signs in a second admin of the same organisation who sees the same accounts', async () => {
    const second = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'], orgId: org.owner.orgId });
    const token = await signIn(ctx.app, second.username, second.password);
    const listed = await inject('GET', '/api/channel/query?size=50', token);
    expect(listed.json<Envelope<Page<ChannelAccount>>>().data.totalElements).toBeGreaterThan(0);
  });
});
