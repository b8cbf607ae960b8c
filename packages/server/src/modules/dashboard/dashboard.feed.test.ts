import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  monitorNamespace,
  monitorSnapshotEvent,
  type AuthorityKey,
  type DashboardMonitor,
} from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../auth/auth.service.js';
import { connectWithFirst, nextEvent } from '../realtime/socket.fixture.js';
import { attachMonitorFeed, type MonitorFeed } from './dashboard.feed.js';

/*
 * The wallboard feed on a bare Socket.IO server with stand-in sign-ins and snapshots: who may
 * connect, one snapshot per organisation and zone per round whatever the number of screens, and a
 * screen whose sign-in is gone is ended while a passing failure is not.
 */

const principalOf = (orgId: number, authorities: AuthorityKey[] = ['home', 'monitor']): Principal => ({
  tokenId: orgId,
  jti: `jti-${orgId}`,
  userId: orgId * 10,
  uid: `u-${orgId}`,
  username: `user-${orgId}`,
  orgId,
  roles: ['ROLE_ADMIN'],
  authorities: new Set(authorities),
  isPlatformStaff: false,
  isAdminAccount: false,
});

const snapshotOf = (orgId: number, tz: string, round: number): DashboardMonitor => ({
  at: round,
  tz,
  queue: { waiting: orgId, oldestQueuedAt: null, groups: [] },
  conversations: { chatting: 0, robot: 0 },
  agents: { online: 0, busy: 0, away: 0, offline: 0, total: 0, list: [] },
  today: null,
});

describe('monitor feed', () => {
  let http: HttpServer;
  let server: Server;
  let url = '';
  let feed: MonitorFeed;
  let clock = 1_000;
  let round = 0;
  const tokens = new Map<string, Principal | Error>();
  const snapshots = vi.fn(async (principal: Principal, tz: string) => snapshotOf(principal.orgId, tz, round));
  const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
  const sockets: Socket[] = [];

  /** Connects with the first snapshot listened for from the start (it is sent right on connect). */
  const connect = (auth: object) =>
    connectWithFirst<DashboardMonitor>(`${url}${monitorNamespace}`, auth, monitorSnapshotEvent, sockets);

  const refusal = (auth: object) =>
    connect(auth).then(
      () => 0,
      (error: unknown) => (error as { data?: { status?: number } }).data?.status,
    );

  beforeAll(async () => {
    http = createServer();
    server = new Server(http, { path: '/socket.io/' });
    feed = attachMonitorFeed(server, {
      authenticate: async (token) => {
        const found = tokens.get(token);
        if (!found) throw AppError.unauthorized();
        if (found instanceof Error) throw found;
        return found;
      },
      snapshot: snapshots,
      log,
      // Rounds are driven by hand below.
      intervalMs: 3_600_000,
      recheckMs: 60_000,
      now: () => clock,
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
    tokens.clear();
    snapshots.mockClear();
  });
  afterAll(async () => {
    feed.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('refuses a missing or unknown token, a bad zone and a user without authority monitor', async () => {
    tokens.set('agent', principalOf(1, ['home', 'chat']));
    tokens.set('boss', principalOf(1));
    expect(await refusal({ tz: 'UTC' })).toBe(401);
    expect(await refusal({ token: 'nobody', tz: 'UTC' })).toBe(401);
    expect(await refusal({ token: 'agent', tz: 'UTC' })).toBe(403);
    expect(await refusal({ token: 'boss', tz: 'Atlantis/Capital' })).toBe(400);
    expect(await refusal({ token: 'boss', tz: 'Asia/Shanghai' })).toBe(0);
  });

  it('sends a snapshot on connect, then one per organisation and zone per round to every screen', async () => {
    tokens.set('a1', principalOf(1));
    tokens.set('a2', principalOf(1));
    tokens.set('b', principalOf(2));
    const first = await connect({ token: 'a1', tz: 'UTC' });
    const second = await connect({ token: 'a2', tz: 'UTC' });
    const otherZone = await connect({ token: 'a1', tz: 'Asia/Shanghai' });
    const otherOrg = await connect({ token: 'b', tz: 'UTC' });
    expect((await first.first).queue.waiting).toBe(1);
    expect((await otherOrg.first).queue.waiting).toBe(2);
    expect((await otherZone.first).tz).toBe('Asia/Shanghai');
    await second.first;
    snapshots.mockClear();

    round = 7;
    const pushed = [first, second, otherZone, otherOrg].map(({ socket }) =>
      nextEvent<DashboardMonitor>(socket, monitorSnapshotEvent),
    );
    await feed.tick();
    const [toFirst, toSecond, toOtherZone, toOtherOrg] = await Promise.all(pushed);
    // Two screens of organisation 1 in UTC share one snapshot: three rooms, three snapshots.
    expect(snapshots).toHaveBeenCalledTimes(3);
    expect(toFirst).toEqual(toSecond);
    expect(toFirst).toMatchObject({ at: 7, tz: 'UTC', queue: { waiting: 1 } });
    expect(toOtherZone).toMatchObject({ at: 7, tz: 'Asia/Shanghai', queue: { waiting: 1 } });
    expect(toOtherOrg).toMatchObject({ at: 7, tz: 'UTC', queue: { waiting: 2 } });
  });

  it('ends a screen whose sign-in is gone, and keeps it through a passing failure', async () => {
    tokens.set('boss', principalOf(3));
    const { socket, first } = await connect({ token: 'boss', tz: 'UTC' });
    await first;
    const ended = nextEvent<{ reason: string }>(socket, 'session:end');
    ended.catch(() => undefined);

    // Within the recheck period nothing is asked again; past it, a database hiccup keeps the screen.
    tokens.set('boss', new Error('database unreachable'));
    await feed.tick();
    clock += 60_000;
    await feed.tick();
    expect(socket.connected).toBe(true);
    expect(log.error).toHaveBeenCalled();

    // Signed out: told why, then disconnected.
    tokens.delete('boss');
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    await feed.tick();
    expect((await ended).reason).toBeTruthy();
    await closed;
    expect(socket.connected).toBe(false);
  });
});
