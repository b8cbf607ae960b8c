import { channelClientOf, type ChannelAccount, type Message } from '@openkefu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { baiduyingxiaoKit } from '../../test/protocol/baidu.js';
import { douyinKit } from '../../test/protocol/douyin.js';
import { emailKit } from '../../test/protocol/email.js';
import { feishuKit } from '../../test/protocol/feishu.js';
import { lazadaKit, lazadaTestAccount } from '../../test/protocol/lazada.js';
import { lineKit } from '../../test/protocol/line.js';
import { messengerKit, whatsappKit } from '../../test/protocol/meta.js';
import { shopeeKit, shopeeTestAccount } from '../../test/protocol/shopee.js';
import { miniKit, mpKit, wechatkefuKit, wechatworkKit } from '../../test/protocol/wechat.js';
import { weiboKit } from '../../test/protocol/weibo.js';
import { createMemoryPresence } from '../realtime/presence.js';
import type { AgentActor } from '../thread/chat-actor.js';
import { bringOnline, makeChatOrg, type ChatOrg, type Envelope } from '../thread/chat.fixture.js';
import type { ChannelTestKit, ChannelTestPlatform, WebhookRequest } from './channel.adapter.js';
import { deliveryAttempts } from './channel.outbound.js';

/*
 * Every adapter through the real server (issue 19): a platform's local server speaking its protocol,
 * webhook calls signed as the platform signs them, the agent's reply delivered back — and the
 * framework's promises: forged calls refused with nothing stored, redeliveries dropped, replies
 * retried on 5xx and given up with a visible error, media stored in our storage.
 */

const kits: ChannelTestKit[] = [
  mpKit,
  miniKit,
  wechatkefuKit,
  wechatworkKit,
  feishuKit,
  lineKit,
  whatsappKit,
  messengerKit,
  shopeeKit,
  lazadaKit,
  douyinKit,
  weiboKit,
  baiduyingxiaoKit,
  emailKit,
];

const publicUrl = 'https://kefu.example.com';
const hour = 3600_000;

/** What the platform appends to our redirect page after the shop grants access. */
const grantParamsOf: Record<string, Record<string, string>> = {
  shopee: { code: shopeeTestAccount.code, shop_id: shopeeTestAccount.shopId },
  lazada: { code: lazadaTestAccount.code },
};

/** The `state` we put in the platform's authorisation address (Shopee nests it in its `redirect`). */
const stateOf = (address: string): string => {
  const url = new URL(address);
  const direct = url.searchParams.get('state');
  if (direct) return direct;
  const redirect = url.searchParams.get('redirect');
  return redirect ? stateOf(redirect) : '';
};

await describeEachDatabase('channel adapters through the server', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, {
    env: { PUBLIC_URL: publicUrl },
    build: { presence, sweepIntervalMs: 0, jobIntervalMs: 0 },
  });
  let org: ChatOrg;
  let agent: AgentActor;

  beforeAll(async () => {
    org = await makeChatOrg(ctx, { agents: 1, maxThreadCount: 1000 });
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

  const call = (webhookUrl: string, request: WebhookRequest) => {
    const query = new URLSearchParams(request.query).toString();
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    return ctx.app.inject({
      method: request.method,
      url: `${new URL(webhookUrl).pathname}${query ? `?${query}` : ''}`,
      headers: { 'content-type': 'application/octet-stream', ...headers },
      ...(request.method === 'POST' ? { payload: request.rawBody } : {}),
    });
  };

  /** The visitor's messages and thread of one platform user. */
  const conversationOf = async (caid: string, userId: string) => {
    const db = ctx.database.db;
    const user = await db
      .selectFrom('channel_user as u')
      .innerJoin('channel_account as a', 'a.id', 'u.account_id')
      .select(['u.visitor_id'])
      .where('a.caid', '=', caid)
      // Email users are addresses: the kit's user id is the local part.
      .where((eb) => eb.or([eb('u.external_id', '=', userId), eb('u.external_id', 'like', `${userId}@%`)]))
      .executeTakeFirst();
    if (!user) return null;
    const thread = await db
      .selectFrom('thread')
      .select(['id', 'tid', 'client', 'status', 'reply_until'])
      .where('visitor_id', '=', user.visitor_id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const messages = thread
      ? await db
          .selectFrom('message')
          .select(['id', 'mid', 'type', 'content', 'sender_kind', 'image_url', 'delivery', 'delivery_error'])
          .where('thread_id', '=', thread.id)
          .orderBy('seq')
          .execute()
      : [];
    return { visitorId: Number(user.visitor_id), thread, messages };
  };

  const deliveryOf = async (mid: string) =>
    ctx.database.db
      .selectFrom('message')
      .select(['delivery', 'delivery_error'])
      .where('mid', '=', mid)
      .executeTakeFirstOrThrow();

  /** Runs due jobs (at `at`) until the message's delivery leaves `pending`, or 5 s pass. */
  const settle = async (mid: string, at?: number) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      await ctx.app.services.jobs.runDue(at);
      const delivery = await deliveryOf(mid);
      if (delivery.delivery !== 'pending' && delivery.delivery !== '') return delivery;
      if (Date.now() > deadline) return delivery;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /** One job pass at `at` once the reply's delivery has been queued. */
  const attemptAt = async (mid: string, at: number) => {
    const { id } = await ctx.database.db
      .selectFrom('message')
      .select('id')
      .where('mid', '=', mid)
      .executeTakeFirstOrThrow();
    const deadline = Date.now() + 5000;
    const isQueued = async () =>
      (await ctx.database.db
        .selectFrom('job')
        .select('id')
        .where('dedupe_key', '=', `deliver:${id}`)
        .executeTakeFirst()) !== undefined;
    while (!(await isQueued()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await ctx.app.services.jobs.runDue(at);
    return deliveryOf(mid);
  };

  const reply = (tid: string, content: string): Promise<Message> =>
    ctx.app.services.messages.send(agent, { tid, type: 'text', content, localId: `r-${content}` });

  for (const kit of kits) {
    describe(kit.type, () => {
      let platform: ChannelTestPlatform;
      let account: ChannelAccount;
      let sequence = 0;
      const nextId = () => `${kit.type}-${Date.now()}-${(sequence += 1)}`;
      // Numeric: Shopee's buyer ids are numbers; every platform takes digits.
      const nextUser = () => `${90_000 + sequence * 7 + kit.type.length}${sequence}`;

      beforeAll(async () => {
        platform = await kit.start();
        // The platform's local server stands in for its public API for this kit's tests.
        Object.assign(ctx.app.services.config.channelApiBases, platform.apiBases);
        const created = await ctx.app.inject({
          method: 'POST',
          url: '/api/channel/create',
          headers: bearer(org.owner.token),
          payload: { type: kit.type, name: `${kit.type} shop`, wid: org.wid, config: platform.settings },
        });
        expect(created.statusCode, created.body).toBe(200);
        account = created.json<Envelope<ChannelAccount>>().data;
        const grant = grantParamsOf[kit.type];
        if (grant) {
          const started = await ctx.app.inject({
            method: 'POST',
            url: '/api/channel/authorize',
            headers: bearer(org.owner.token),
            payload: { caid: account.caid },
          });
          expect(started.statusCode, started.body).toBe(200);
          const state = stateOf(started.json<Envelope<{ url: string }>>().data.url);
          const completed = await ctx.app.inject({
            method: 'POST',
            url: '/api/channel/authorize/complete',
            headers: bearer(org.owner.token),
            payload: { params: { ...grant, state } },
          });
          expect(completed.statusCode, completed.body).toBe(200);
        }
      });
      afterAll(async () => platform?.close());

      it('never answers with a secret, and gives the platform a webhook address', async () => {
        expect(account.webhookUrl).toMatch(new RegExp(`^${publicUrl}/channel/webhook/[0-9a-z]{24}$`));
        const secrets = Object.entries(platform.settings).filter(([key]) => account.secretsSet.includes(key));
        expect(secrets.length).toBeGreaterThan(0);
        const body = JSON.stringify(account);
        for (const [, value] of secrets) expect(body).not.toContain(value);
      });

      it("turns a platform message into a conversation and delivers the agent's reply", async () => {
        const userId = nextUser();
        const answer = await call(
          account.webhookUrl ?? '',
          platform.textMessage({
            userId,
            messageId: nextId(),
            text: 'Where is my parcel?',
            webhookUrl: account.webhookUrl ?? '',
          }),
        );
        expect(answer.statusCode, answer.body).toBeLessThan(300);
        const conversation = await conversationOf(account.caid, userId);
        expect(conversation?.thread).toMatchObject({ client: channelClientOf[kit.type], status: 'chatting' });
        expect(
          conversation?.messages.filter((m) => m.sender_kind === 'visitor').map((m) => m.content),
        ).toEqual(['Where is my parcel?']);
        const sent = await reply(conversation?.thread?.tid ?? '', 'It left the warehouse today');
        expect(await settle(sent.mid)).toEqual({ delivery: 'sent', delivery_error: '' });
        expect(platform.sent().at(-1)).toEqual({ to: userId, text: 'It left the warehouse today' });
      });

      it('refuses a forged call with 401 and stores nothing', async () => {
        const userId = nextUser();
        const genuine = platform.textMessage({
          userId,
          messageId: nextId(),
          text: 'forged?',
          webhookUrl: account.webhookUrl ?? '',
        });
        const answer = await call(account.webhookUrl ?? '', platform.forged(genuine));
        expect(answer.statusCode).toBe(401);
        expect(await conversationOf(account.caid, userId)).toBeNull();
      });

      it('stores a redelivered message once', async () => {
        const userId = nextUser();
        const request = platform.textMessage({
          userId,
          messageId: nextId(),
          text: 'Hello twice',
          webhookUrl: account.webhookUrl ?? '',
        });
        expect((await call(account.webhookUrl ?? '', request)).statusCode).toBeLessThan(300);
        // A pull platform is told again that messages wait; the message itself must still count once.
        expect((await call(account.webhookUrl ?? '', request)).statusCode).toBeLessThan(300);
        const conversation = await conversationOf(account.caid, userId);
        expect(conversation?.messages.filter((m) => m.content === 'Hello twice')).toHaveLength(1);
      });

      it('retries a reply the platform fails with 5xx, then gives up with a visible error', async () => {
        const userId = nextUser();
        await call(
          account.webhookUrl ?? '',
          platform.textMessage({
            userId,
            messageId: nextId(),
            text: 'Hi',
            webhookUrl: account.webhookUrl ?? '',
          }),
        );
        const tid = (await conversationOf(account.caid, userId))?.thread?.tid ?? '';
        // The welcome notice goes out first, so the failures below meet the replies.
        await ctx.app.services.jobs.runDue();
        // One failure, then a retry after the back-off goes through.
        platform.failNextSends(1);
        const retried = await reply(tid, 'First try fails');
        const afterFirst = await attemptAt(retried.mid, Date.now() + 1000);
        expect(afterFirst.delivery).toBe('pending');
        expect(afterFirst.delivery_error).not.toBe('');
        expect(await settle(retried.mid, Date.now() + hour)).toEqual({
          delivery: 'sent',
          delivery_error: '',
        });
        // Every attempt fails: failed, with the platform's words, and the account shows the error.
        platform.failNextSends(deliveryAttempts + 2);
        const doomed = await reply(tid, 'Never arrives');
        let at = Date.now() + 1000;
        for (let attempt = 0; attempt < deliveryAttempts; attempt += 1) {
          await attemptAt(doomed.mid, at);
          at += 2 * hour;
        }
        const given = await deliveryOf(doomed.mid);
        expect(given.delivery).toBe('failed');
        expect(given.delivery_error.length).toBeGreaterThan(0);
        expect(platform.sent().some((sent) => sent.text === 'Never arrives')).toBe(false);
        const listed = await ctx.app.inject({
          method: 'GET',
          url: `/api/channel/query?type=${kit.type}`,
          headers: bearer(org.owner.token),
        });
        const shown = listed.json<Envelope<{ content: ChannelAccount[] }>>().data.content[0];
        expect(shown).toMatchObject({ status: 'error' });
        expect(shown?.lastError).not.toBe('');
        platform.failNextSends(0);
      });

      it('stores a sent image in our storage', async () => {
        const imageMessage = platform.imageMessage;
        if (!imageMessage) throw new Error(`the ${kit.type} kit sends no image`);
        const userId = nextUser();
        const answer = await call(
          account.webhookUrl ?? '',
          imageMessage({ userId, messageId: nextId(), webhookUrl: account.webhookUrl ?? '' }),
        );
        expect(answer.statusCode, answer.body).toBeLessThan(300);
        const image = (await conversationOf(account.caid, userId))?.messages.find((m) => m.type === 'image');
        expect(image?.image_url).toMatch(/\/uploads\//);
        const served = await ctx.app.inject({
          method: 'GET',
          url: new URL(image?.image_url ?? '', publicUrl).pathname,
        });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      });
    });
  }
});
