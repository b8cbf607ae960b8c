import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/errors.js';
import type { App } from '../../../http/types.js';
import { utcDay } from '../bill/billing.dates.js';
import { isExpired } from './expiry.state.js';

/*
 * An expired organisation's console is read-only (issue 20): its users' writes are refused with 402
 * (message key billing.expired) until a bill is paid or the validity renewed. Nothing is deleted and
 * reads keep working. Never refused: signing in and out, billing itself (recharge, pay, renew,
 * invoices), the live chat (accepting, transferring and closing conversations, agents' files and
 * quick replies; messages go over the socket, visitors have no console principal), channel
 * webhooks (no principal either) and platform staff. The validity comes with the principal, which
 * the auth cache already holds, so the check asks the database nothing.
 */

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Route prefixes that stay writable. Keep in sync with the list above. */
const openPrefixes = [
  '/api/billing/',
  '/api/platform/',
  '/api/thread/',
  '/api/message/',
  '/api/upload/',
  '/oauth/',
] as const;
const openRoutes = new Set([
  '/api/user/logout',
  '/api/cuw/use',
  '/mobile/token',
  '/email/token',
  '/email/code',
]);

export const isOpenWhenExpired = (route: string): boolean =>
  openRoutes.has(route) || openPrefixes.some((prefix) => route.startsWith(prefix));

const refuseExpiredWrite = async (request: FastifyRequest): Promise<void> => {
  if (!writeMethods.has(request.method)) return;
  const principal = request.principal;
  if (!principal || principal.isPlatformStaff) return;
  const validity = principal.orgValidUntil;
  if (!isExpired(validity, utcDay(Date.now()))) return;
  if (isOpenWhenExpired(request.routeOptions.url ?? request.url)) return;
  throw new AppError('PAYMENT_REQUIRED', 402, 'billing.expired', { params: { date: validity ?? '' } });
};

/**
 * Registers the check for every route. Call it before the routes are registered: a hook added to
 * the root later does not reach routes already declared.
 */
export const registerReadOnlyGuard = (app: App): void => {
  // preValidation: after the routes' own auth guards (onRequest) resolved the principal.
  app.addHook('preValidation', refuseExpiredWrite);
};
