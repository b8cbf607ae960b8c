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
import { toAppError } from '../../http/error-handler.js';
import { AppError } from '../../http/errors.js';
import { resolveLanguage, translate } from '../../http/i18n.js';
import type { Principal } from '../auth/auth.service.js';
import { canWatchMonitor } from './dashboard.service.js';

type MonitorSocketData = {
  principal: Principal;
  token: string;
  tz: string;
  language: Language;
  /** When the token was last found valid (ms). */
  checkedAt: number;
};

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
    const fail = (error: unknown) => {
      const appError = toAppError(error, language);
      if (appError.statusCode >= 500) deps.log.error({ err: error }, 'monitor socket refused');
      const message = translate(appError.messageKey, language, appError.params);
      next(Object.assign(new Error(message), { data: { status: appError.statusCode } }));
    };
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
  const recheck = async () => {
    for (const socket of nsp.sockets.values()) {
      if (now() - socket.data.checkedAt < recheckMs) continue;
      try {
        const principal = await deps.authenticate(socket.data.token);
        if (!canWatchMonitor(principal)) throw AppError.forbidden();
        socket.data.principal = principal;
        socket.data.checkedAt = now();
      } catch (error) {
        const status = error instanceof AppError ? error.statusCode : 500;
        // A database hiccup is no reason to blank a wallboard: it is checked again next round.
        if (status !== 401 && status !== 403) {
          deps.log.error({ err: error }, 'monitor socket recheck failed');
          continue;
        }
        socket.emit('session:end', { reason: translate('error.unauthorized', socket.data.language) });
        socket.disconnect(true);
      }
    }
  };

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
