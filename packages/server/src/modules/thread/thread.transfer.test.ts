import type { Offer, Thread, Transfer, TransferTarget } from '@openkefu/contract';
import { beforeAll, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createMemoryPresence } from '../realtime/presence.js';
import {
  bringOnline,
  initVisitor,
  makeChatOrg,
  requestThread,
  type ChatOrg,
  type Envelope,
} from './chat.fixture.js';

await describeEachDatabase('transfer targets and capacity', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, { build: { presence, sweepIntervalMs: 0 } });

  const post = (url: string, token: string, payload: object, language?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), ...(language ? { 'accept-language': language } : {}) },
      payload,
    });
  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  let org: ChatOrg;
  let a: ChatOrg['agents'][0];
  let b: ChatOrg['agents'][0];
  let c: ChatOrg['agents'][0];
  let tidOfA: string;
  let tidOfB: string;

  beforeAll(async () => {
    // Route type least with a limit of one: each visitor goes to a different free agent.
    org = await makeChatOrg(ctx, { agents: 3, maxThreadCount: 1, group: { routeType: 'least' } });
    [a, b, c] = org.agents as [ChatOrg['agents'][0], ChatOrg['agents'][0], ChatOrg['agents'][0]];
    await bringOnline(ctx, presence, a);
    const first = await requestThread(ctx, (await initVisitor(ctx, org.subDomain)).token, { wid: org.wid });
    tidOfA = first.thread?.tid ?? '';
    expect(first.thread?.agent?.uid).toBe(a.uid);
    await bringOnline(ctx, presence, b);
    const second = await requestThread(ctx, (await initVisitor(ctx, org.subDomain)).token, { wid: org.wid });
    tidOfB = second.thread?.tid ?? '';
    expect(second.thread?.agent?.uid).toBe(b.uid);
  });

  it("lists the colleagues who can take it, with each one's load and limit", async () => {
    const response = await get(`/api/thread/transfer/targets?tid=${tidOfA}`, a.token);
    expect(response.statusCode).toBe(200);
    const targets = response.json<Envelope<TransferTarget[]>>().data;
    const byUid = new Map(targets.map((entry) => [entry.uid, entry]));
    // Not the caller; colleagues with the chat authority (the owner is an admin and may chat too).
    expect(byUid.has(a.uid)).toBe(false);
    expect(byUid.get(b.uid)).toMatchObject({
      nickname: 'Agent 1',
      status: 'online',
      load: 1,
      maxThreadCount: 1,
    });
    expect(byUid.get(c.uid)).toMatchObject({ status: 'offline', load: 0, maxThreadCount: 1 });
    expect(byUid.has(org.owner.uid)).toBe(true);
  });

  it('refuses an accept at the limit with 409, keeps the transfer pending, then lets it through', async () => {
    const offer = (await post('/api/thread/transfer', a.token, { tid: tidOfA, uid: b.uid })).json<
      Envelope<Transfer>
    >().data;
    const refused = await post('/api/thread/transfer/respond', b.token, { id: offer.id, accept: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Envelope<null>>().message).toMatch(/maximum/);
    const refusedZh = await post(
      '/api/thread/transfer/respond',
      b.token,
      { id: offer.id, accept: true },
      'zh-CN',
    );
    expect(refusedZh.json<Envelope<null>>().message).toMatch(/上限/);
    const pending = (await get('/api/thread/offers', b.token)).json<Envelope<Offer[]>>().data;
    expect(pending.find((entry) => entry.transfer.id === offer.id)?.transfer.status).toBe('pending');
    const stillA = (await get(`/api/thread/get?tid=${tidOfA}`, a.token)).json<Envelope<Thread>>().data;
    expect(stillA).toMatchObject({ status: 'chatting', agent: { uid: a.uid } });

    // b ends its conversation: now there is room.
    expect((await post('/api/thread/close', b.token, { tid: tidOfB })).statusCode).toBe(200);
    const accepted = await post('/api/thread/transfer/respond', b.token, { id: offer.id, accept: true });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Envelope<Thread>>().data.agent?.uid).toBe(b.uid);
    const targets = (await get(`/api/thread/transfer/targets?tid=${tidOfA}`, b.token)).json<
      Envelope<TransferTarget[]>
    >().data;
    expect(targets.find((entry) => entry.uid === a.uid)?.load).toBe(0);
  });

  it("answers 401 without a token, 400 without tid and 404 for another organisation's tid", async () => {
    expect((await get(`/api/thread/transfer/targets?tid=${tidOfA}`)).statusCode).toBe(401);
    const missing = await get('/api/thread/transfer/targets', a.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Envelope<null>>().fields?.[0]?.field).toBe('tid');
    const outsider = await makeChatOrg(ctx, { agents: 1 });
    expect((await get(`/api/thread/transfer/targets?tid=${tidOfA}`, outsider.owner.token)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/thread/transfer/targets?tid=nope`, a.token)).statusCode).toBe(404);
  });
});
