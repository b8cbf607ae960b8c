import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Attachment, Message, MessageHistory, Thread, UserBrief } from '@openkefu/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { isoMediaBytes, webmBytes } from '../../test/media-fixtures.js';
import { multipartBody, pdfBytes } from '../../test/upload-fixtures.js';
import { connectSocket, emitAck, listen, nextEvent } from '../realtime/socket.fixture.js';
import {
  initVisitor,
  makeChatOrg,
  requestThread,
  type ChatOrg,
  type Envelope,
} from '../thread/chat.fixture.js';
import { createLinkPreviewer } from './link-preview/link-preview.js';

/* Cards on messages (issue 21): locations and products sent, link previews added after the send. */

let pageServer: Server;
let pageBase = '';

beforeAll(async () => {
  pageServer = createServer((request, response) => {
    if (request.url === '/product') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<html><head><meta property="og:title" content="Blue kettle">' +
          '<meta property="og:description" content="1.7 L, boils in 3 minutes">' +
          '<meta property="og:image" content="https://cdn.example.com/kettle.png"></head></html>',
      );
    } else response.writeHead(404).end();
  });
  await new Promise<void>((done) => pageServer.listen(0, '127.0.0.1', done));
  pageBase = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => pageServer.close(done));
});

await describeEachDatabase('message cards', (target) => {
  const ctx = useTestApp(target, {
    // Reaches this test's own page server only: every other address is checked as in production.
    build: { sweepIntervalMs: 0, linkPreview: createLinkPreviewer({ allowAddresses: ['127.0.0.1'] }) },
  });
  const sockets: Socket[] = [];
  let agentSocket: Socket;
  let visitorSocket: Socket;
  let org: ChatOrg;
  let tid: string;
  let visitorToken: string;

  beforeAll(async () => {
    const url = await listen(ctx.app);
    org = await makeChatOrg(ctx, { agents: 1 });
    const agent = org.agents[0] as ChatOrg['agents'][0];
    agentSocket = await connectSocket(url, { kind: 'agent', token: agent.token });
    sockets.push(agentSocket);
    expect(await emitAck<UserBrief>(agentSocket, 'agent:status', { status: 'online' })).toMatchObject({
      ok: true,
    });
    const identity = await initVisitor(ctx, org.subDomain);
    visitorToken = identity.token;
    visitorSocket = await connectSocket(url, { kind: 'visitor', token: identity.token });
    sockets.push(visitorSocket);
    const assigned = nextEvent<Thread>(agentSocket, 'thread:update');
    tid = (await requestThread(ctx, identity.token, { wid: org.wid })).thread?.tid ?? '';
    await assigned;
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  const history = async (token: string, id = tid) =>
    ctx.app.inject({ method: 'GET', url: `/api/message/history?tid=${id}`, headers: bearer(token) });

  it("stores a visitor's location and shows it to the agent and in the history", async () => {
    const pushed = nextEvent<Message>(agentSocket, 'message', (message) => message.type === 'location');
    const sent = await emitAck<Message>(visitorSocket, 'message:send', {
      tid,
      localId: 'loc-1',
      type: 'location',
      location: { latitude: 31.2304, longitude: 121.4737, name: ' People’s\nSquare ', address: '' },
    });
    const card = {
      kind: 'location',
      latitude: 31.2304,
      longitude: 121.4737,
      name: 'People’s Square',
      address: '',
    };
    expect(sent).toMatchObject({ ok: true, data: { type: 'location', card } });
    expect((await pushed).card).toEqual(card);
    const agent = org.agents[0] as ChatOrg['agents'][0];
    const response = await history(agent.token);
    const page = response.json<Envelope<MessageHistory>>();
    expect(page.data?.messages, response.body).toBeDefined();
    expect(page.data.messages.find((message) => message.type === 'location')?.card).toEqual(card);
  });

  it("sends an agent's product card to the visitor", async () => {
    const pushed = nextEvent<Message>(visitorSocket, 'message', (message) => message.type === 'commodity');
    const commodity = {
      title: 'Blue kettle',
      price: '¥129.00',
      image: 'https://cdn.example.com/kettle.png',
      url: 'https://shop.example.com/kettle',
    };
    const sent = await emitAck<Message>(agentSocket, 'message:send', {
      tid,
      localId: 'com-1',
      type: 'commodity',
      commodity,
    });
    expect(sent).toMatchObject({ ok: true, data: { card: { kind: 'commodity', ...commodity } } });
    expect((await pushed).card).toEqual({ kind: 'commodity', ...commodity });
  });

  it('refuses bad cards with 400 naming the field', async () => {
    const cases = [
      [{ type: 'location' }, 'location'],
      [{ type: 'location', location: { latitude: 91, longitude: 0 } }, 'location.latitude'],
      [{ type: 'commodity', commodity: { title: 'x', url: 'javascript:alert(1)' } }, 'commodity.url'],
      [
        {
          type: 'commodity',
          commodity: { title: 'x', url: 'https://a.example', image: 'http://a.example/i.png' },
        },
        'commodity.image',
      ],
      [{ type: 'commodity', commodity: { title: '  ', url: 'https://a.example' } }, 'commodity.title'],
    ] as const;
    for (const [index, [body, field]] of cases.entries()) {
      const answer = await emitAck(visitorSocket, 'message:send', { tid, localId: `bad-${index}`, ...body });
      expect(answer).toMatchObject({ ok: false, status: 400 });
      expect(!answer.ok && answer.fields?.map((entry) => entry.field)).toContain(field);
    }
  });

  it('adds a link card to a message with a web address once the page was read', async () => {
    const url = `${pageBase}/product`;
    const carded = nextEvent<Message>(agentSocket, 'message', (message) => message.card?.kind === 'link');
    const sent = await emitAck<Message>(visitorSocket, 'message:send', {
      tid,
      localId: 'link-1',
      type: 'text',
      content: `Is this in stock? ${url}`,
    });
    expect(sent.ok && sent.data.card).toBeUndefined();
    const pushed = await carded;
    expect(pushed).toMatchObject({
      mid: sent.ok ? sent.data.mid : '',
      content: `Is this in stock? ${url}`,
      card: {
        kind: 'link',
        url,
        title: 'Blue kettle',
        description: '1.7 L, boils in 3 minutes',
        image: 'https://cdn.example.com/kettle.png',
      },
    });
    const agent = org.agents[0] as ChatOrg['agents'][0];
    const page = (await history(agent.token)).json<Envelope<MessageHistory>>();
    expect(page.data.messages.find((message) => message.localId === 'link-1')?.card).toMatchObject({
      title: 'Blue kettle',
    });
  });

  it('adds no card for a page at a private address', async () => {
    const sent = await emitAck<Message>(visitorSocket, 'message:send', {
      tid,
      localId: 'link-2',
      type: 'link',
      content: 'http://10.0.0.1/admin',
    });
    expect(sent.ok).toBe(true);
    await new Promise((done) => setTimeout(done, 300));
    const row = await ctx.database.db
      .selectFrom('message')
      .select('card')
      .where('local_id', '=', 'link-2')
      .executeTakeFirstOrThrow();
    expect(row.card).toBe('');
  });

  it('clears the card when the message is recalled', async () => {
    const sent = await emitAck<Message>(visitorSocket, 'message:send', {
      tid,
      localId: 'loc-2',
      type: 'location',
      location: { latitude: 1, longitude: 2 },
    });
    const recalled = await emitAck<Message>(visitorSocket, 'message:recall', {
      tid,
      mid: sent.ok ? sent.data.mid : '',
    });
    expect(recalled).toMatchObject({ ok: true, data: { status: 'recall' } });
    expect(recalled.ok && recalled.data.card).toBeUndefined();
  });

  const upload = async (data: Buffer, name: string): Promise<Attachment> => {
    const { payload, headers } = multipartBody({ file: { data, name } });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/upload?kind=file',
      headers: { ...headers, ...bearer(visitorToken) },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<Attachment>>().data;
  };

  it("sends a recorder's voice note (WebM or Safari's MP4) as a voice message", async () => {
    const recordings: [Buffer, string][] = [
      [webmBytes(['A_OPUS']), 'note.webm'],
      [isoMediaBytes(['soun']), 'note.mp4'],
    ];
    for (const [index, [data, name]] of recordings.entries()) {
      const attachment = await upload(data, name);
      expect(attachment.mediaType).toMatch(/^audio\//);
      const sent = await emitAck<Message>(visitorSocket, 'message:send', {
        tid,
        localId: `voice-${index}`,
        type: 'voice',
        aid: attachment.aid,
      });
      expect(sent).toMatchObject({ ok: true, data: { type: 'voice', fileUrl: attachment.path } });
    }
  });

  it('refuses a voice message that is not audio, and a video that is not video', async () => {
    const document = await upload(pdfBytes(), 'notes.pdf');
    const voice = await emitAck(visitorSocket, 'message:send', {
      tid,
      localId: 'voice-pdf',
      type: 'voice',
      aid: document.aid,
    });
    expect(voice).toMatchObject({ ok: false, status: 400, message: 'The upload is not audio' });
    expect(!voice.ok && voice.fields?.[0]?.field).toBe('aid');
    const audio = await upload(webmBytes(['A_OPUS']), 'a.webm');
    const video = await emitAck(visitorSocket, 'message:send', {
      tid,
      localId: 'video-audio',
      type: 'video',
      aid: audio.aid,
    });
    expect(video).toMatchObject({ ok: false, status: 400 });
    const film = await upload(webmBytes(['V_VP9', 'A_OPUS']), 'clip.webm');
    expect(
      await emitAck(visitorSocket, 'message:send', {
        tid,
        localId: 'video-ok',
        type: 'video',
        aid: film.aid,
      }),
    ).toMatchObject({ ok: true, data: { type: 'video' } });
  });

  it('gives a red packet the visitor opens once, the agent seeing when; agents only', async () => {
    const open = (token: string, mid: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/visitor/api/message/red-packet/open',
        headers: bearer(token),
        payload: { tid, mid },
      });
    const atVisitor = nextEvent<Message>(
      visitorSocket,
      'message',
      (message) => message.type === 'red_packet',
    );
    const given = await emitAck<Message>(agentSocket, 'message:send', {
      tid,
      localId: 'red-1',
      type: 'red_packet',
      redPacket: {
        amount: ' ¥10 ',
        greeting: 'Sorry for\nthe wait',
        code: 'SORRY10',
        url: 'https://shop.example.com/c',
      },
    });
    const card = {
      kind: 'red_packet',
      amount: '¥10',
      greeting: 'Sorry for the wait',
      code: 'SORRY10',
      url: 'https://shop.example.com/c',
      openedAt: null,
    };
    expect(given).toMatchObject({ ok: true, data: { type: 'red_packet', card } });
    const mid = given.ok ? given.data.mid : '';
    expect((await atVisitor).card).toEqual(card);

    const seenByAgent = nextEvent<Message>(
      agentSocket,
      'message',
      (message) =>
        message.mid === mid && message.card?.kind === 'red_packet' && message.card.openedAt !== null,
    );
    const opened = await open(visitorToken, mid);
    expect(opened.statusCode).toBe(200);
    const openedCard = opened.json<Envelope<Message>>().data.card;
    expect(openedCard).toMatchObject({ kind: 'red_packet', code: 'SORRY10', openedAt: expect.any(Number) });
    expect((await seenByAgent).card).toEqual(openedCard);
    // Opening again answers with the same stamp; the history keeps it.
    expect((await open(visitorToken, mid)).json<Envelope<Message>>().data.card).toEqual(openedCard);
    const agent = org.agents[0] as ChatOrg['agents'][0];
    const page = (await history(agent.token)).json<Envelope<MessageHistory>>();
    expect(page.data.messages.find((message) => message.mid === mid)?.card).toEqual(openedCard);

    // Not a red packet, not this visitor's conversation, or another organisation's visitor: 404.
    const text = page.data.messages.find((message) => message.type === 'location')?.mid ?? 'none';
    expect((await open(visitorToken, text)).statusCode).toBe(404);
    expect((await open((await initVisitor(ctx, org.subDomain)).token, mid)).statusCode).toBe(404);
    const other = await makeChatOrg(ctx, { agents: 1 });
    expect((await open((await initVisitor(ctx, other.subDomain)).token, mid)).statusCode).toBe(404);

    // A visitor cannot give one; a malformed one is refused naming the field.
    const byVisitor = await emitAck(visitorSocket, 'message:send', {
      tid,
      localId: 'red-visitor',
      type: 'red_packet',
      redPacket: { amount: '¥1' },
    });
    expect(byVisitor).toMatchObject({ ok: false, status: 403 });
    for (const [redPacket, field] of [
      [{ amount: '  ' }, 'redPacket.amount'],
      [{ amount: '¥5', url: 'javascript:alert(1)' }, 'redPacket.url'],
      [undefined, 'redPacket'],
    ] as const) {
      const answer = await emitAck(agentSocket, 'message:send', {
        tid,
        localId: `red-bad-${field}`,
        type: 'red_packet',
        ...(redPacket ? { redPacket } : {}),
      });
      expect(answer).toMatchObject({ ok: false, status: 400 });
      expect(!answer.ok && answer.fields?.map((entry) => entry.field)).toContain(field);
    }
  });

  it('pins the product the visitor is looking at for the agent, and replaces it with the next one', async () => {
    const agent = org.agents[0] as ChatOrg['agents'][0];
    const show = (token: string, body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/visitor/api/thread/commodity',
        headers: bearer(token),
        payload: body,
      });
    const viewed = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/thread/get?tid=${tid}`,
          headers: bearer(agent.token),
        })
      ).json<Envelope<Thread>>().data.commodity;
    const kettle = { title: ' Blue\nkettle ', price: '¥129.00', url: 'https://shop.example.com/kettle' };
    const pushed = nextEvent<Thread>(agentSocket, 'thread:update', (thread) => Boolean(thread.commodity));
    expect((await show(visitorToken, { tid, commodity: kettle })).statusCode).toBe(200);
    const pinned = { kind: 'commodity', title: 'Blue kettle', price: '¥129.00', image: '', url: kettle.url };
    expect((await pushed).commodity).toEqual(pinned);
    expect(await viewed()).toEqual(pinned);
    const teapot = { title: 'Teapot', url: 'https://shop.example.com/teapot' };
    expect((await show(visitorToken, { tid, commodity: teapot })).statusCode).toBe(200);
    expect(await viewed()).toMatchObject({ title: 'Teapot', price: '' });
    // The visitor's own view of the conversation does not carry it.
    const again = await requestThread(ctx, visitorToken, { wid: org.wid });
    expect(again.thread).not.toHaveProperty('commodity');

    const bad = await show(visitorToken, { tid, commodity: { title: 'x', url: 'ftp://shop.example.com/x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Envelope<null>>().fields?.map((entry) => entry.field)).toContain('commodity.url');
    expect(await viewed()).toMatchObject({ title: 'Teapot' });
    expect((await show('', { tid, commodity: teapot })).statusCode).toBe(401);
    // Another visitor, or another organisation's, cannot pin anything on this conversation.
    const stranger = await initVisitor(ctx, org.subDomain);
    expect((await show(stranger.token, { tid, commodity: kettle })).statusCode).toBe(404);
    const other = await makeChatOrg(ctx, { agents: 1 });
    const outsider = await initVisitor(ctx, other.subDomain);
    expect((await show(outsider.token, { tid, commodity: kettle })).statusCode).toBe(404);
    expect(await viewed()).toMatchObject({ title: 'Teapot' });
  });

  it("keeps another organisation's agent out of the conversation and its cards", async () => {
    const other = await makeChatOrg(ctx, { agents: 1 });
    const outsider = other.agents[0] as ChatOrg['agents'][0];
    expect((await history(outsider.token)).statusCode).toBe(404);
    expect((await history(other.owner.token)).statusCode).toBe(404);
  });
});
