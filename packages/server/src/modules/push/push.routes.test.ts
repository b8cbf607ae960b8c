import { randomBytes } from 'node:crypto';
import type { Message, PushPayload, PushPublicKey, PushSubscriptionState } from '@openkefu/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { createSealer } from '../../lib/sealed.js';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { decryptPush, makeBrowserKeys, readVapid, startPushService } from '../../test/protocol/webpush.js';
import { createMemoryPresence } from '../realtime/presence.js';
import { connectSocket, emitAck, listen } from '../realtime/socket.fixture.js';
import {
  bringOnline,
  initVisitor,
  makeChatOrg,
  requestThread,
  type ChatAgent,
  type ChatOrg,
  type Envelope,
} from '../thread/chat.fixture.js';
import { createPushService } from './push.service.js';

/** The VAPID header is signed by the server's key, for the push service's origin, not yet expired. */
const verifyVapid = (authorization: string | undefined, publicKey: string, endpoint: string) => {
  const vapid = readVapid(authorization);
  expect(vapid.publicKey).toBe(publicKey);
  expect(vapid.claims.aud).toBe(new URL(endpoint).origin);
  expect(vapid.claims.exp).toBeGreaterThan(Date.now() / 1000);
  expect(String(vapid.claims.sub)).toMatch(/^(mailto:|https:)/);
};

await describeEachDatabase('push routes', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, {
    build: { presence, sweepIntervalMs: 0, push: { allowInsecureEndpoints: true } },
  });
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let url: string;
  let a: ChatOrg;
  let b: ChatOrg;
  const sockets: Socket[] = [];

  const subscribe = (token: string, endpoint: string, keys: { p256dh: string; auth: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: bearer(token),
      payload: { endpoint, expirationTime: null, keys },
    });
  const subscriptionsOf = async (token: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: bearer(token) })).json<
      Envelope<PushSubscriptionState[]>
    >().data;
  const publicKey = async (token: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/push/key', headers: bearer(token) })).json<
      Envelope<PushPublicKey>
    >().data.publicKey;
  const receivedAt = (path: string) => pushService.received.filter((request) => request.path === path);

  beforeAll(async () => {
    pushService = await startPushService();
    url = await listen(ctx.app);
    a = await makeChatOrg(ctx, { agents: 2, maxThreadCount: 1 });
    b = await makeChatOrg(ctx, { agents: 1 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await pushService.close();
  });
  beforeEach(() => {
    pushService.received.length = 0;
  });

  it('makes the VAPID key pair at start, keeps the private key sealed and serves the public key', async () => {
    const row = await ctx.database.db.selectFrom('push_vapid').selectAll().executeTakeFirstOrThrow();
    expect(Buffer.from(row.public_key, 'base64url')).toHaveLength(65);
    expect(row.private_key_sealed).toMatch(/^v1\./);
    const agent = a.agents[0] as ChatAgent;
    expect(await publicKey(agent.token)).toBe(row.public_key);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/push/key' })).statusCode).toBe(401);
  });

  it('refuses malformed subscriptions, naming the field', async () => {
    const agent = a.agents[0] as ChatAgent;
    const keys = makeBrowserKeys().json;
    const cases: [object, string][] = [
      [{ endpoint: 'not a url', keys }, 'endpoint'],
      [{ endpoint: 'ftp://push.example/x', keys }, 'endpoint'],
      [{ endpoint: `${pushService.base}/x`, keys: { ...keys, p256dh: 'short' } }, 'keys.p256dh'],
      [
        { endpoint: `${pushService.base}/x`, keys: { ...keys, auth: randomBytes(8).toString('base64url') } },
        'keys.auth',
      ],
      [{ endpoint: `${pushService.base}/x` }, 'keys'],
    ];
    for (const [payload, field] of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/push/subscribe',
        headers: bearer(agent.token),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = response.json<Envelope<null>>().fields?.map((item) => item.field) ?? [];
      expect(fields.some((name) => name === field || name.startsWith(`${field}.`))).toBe(true);
    }
  });

  it('refuses http and private endpoints unless built for tests', async () => {
    const service = createPushService({
      db: ctx.database.db,
      sealer: createSealer(randomBytes(32)),
      logger: ctx.app.log,
      publicUrl: 'https://kefu.example.com',
      mailFrom: 'OpenKefu <no-reply@kefu.example.com>',
    });
    const keys = makeBrowserKeys().json;
    const agent = a.agents[0] as ChatAgent;
    for (const endpoint of ['http://push.example.com/x', 'https://127.0.0.1/x', 'https://localhost/x']) {
      const error = await service
        .subscribe({ orgId: agent.orgId, userId: agent.userId }, { endpoint, keys }, '')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).fields?.[0]?.field).toBe('endpoint');
    }
  });

  it('pushes an assigned conversation and a visitor message, encrypted and signed, in the user language', async () => {
    const [first] = a.agents as [ChatAgent, ChatAgent];
    const keys = makeBrowserKeys();
    const endpoint = `${pushService.base}/a0`;
    expect((await subscribe(first.token, endpoint, keys.json)).statusCode).toBe(200);
    expect((await subscriptionsOf(first.token)).map((row) => row.endpoint)).toEqual([endpoint]);
    await ctx.database.db
      .updateTable('user')
      .set({ language: 'zh-CN' })
      .where('id', '=', first.userId)
      .execute();
    await bringOnline(ctx, presence, first);

    const visitor = await initVisitor(ctx, a.subDomain);
    const result = await requestThread(ctx, visitor.token, { wid: a.wid });
    expect(result.code).toBe(200);
    const tid = result.thread?.tid ?? '';
    await ctx.app.services.push.idle();

    const [assigned] = receivedAt('/a0');
    expect(assigned).toBeDefined();
    const key = await publicKey(first.token);
    verifyVapid(assigned?.headers.authorization, key, endpoint);
    expect(assigned?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(assigned?.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(decryptPush(assigned?.body ?? Buffer.alloc(0), keys)) as PushPayload;
    expect(payload).toMatchObject({ kind: 'assigned', title: '新会话', tid });
    expect(payload.body).toContain(visitor.visitor.nickname);
    expect(payload.url).toMatch(new RegExp(`/admin/agent/${tid}$`));

    pushService.received.length = 0;
    const socket = await connectSocket(url, { kind: 'visitor', token: visitor.token });
    sockets.push(socket);
    const ack = await emitAck<Message>(socket, 'message:send', {
      tid,
      localId: 'v-1',
      type: 'text',
      content: 'Is the blue one in stock?',
    });
    expect(ack.ok).toBe(true);
    // The same message again (a resend after a lost ack) is one notice, not two.
    await emitAck<Message>(socket, 'message:send', {
      tid,
      localId: 'v-1',
      type: 'text',
      content: 'Is the blue one in stock?',
    });
    await ctx.app.services.push.idle();
    const messages = receivedAt('/a0');
    expect(messages).toHaveLength(1);
    const message = JSON.parse(decryptPush(messages[0]?.body ?? Buffer.alloc(0), keys)) as PushPayload;
    expect(message).toMatchObject({ kind: 'message', body: 'Is the blue one in stock?', tid });
    expect(message.title).toContain(visitor.visitor.nickname);
  });

  it('pushes a queued conversation to the skill group, honours the alert setting, and drops a gone subscription', async () => {
    const [first, second] = a.agents as [ChatAgent, ChatAgent];
    // The first agent is full (one conversation at most, taken above); the second is offline.
    const keys = makeBrowserKeys();
    expect((await subscribe(second.token, `${pushService.base}/a1`, keys.json)).statusCode).toBe(200);
    expect(
      (await subscribe(second.token, `${pushService.base}/a1/gone`, makeBrowserKeys().json)).statusCode,
    ).toBe(200);
    // Another organisation's agent, subscribed too, hears nothing of organisation A.
    expect(
      (await subscribe((b.agents[0] as ChatAgent).token, `${pushService.base}/b0`, makeBrowserKeys().json))
        .statusCode,
    ).toBe(200);
    // The first agent turned the "visitor connects" notice off: no push for new conversations.
    const off = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/settings/connected?on=false',
      headers: bearer(first.token),
    });
    expect(off.statusCode).toBe(200);

    const visitor = await initVisitor(ctx, a.subDomain);
    const result = await requestThread(ctx, visitor.token, { wid: a.wid });
    expect(result.code).toBe(202);
    await ctx.app.services.push.idle();

    const queued = receivedAt('/a1');
    expect(queued).toHaveLength(1);
    const payload = JSON.parse(decryptPush(queued[0]?.body ?? Buffer.alloc(0), keys)) as PushPayload;
    expect(payload).toMatchObject({ kind: 'queued', title: 'A visitor is queuing', tid: result.thread?.tid });
    expect(receivedAt('/a0')).toHaveLength(0);
    expect(receivedAt('/b0')).toHaveLength(0);
    // 410 from the push service: that subscription is gone, the other stays.
    expect(receivedAt('/a1/gone')).toHaveLength(1);
    expect((await subscriptionsOf(second.token)).map((row) => row.endpoint)).toEqual([
      `${pushService.base}/a1`,
    ]);
  });

  it('unsubscribes only the signed-in user’s own endpoint', async () => {
    const [, second] = a.agents as [ChatAgent, ChatAgent];
    const other = b.agents[0] as ChatAgent;
    const remove = (token: string, endpoint: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: '/api/push/subscribe',
        headers: bearer(token),
        payload: { endpoint },
      });
    expect((await remove(other.token, `${pushService.base}/a1`)).statusCode).toBe(404);
    expect((await remove(second.token, 'nonsense')).statusCode).toBe(400);
    expect((await remove(second.token, `${pushService.base}/a1`)).statusCode).toBe(200);
    expect(await subscriptionsOf(second.token)).toEqual([]);
    expect((await subscriptionsOf(other.token)).map((row) => row.endpoint)).toEqual([
      `${pushService.base}/b0`,
    ]);
  });
});
