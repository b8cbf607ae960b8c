import type { Language } from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DefaultEventsMap, Socket } from 'socket.io';
import { toAppError } from '../../http/error-handler.js';
import { AppError } from '../../http/errors.js';
import { translate } from '../../http/i18n.js';
import type { Principal } from '../auth/auth.service.js';

/** What a console namespace (wallboard, console feed) keeps on each of its signed-in sockets. */
export type SignedInSocketData = {
  principal: Principal;
  token: string;
  language: Language;
  /** When the token was last found valid (ms). */
  checkedAt: number;
};

type SignedInSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SignedInSocketData>;

/** A namespace middleware's refusal: the socket.io-client error carries the HTTP-like status. */
export const refuseSocket = (
  next: (error?: Error) => void,
  error: unknown,
  language: Language,
  log: FastifyBaseLogger,
) => {
  const appError = toAppError(error, language);
  if (appError.statusCode >= 500) log.error({ err: error }, 'console socket refused');
  const message = translate(appError.messageKey, language, appError.params);
  next(Object.assign(new Error(message), { data: { status: appError.statusCode } }));
};

/**
 * Checks again the tokens of sockets not checked for `recheckMs`, and ends the ones whose sign-in is
 * gone (signed out, disabled, no longer allowed) with `session:end`. A database hiccup is no reason
 * to drop a connection: that socket is checked again next time.
 */
export const recheckSignIns = async (
  sockets: Iterable<SignedInSocket>,
  options: {
    authenticate: (token: string) => Promise<Principal>;
    isAllowed: (principal: Principal) => boolean;
    recheckMs: number;
    now: number;
    log: FastifyBaseLogger;
  },
) => {
  for (const socket of sockets) {
    if (options.now - socket.data.checkedAt < options.recheckMs) continue;
    try {
      const principal = await options.authenticate(socket.data.token);
      if (!options.isAllowed(principal)) throw AppError.forbidden();
      socket.data.principal = principal;
      socket.data.checkedAt = options.now;
    } catch (error) {
      const status = error instanceof AppError ? error.statusCode : 500;
      if (status !== 401 && status !== 403) {
        options.log.error({ err: error }, 'console socket recheck failed');
        continue;
      }
      socket.emit('session:end', { reason: translate('error.unauthorized', socket.data.language) });
      socket.disconnect(true);
    }
  }
};
