import type { AddressInfo } from 'node:net';
import { consoleNamespace, type NoticePush } from '@openkefu/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, useTestApp } from '../../test/app.js';
import { sqliteTarget } from '../../test/databases.js';
import { createRecordsOrg, postJson, type RecordsOrg } from '../records/records.fixture.js';
import { agentRoom, orgAgentsRoom } from './rooms.js';
import { nextEvent, openSocket, untilConnected } from './socket.fixture.js';

/*
 * The console's live feed through the real app: who may connect, which pushes reach a console page
 * (its organisation's and its user's console events, nothing of the chat), and a signed-out token
 * ends the socket. The feed does not touch the database, so one database is enough.
 */
describe('console feed', () => {
  const ctx = useTestApp(sqliteTarget, {
    build: { sweepIntervalMs: 0, jobIntervalMs: 0, consoleRecheckMs: 100 },
  });
  let url = '';
  let a: RecordsOrg;
  let b: RecordsOrg;
  let staffToken: string;
  const sockets: Socket[] = [];

  const connect = (auth: object) => {
    const socket = openSocket(`${url}${consoleNamespace}`, auth);
    sockets.push(socket);
    return untilConnected(socket);
  };
  const refusal = (auth: object) =>
    connect(auth).then(
      () => 0,
      (error: unknown) => (error as { data?: { status?: number } }).data?.status,
    );
  /** Every event a socket receives, in order. */
  const recorded = (socket: Socket) => {
    const events: string[] = [];
    socket.onAny((event: string) => events.push(event));
    return events;
  };

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    const staff = await createAccount(ctx.database, { roles: ['ROLE_SUPER'] });
    staffToken = await signIn(ctx.app, staff.username, staff.password);
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it('takes any signed-in console user, and refuses a missing or unknown token (401)', async () => {
    expect(await refusal({})).toBe(401);
    expect(await refusal({ token: 'forged' })).toBe(401);
    // A role without the chat authority still has a console: its bells and billing pages listen here.
    const checker = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_CHECKER'],
      orgId: a.admin.orgId,
    });
    expect(await refusal({ token: await signIn(ctx.app, checker.username, checker.password) })).toBe(0);
  });

  it("pushes the organisation's and the user's console events, not the chat's, and nothing of another organisation", async () => {
    const admin = await connect({ token: a.admin.token });
    const other = await connect({ token: b.admin.token });
    const seenByAdmin = recorded(admin);
    const seenByOther = recorded(other);

    const notice = nextEvent<NoticePush>(admin, 'notice:new');
    const sent = await postJson(ctx, '/api/platform/notice/create', staffToken, {
      title: 'Maintenance tonight',
      content: 'The console restarts at 02:00.',
      audience: 'orgs',
      subDomains: [a.admin.subDomain],
    });
    expect(sent.status).toBe(200);
    expect((await notice).title).toBe('Maintenance tonight');

    const { hub } = ctx.app.services;
    const recharge = nextEvent(admin, 'recharge:update');
    // Chat pushes to the same rooms: agent sockets get them, console sockets never do.
    hub.emit([orgAgentsRoom(a.admin.orgId)], 'queue:update', { waiting: 3 });
    hub.emit([orgAgentsRoom(a.admin.orgId)], 'presence', { uid: a.agent.uid, status: 'online' });
    hub.emit([orgAgentsRoom(a.admin.orgId)], 'recharge:update', { orderNo: 'R1', state: 'paid' });
    expect(await recharge).toEqual({ orderNo: 'R1', state: 'paid' });

    const forOther = nextEvent(other, 'recharge:update');
    hub.emit([orgAgentsRoom(b.admin.orgId)], 'recharge:update', { orderNo: 'R2', state: 'closed' });
    expect(await forOther).toEqual({ orderNo: 'R2', state: 'closed' });
    expect(seenByAdmin).toEqual(['notice:new', 'recharge:update']);
    expect(seenByOther).toEqual(['recharge:update']);

    // A user's own room: only that user's consoles.
    const mine = nextEvent(admin, 'ticket:notice');
    hub.emit([agentRoom(a.admin.userId)], 'ticket:notice', {
      nid: 'N1',
      kind: 'assigned',
      tkid: 'T1',
      ticketNumber: '1001',
      title: 'Refund',
      actor: null,
      read: false,
      createdAt: Date.now(),
    });
    await mine;
    expect(seenByOther).toEqual(['recharge:update']);
  });

  it('does not make the user present as an agent', async () => {
    await connect({ token: a.agent.token });
    const connected = await ctx.app.services.presence.connectedAmong([a.agent.userId]);
    expect(connected.has(a.agent.userId)).toBe(false);
  });

  it('ends the socket of a token that was signed out', async () => {
    const token = await signIn(ctx.app, a.admin.username, a.admin.password);
    const socket = await connect({ token });
    const ended = nextEvent<{ reason: string }>(socket, 'session:end');
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const logout = await postJson(ctx, '/api/user/logout', token, {});
    expect(logout.status).toBe(200);
    expect((await ended).reason).toMatch(/sign/i);
    await closed;
    expect(socket.connected).toBe(false);
  });
});
