import { consoleNamespace, consoleSocketAuthSchema } from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DefaultEventsMap, Namespace, Server } from 'socket.io';
import { AppError } from '../../http/errors.js';
import { resolveLanguage } from '../../http/i18n.js';
import type { Principal } from '../auth/auth.service.js';
import { agentRoom, orgAgentsRoom } from './rooms.js';
import { recheckSignIns, refuseSocket, type SignedInSocketData } from './signed-in-sockets.js';

type ConsoleNamespace = Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SignedInSocketData>;

export type ConsoleFeed = {
  /** One round of token checks (the timer calls it; tests call it by hand). */
  recheck: () => Promise<void>;
  close: () => void;
};

/**
 * The console's live feed (`/console`): any signed-in console page listens here for the contract's
 * console events (notices, ticket notices, recharge orders), which the hub sends to the same
 * organisation and user rooms as agent sockets. A console socket is never an agent: no presence, no
 * chat rooms, no client events. Tokens are checked again every `recheckMs`, so a sign-out ends it.
 */
export const attachConsoleFeed = (
  io: Server,
  deps: {
    authenticate: (token: string) => Promise<Principal>;
    log: FastifyBaseLogger;
    recheckMs?: number;
    now?: () => number;
  },
): ConsoleFeed => {
  const recheckMs = deps.recheckMs ?? 60_000;
  const now = deps.now ?? Date.now;
  const nsp = io.of(consoleNamespace) as ConsoleNamespace;

  nsp.use((socket, next) => {
    const language = resolveLanguage(socket.handshake.headers['accept-language']);
    const parsed = consoleSocketAuthSchema.safeParse(socket.handshake.auth);
    if (!parsed.success) return refuseSocket(next, AppError.unauthorized(), language, deps.log);
    const { token } = parsed.data;
    deps.authenticate(token).then(
      (principal) => {
        socket.data = { principal, token, language, checkedAt: now() };
        next();
      },
      (error: unknown) => refuseSocket(next, error, language, deps.log),
    );
  });

  nsp.on('connection', (socket) => {
    const { principal } = socket.data;
    void socket.join([agentRoom(principal.userId), orgAgentsRoom(principal.orgId)]);
  });

  const recheck = () =>
    recheckSignIns(nsp.sockets.values(), {
      authenticate: deps.authenticate,
      isAllowed: () => true,
      recheckMs,
      now: now(),
      log: deps.log,
    });
  const timer = setInterval(() => void recheck(), recheckMs);
  timer.unref();
  return {
    recheck,
    close: () => {
      clearInterval(timer);
      nsp.disconnectSockets(true);
    },
  };
};
