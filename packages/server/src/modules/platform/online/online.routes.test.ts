import type { OnlineAgent, OnlineSummary, OnlineVisitor, Page, UserBrief } from '@openkefu/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { getJson, postJson } from '../../records/records.fixture.js';
import { connectSocket, emitAck, listen, nextEvent } from '../../realtime/socket.fixture.js';
import { initVisitor, makeChatOrg, type ChatOrg } from '../../thread/chat.fixture.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

await describeEachDatabase('platform online routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0, jobIntervalMs: 0 } });
  let url: string;
  let org: ChatOrg;
  let quiet: ChatOrg;
  let staffToken: string;
  let staffUid: string;
  let agentSocket: Socket;
  const sockets: Socket[] = [];
  const open = async (auth: { kind: 'agent' | 'visitor'; token: string }) => {
    const socket = await connectSocket(url, auth);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    url = await listen(ctx.app);
    org = await makeChatOrg(ctx, { agents: 2 });
    quiet = await makeChatOrg(ctx, { agents: 1 });
    const staff = await createAccount(ctx.database, { roles: ['ROLE_SUPER'] });
    staffUid = staff.uid;
    staffToken = await signIn(ctx.app, staff.username, staff.password);
    const agent = org.agents[0] as ChatOrg['agents'][0];
    agentSocket = await open({ kind: 'agent', token: agent.token });
    expect(await emitAck<UserBrief>(agentSocket, 'agent:status', { status: 'online' })).toMatchObject({
      ok: true,
    });
    // One visitor with two tabs, another with one.
    const first = await initVisitor(ctx, org.subDomain);
    await open({ kind: 'visitor', token: first.token });
    await open({ kind: 'visitor', token: first.token });
    await open({ kind: 'visitor', token: (await initVisitor(ctx, org.subDomain)).token });
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it('refuses organisation admins (403) and anonymous callers (401)', async () => {
    for (const path of [
      '/api/platform/online/summary',
      `/api/platform/online/agents?subDomain=${org.subDomain}`,
      `/api/platform/online/visitors?subDomain=${org.subDomain}`,
    ]) {
      expect((await getJson(ctx, path, org.owner.token)).status).toBe(403);
      expect((await getJson(ctx, path)).status).toBe(401);
    }
    const agent = org.agents[1] as ChatOrg['agents'][0];
    expect(
      (await postJson(ctx, '/api/platform/online/signout', org.owner.token, { uid: agent.uid })).status,
    ).toBe(403);
  });

  it('answers 400 naming the field and 404 for an unknown organisation or user', async () => {
    const missing = await getJson(ctx, '/api/platform/online/agents', staffToken);
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toEqual(['subDomain']);
    expect(fieldsOf((await getJson(ctx, '/api/platform/online/summary?size=0', staffToken)).body)).toEqual([
      'size',
    ]);
    expect(
      (await getJson(ctx, '/api/platform/online/visitors?subDomain=no-such-org', staffToken)).status,
    ).toBe(404);
    const noUid = await postJson(ctx, '/api/platform/online/signout', staffToken, {});
    expect(fieldsOf(noUid.body)).toEqual(['uid']);
    expect((await postJson(ctx, '/api/platform/online/signout', staffToken, { uid: 'nope' })).status).toBe(
      404,
    );
    expect((await postJson(ctx, '/api/platform/online/signout', staffToken, { uid: staffUid })).status).toBe(
      409,
    );
  });

  it('counts agents online and connected and visitors connected per organisation, with totals', async () => {
    const { status, body } = await getJson<OnlineSummary>(ctx, '/api/platform/online/summary', staffToken);
    expect(status).toBe(200);
    const row = body.data.organizations.content.find((entry) => entry.subDomain === org.subDomain);
    expect(row).toMatchObject({ agentsOnline: 1, agentsConnected: 1, visitorsConnected: 2 });
    expect(body.data.organizations.content.some((entry) => entry.subDomain === quiet.subDomain)).toBe(false);
    expect(body.data.totals.visitorsConnected).toBeGreaterThanOrEqual(2);
    expect(body.data.totals.organizations).toBe(body.data.organizations.totalElements);
    const filtered = await getJson<OnlineSummary>(
      ctx,
      `/api/platform/online/summary?keyword=${quiet.subDomain}`,
      staffToken,
    );
    expect(filtered.body.data.organizations.content).toEqual([]);
  });

  it("lists an organisation's online agents and connected visitors", async () => {
    const agents = await getJson<Page<OnlineAgent>>(
      ctx,
      `/api/platform/online/agents?subDomain=${org.subDomain}`,
      staffToken,
    );
    expect(agents.body.data.content).toEqual([
      expect.objectContaining({ uid: org.agents[0]?.uid, status: 'online', connected: true }),
    ]);
    const visitors = await getJson<Page<OnlineVisitor>>(
      ctx,
      `/api/platform/online/visitors?subDomain=${org.subDomain}&size=1`,
      staffToken,
    );
    expect(visitors.body.data.totalElements).toBe(2);
    expect(visitors.body.data.content).toHaveLength(1);
    const all = await getJson<Page<OnlineVisitor>>(
      ctx,
      `/api/platform/online/visitors?subDomain=${org.subDomain}`,
      staffToken,
    );
    expect(all.body.data.content.map((visitor) => visitor.connections).sort()).toEqual([1, 2]);
  });

  it('signs a user out: tokens revoked, offline, sockets ended', async () => {
    const agent = org.agents[0] as ChatOrg['agents'][0];
    const ended = nextEvent<{ reason: string }>(agentSocket, 'session:end');
    const disconnected = new Promise<void>((resolve) => agentSocket.once('disconnect', () => resolve()));
    const signedOut = await postJson(ctx, '/api/platform/online/signout', staffToken, { uid: agent.uid });
    expect(signedOut.status).toBe(200);
    expect(await ended).toEqual({ reason: 'signedOut' });
    await disconnected;
    expect((await getJson(ctx, '/api/user/profile', agent.token)).status).toBe(401);
    const agents = await getJson<Page<OnlineAgent>>(
      ctx,
      `/api/platform/online/agents?subDomain=${org.subDomain}`,
      staffToken,
    );
    expect(agents.body.data.content).toEqual([]);
  });
});
