import type { Message, MessageHistory, Thread, UserBrief } from '@openkefu/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The real server, started from its source as its own tests do.
import {
  connectSocket,
  emitAck,
  listen,
  nextEvent,
} from '../../server/src/modules/realtime/socket.fixture.js';
import { makeChatOrg, type ChatOrg, type Envelope } from '../../server/src/modules/thread/chat.fixture.js';
import { useTestApp } from '../../server/src/test/app.js';
import { sqliteTarget } from '../../server/src/test/databases.js';
import { imageBytes, pdfBytes } from '../../server/src/test/upload-fixtures.js';
import {
  createKefuClient,
  createMemoryStorage,
  KefuError,
  type FetchLike,
  type KefuClient,
  type KefuClientOptions,
  type KefuEventName,
  type KefuEvents,
  type TokenStorage,
} from './index.js';

type RealtimeServer = Parameters<
  Parameters<ReturnType<typeof useTestApp>['app']['services']['hub']['onAttach']>[0]
>[0];

/** The next `event` of the client whose payload matches, within 8 s. */
const nextOf = <E extends KefuEventName>(
  client: KefuClient,
  event: E,
  match: (payload: KefuEvents[E]) => boolean = () => true,
): Promise<KefuEvents[E]> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no matching "${event}" within 8 s`));
    }, 8000);
    const stop = client.on(event, (payload) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      stop();
      resolve(payload);
    });
  });

const collectMessages = (client: KefuClient): Message[] => {
  const messages: Message[] = [];
  client.on('message', (message) => messages.push(message));
  return messages;
};

const countOf = (messages: Message[], mid: string) =>
  messages.filter((message) => message.mid === mid).length;

/** Resolves once the message is among those collected (it may already be). */
const arrivalOf = async (client: KefuClient, messages: Message[], mid: string) => {
  if (countOf(messages, mid) === 0) await nextOf(client, 'message', (message) => message.mid === mid);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('@openkefu/sdk against the real server', () => {
  const uploadDir = mkdtempSync(join(tmpdir(), 'openkefu-sdk-uploads-'));
  const ctx = useTestApp(sqliteTarget, { env: { UPLOAD_DIR: uploadDir }, build: { sweepIntervalMs: 0 } });
  let baseUrl: string;
  let org: ChatOrg;
  let agent: Socket;
  let server: RealtimeServer;
  const clients: KefuClient[] = [];
  /** localIds whose first acknowledgement the server "loses" (stored, but the ack never leaves). */
  const ackToLose = new Set<string>();

  const open = (options: Partial<KefuClientOptions> = {}): KefuClient => {
    const client = createKefuClient({
      baseUrl,
      org: org.subDomain,
      storage: createMemoryStorage(),
      client: 'uniapp',
      page: 'app://orders/42',
      ackTimeoutMs: 1000,
      ...options,
    });
    clients.push(client);
    return client;
  };

  /** A connected client with a conversation the agent has taken. */
  const openChat = async (options: Partial<KefuClientOptions> = {}) => {
    const client = open(options);
    await client.connect();
    const assigned = nextEvent<Thread>(agent, 'thread:update');
    const result = await client.requestThread({ wid: org.wid });
    expect(result.code).toBe(200);
    const tid = result.thread?.tid ?? '';
    expect((await assigned).tid).toBe(tid);
    return { client, tid };
  };

  const agentSays = async (tid: string, content: string): Promise<Message> => {
    const answer = await emitAck<Message>(agent, 'message:send', {
      tid,
      localId: `agent-${content}`,
      type: 'text',
      content,
    });
    if (!answer.ok) throw new Error(answer.message);
    return answer.data;
  };

  /** The server-side sockets of a visitor (by the token its handshake carried). */
  const serverSocketsOf = async (storage: TokenStorage) => {
    const token = await storage.get('openkefu.token.' + org.subDomain);
    return [...server.of('/').sockets.values()].filter(
      (socket) => (socket.handshake.auth as { token?: string }).token === token,
    );
  };

  beforeAll(async () => {
    baseUrl = await listen(ctx.app);
    ctx.app.services.hub.onAttach((io) => {
      server = io;
      io.on('connection', (socket) => {
        socket.use((packet, next) => {
          const [event, payload] = packet as [string, { localId?: string }];
          if (event === 'message:send' && payload.localId && ackToLose.delete(payload.localId))
            packet[packet.length - 1] = () => undefined;
          next();
        });
      });
    });
    org = await makeChatOrg(ctx, { agents: 1, maxThreadCount: 50 });
    agent = await connectSocket(baseUrl, { kind: 'agent', token: org.agents[0]?.token ?? '' });
    expect(await emitAck<UserBrief>(agent, 'agent:status', { status: 'online' })).toMatchObject({ ok: true });
  });

  afterAll(() => {
    for (const client of clients) client.disconnect();
    agent?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('stays the same visitor across clients through the stored token, through the given fetch', async () => {
    const storage = createMemoryStorage();
    const calls: string[] = [];
    const countingFetch: FetchLike = (url, init) => {
      calls.push(`${init.method} ${url.replace(baseUrl, '')}`);
      return fetch(url, init);
    };
    const first = open({ storage, fetch: countingFetch, nickname: 'Ann' });
    const met = await first.connect();
    expect(met).toMatchObject({
      visitor: { nickname: 'Ann', client: 'uniapp', page: 'app://orders/42', visitCount: 1 },
      organization: { subDomain: org.subDomain },
      thread: null,
    });
    expect(calls).toContain('POST /visitor/api/init');
    expect(first.isConnected()).toBe(true);
    first.disconnect();
    expect(first.isConnected()).toBe(false);

    const again = await open({ storage }).connect();
    expect(again.visitor).toMatchObject({ vid: met.visitor.vid, visitCount: 2 });
    const stranger = await open().connect();
    expect(stranger.visitor.vid).not.toBe(met.visitor.vid);
  });

  it("requests a conversation, sends text and receives the agent's reply, typing and read receipts", async () => {
    const { client, tid } = await openChat();
    expect(client.getThread()).toMatchObject({ tid, status: 'chatting' });
    const messages = collectMessages(client);

    const atAgent = nextEvent<Message>(
      agent,
      'message',
      (message) => message.content === 'Where is my order?',
    );
    const sent = await client.send({ type: 'text', content: 'Where is my order?' });
    expect(sent).toMatchObject({ tid, type: 'text', status: 'stored', sender: { kind: 'visitor' } });
    expect((await atAgent).mid).toBe(sent.mid);

    const reply = nextOf(client, 'message', (message) => message.sender.kind === 'agent');
    const answered = await agentSays(tid, 'On its way');
    expect(await reply).toMatchObject({ mid: answered.mid, content: 'On its way' });

    const typing = nextOf(client, 'typing');
    await emitAck(agent, 'typing', { tid, preview: '' });
    expect(await typing).toEqual({ tid, preview: '' });

    const read = nextEvent<{ seq: number; status: string; by: string }>(agent, 'receipt');
    await client.markRead(answered.seq);
    expect(await read).toMatchObject({ seq: answered.seq, status: 'read', by: 'visitor' });

    const seen = nextOf(client, 'receipt');
    await emitAck(agent, 'message:receipt', { tid, seq: sent.seq, status: 'read' });
    expect(await seen).toEqual({ tid, seq: sent.seq, status: 'read' });

    // Own message (ack and push) and the reply: each exactly once.
    await sleep(200);
    expect(countOf(messages, sent.mid)).toBe(1);
    expect(countOf(messages, answered.mid)).toBe(1);

    const history = await client.history();
    expect(history.messages.map((message) => message.mid)).toEqual(
      expect.arrayContaining([sent.mid, answered.mid]),
    );
    const seqs = history.messages.map((message) => message.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const older = await client.history(answered.seq, { size: 1 });
    expect(older.messages.map((message) => message.mid)).toEqual([sent.mid]);
  });

  it('picks the open conversation up again in a new client of the same visitor', async () => {
    const storage = createMemoryStorage();
    const { client, tid } = await openChat({ storage });
    await client.send({ type: 'text', content: 'first app start' });
    client.disconnect();

    const later = open({ storage });
    const resumed = await later.connect();
    expect(resumed.thread).toMatchObject({ tid, status: 'chatting' });
    expect(later.getThread()?.tid).toBe(tid);
    const history = await later.history();
    expect(history.messages.some((message) => message.content === 'first app start')).toBe(true);
    const again = await later.requestThread({ wid: org.wid });
    expect(again).toMatchObject({ code: 201, thread: { tid } });
  });

  it('resyncs after the server drops the connection: what was sent meanwhile arrives exactly once', async () => {
    const storage = createMemoryStorage();
    const { client, tid } = await openChat({ storage });
    const messages = collectMessages(client);
    const before = await agentSays(tid, 'before the drop');
    await arrivalOf(client, messages, before.mid);

    const dropped = nextOf(client, 'connection', (change) => !change.isConnected);
    // A network failure as the server sees it: the transport goes away without a goodbye.
    for (const socket of await serverSocketsOf(storage)) socket.conn.close();
    expect((await dropped).reason).toBe('transport close');

    const back = nextOf(client, 'connection', (change) => change.isConnected);
    const meanwhile = [await agentSays(tid, 'while away 1'), await agentSays(tid, 'while away 2')];
    expect(client.isConnected()).toBe(false);
    expect(await back).toEqual({ isConnected: true, isReconnect: true });
    await arrivalOf(client, messages, (meanwhile[1] as Message).mid);

    const after = await agentSays(tid, 'after the drop');
    await arrivalOf(client, messages, after.mid);
    await sleep(200);
    for (const message of [before, ...meanwhile, after]) expect(countOf(messages, message.mid)).toBe(1);
    expect(messages.map((message) => message.seq)).toEqual([
      before.seq,
      ...meanwhile.map((m) => m.seq),
      after.seq,
    ]);
  });

  it('comes back after the server disconnects it (as a server shutting down does)', async () => {
    const storage = createMemoryStorage();
    const { client, tid } = await openChat({ storage });
    const messages = collectMessages(client);
    const dropped = nextOf(client, 'connection', (change) => !change.isConnected);
    for (const socket of await serverSocketsOf(storage)) socket.disconnect(true);
    expect((await dropped).reason).toBe('io server disconnect');
    const missed = await agentSays(tid, 'sent during the restart');
    await nextOf(client, 'connection', (change) => change.isConnected);
    await arrivalOf(client, messages, missed.mid);
    expect(countOf(messages, missed.mid)).toBe(1);
  });

  it('resends after a lost acknowledgement with the same localId, and the server stores it once', async () => {
    const { client, tid } = await openChat();
    const messages = collectMessages(client);
    ackToLose.add('lost-ack-1');
    const sent = await client.send({ type: 'text', content: 'are you there?', localId: 'lost-ack-1' });
    expect(ackToLose.has('lost-ack-1')).toBe(false);
    expect(sent).toMatchObject({ localId: 'lost-ack-1', content: 'are you there?' });

    const history = await emitAck<MessageHistory>(agent, 'message:sync', { tid, afterSeq: 0 });
    expect(history.ok && history.data.messages.filter((message) => message.localId === 'lost-ack-1')).toEqual(
      [expect.objectContaining({ mid: sent.mid })],
    );
    await sleep(200);
    expect(countOf(messages, sent.mid)).toBe(1);
  });

  it('uploads an image and sends it; sends an uploaded file by its aid', async () => {
    const { client, tid } = await openChat();
    const atAgent = nextEvent<Message>(agent, 'message', (message) => message.type === 'image');
    const png = await imageBytes('png', 40, 30);
    const image = await client.send({
      type: 'image',
      file: new Blob([new Uint8Array(png)], { type: 'image/png' }),
      fileName: 'parcel.png',
    });
    expect(image).toMatchObject({ tid, type: 'image', sender: { kind: 'visitor' } });
    expect(image.imageUrl).toMatch(/^\/uploads\/.+\.png$/);
    expect((await atAgent).mid).toBe(image.mid);
    const served = await fetch(`${baseUrl}${image.imageUrl}`);
    expect(served.status).toBe(200);

    const pdf = await client.upload(new Blob([new Uint8Array(pdfBytes())]), 'file', 'invoice.pdf');
    expect(pdf).toMatchObject({ suffix: 'pdf', mediaType: 'application/pdf' });
    const file = await client.send({ type: 'file', aid: pdf.aid });
    expect(file).toMatchObject({ type: 'file', fileName: pdf.fileName });
  });

  it("pins the product the customer is looking at for the conversation's agent", async () => {
    const { client, tid } = await openChat();
    const pinned = nextEvent<Thread>(
      agent,
      'thread:update',
      (thread) => thread.tid === tid && !!thread.commodity,
    );
    await client.showCommodity({ title: 'Kettle', price: '¥129', url: 'https://shop.example/k' });
    expect((await pinned).commodity).toEqual({
      kind: 'commodity',
      title: 'Kettle',
      price: '¥129',
      image: '',
      url: 'https://shop.example/k',
    });
    await expect(
      client.showCommodity({ title: 'Kettle', url: 'ftp://shop.example/k' }),
    ).rejects.toMatchObject({
      status: 400,
      fields: [{ field: 'commodity.url' }],
    });
  });

  it('closes and rates the conversation', async () => {
    const { client, tid } = await openChat();
    await client.send({ type: 'text', content: 'thanks' });
    await agentSays(tid, 'you are welcome');
    const closedEvent = nextOf(client, 'thread', (thread) => thread.status === 'closed');
    const closed = await client.closeThread();
    expect(closed).toMatchObject({ tid, status: 'closed', closeType: 'visitor' });
    expect((await closedEvent).tid).toBe(tid);
    expect(await client.rate(5, 'quick answer')).toMatchObject({ score: 5, note: 'quick answer' });
    await expect(client.rate(4)).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it("fails with a KefuError carrying the server's status, code and message", async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/init',
      payload: { org: 'no-such-org' },
    });
    const expected = unknown.json<Envelope<null>>().message;
    const failure = await open({ org: 'no-such-org' })
      .connect()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(KefuError);
    expect(failure).toMatchObject({ status: 404, code: 'NOT_FOUND', message: expected });

    expect(() => createKefuClient({ baseUrl })).toThrow(KefuError);
    const client = open();
    await client.connect();
    await expect(client.send({ type: 'text', content: 'hello?' })).rejects.toMatchObject({
      code: 'NO_THREAD',
    });
    const { client: chatting } = await openChat();
    await expect(chatting.send({ type: 'text', content: '   ' })).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      fields: [expect.objectContaining({ field: 'content' })],
    });
    const unreachable = createKefuClient({ baseUrl: 'http://127.0.0.1:9', org: org.subDomain });
    await expect(unreachable.connect()).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
