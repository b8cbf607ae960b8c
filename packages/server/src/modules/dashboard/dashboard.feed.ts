import {
  monitorNamespace,
  monitorPushMs,
  monitorSnapshotEvent,
  monitorSocketAuthSchema,
  type DashboardMonitor,
  type Language,
} from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DefaultEventsMap, Namespace, Server } from 'socket.io';
import { AppError } from '../../http/errors.js';
import { resolveLanguage } from '../../http/i18n.js';
import type { Principal } from '../auth/auth.service.js';
import { recheckSignIns, refuseSocket, type SignedInSocketData } from '../realtime/signed-in-sockets.js';
import { canWatchMonitor } from './dashboard.service.js';

type MonitorSocketData = SignedInSocketData & { tz: string };

type MonitorNamespace = Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, MonitorSocketData>;

export type MonitorFeedDeps = {
  /** The console's bearer check (throws AppError 401 for an unknown, expired or revoked token). */
  authenticate: (token: string) => Promise<Principal>;
  snapshot: (principal: Principal, tz: string, language: Language) => Promise<DashboardMonitor>;
  log: FastifyBaseLogger;
  /** How often each node pushes to its own wallboards. */
  intervalMs?: number;
  /** How often a wallboard's token is checked again (a sign-out or a disabled account ends it). */
  recheckMs?: number;
  now?: () => number;
};

export type MonitorFeed = {
  /** One round of pushes (the timer calls it; tests call it by hand). */
  tick: () => Promise<void>;
  close: () => void;
};

/** One room per organisation and zone: its wallboards share one snapshot per round. */
const roomOf = (orgId: number, tz: string) => `org:${orgId}:${tz}`;

/**
 * The wallboard's live feed: a Socket.IO namespace of its own (`/monitor`), so a wallboard is never
 * an agent (no presence, no chat rooms, no client events). Each node pushes to the wallboards
 * connected to it (`local`): one snapshot per organisation and zone every `intervalMs`, whatever the
 * number of screens, instead of every screen polling the API. A snapshot is also sent on connect.
 */
export const attachMonitorFeed = (io: Server, deps: MonitorFeedDeps): MonitorFeed => {
  const intervalMs = deps.intervalMs ?? monitorPushMs;
  const recheckMs = deps.recheckMs ?? 60_000;
  const now = deps.now ?? Date.now;
  const nsp = io.of(monitorNamespace) as MonitorNamespace;

  nsp.use((socket, next) => {
    const language = resolveLanguage(socket.handshake.headers['accept-language']);
    const fail = (error: unknown) => refuseSocket(next, error, language, deps.log);
    const parsed = monitorSocketAuthSchema.safeParse(socket.handshake.auth);
    if (!parsed.success) {
      const hasToken = typeof (socket.handshake.auth as { token?: unknown }).token === 'string';
      return fail(
        hasToken
          ? AppError.validation(
              parsed.error.issues.map((issue) => ({
                field: issue.path.join('.') || 'auth',
                message: issue.message,
              })),
            )
          : AppError.unauthorized(),
      );
    }
    const { token, tz } = parsed.data;
    deps.authenticate(token).then((principal) => {
      if (!canWatchMonitor(principal))
        return fail(AppError.forbidden('error.forbiddenAuthority', { authority: 'monitor' }));
      socket.data = { principal, token, tz, language, checkedAt: now() };
      next();
    }, fail);
  });

  nsp.on('connection', (socket) => {
    const { principal, tz, language } = socket.data;
    void socket.join(roomOf(principal.orgId, tz));
    deps.snapshot(principal, tz, language).then(
      (snapshot) => socket.emit(monitorSnapshotEvent, snapshot),
      (error: unknown) => deps.log.error({ err: error }, 'monitor snapshot failed'),
    );
  });

  /** Ends the wallboards whose sign-in is gone (signed out, disabled, authority taken away). */
  const recheck = () =>
    recheckSignIns(nsp.sockets.values(), {
      authenticate: deps.authenticate,
      isAllowed: canWatchMonitor,
      recheckMs,
      now: now(),
      log: deps.log,
    });

  let isRunning = false;
  const tick = async () => {
    if (isRunning) return; // a slow round is never overlapped by the next
    isRunning = true;
    try {
      await recheck();
      for (const [room, ids] of nsp.adapter.rooms) {
        if (!room.startsWith('org:')) continue;
        const holder = [...ids].map((id) => nsp.sockets.get(id)).find((socket) => socket !== undefined);
        if (!holder) continue;
        const { principal, tz, language } = holder.data;
        try {
          nsp.local.to(room).emit(monitorSnapshotEvent, await deps.snapshot(principal, tz, language));
        } catch (error) {
          deps.log.error({ err: error }, 'monitor snapshot failed');
        }
      }
    } finally {
      isRunning = false;
    }
  };

  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return {
    tick,
    close: () => {
      clearInterval(timer);
      nsp.disconnectSockets(true);
    },
  };
};
