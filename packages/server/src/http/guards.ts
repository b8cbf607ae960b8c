import type { AuthorityKey, PermissionAction } from '@openkefu/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Principal } from '../modules/auth/auth.service.js';
import { AppError } from './errors.js';

/*
 * Route guards run as onRequest hooks: before the body is parsed or validated, so an anonymous
 * or unauthorised caller learns nothing about the input rules and never costs a body parse.
 */

const authenticate = async (request: FastifyRequest): Promise<Principal> => {
  request.principal ??= await request.server.services.auth.authenticate(request.headers.authorization);
  return request.principal;
};

/** The signed-in user of a guarded route. Calling it on a route without a guard is a programming error. */
export const getPrincipal = (request: FastifyRequest): Principal => {
  if (!request.principal) throw new Error(`route ${request.routeOptions.url} has no auth guard`);
  return request.principal;
};

export const requireAuth: onRequestAsyncHookHandler = async (request) => {
  await authenticate(request);
};

export const requireAuthority =
  (authority: AuthorityKey): onRequestAsyncHookHandler =>
  async (request) => {
    const principal = await authenticate(request);
    if (!principal.authorities.has(authority))
      throw AppError.forbidden('error.forbiddenAuthority', { authority });
  };

export const requirePermission =
  (permissionId: string, action: PermissionAction): onRequestAsyncHookHandler =>
  async (request) => {
    const principal = await authenticate(request);
    const { auth } = request.server.services;
    // A resolved token carries its permissions: no query unless the principal was made by hand.
    const isAllowed =
      auth.isPermitted(principal, permissionId, action) ??
      (await auth.hasPermission(principal, permissionId, action));
    if (!isAllowed) {
      throw AppError.forbidden('error.forbiddenPermission', { permissionId, action });
    }
  };

export const requirePlatformStaff: onRequestAsyncHookHandler = async (request) => {
  const principal = await authenticate(request);
  if (!principal.isPlatformStaff) throw AppError.forbidden('error.platformOnly');
};
