import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { hashToken } from '../../lib/secrets.js';
import { findVisitorByTokenHash } from './visitor.repository.js';

/** The visitor behind a /visitor/api/* call or a visitor socket; every query is scoped by its orgId. */
export type VisitorPrincipal = { visitorId: number; vid: string; orgId: number; nickname: string };

export const resolveVisitor = async (db: Executor, token: string | undefined): Promise<VisitorPrincipal> => {
  if (!token) throw AppError.unauthorized('visitor.unauthorized');
  const row = await findVisitorByTokenHash(db, hashToken(token));
  if (!row) throw AppError.unauthorized('visitor.unauthorized');
  return { visitorId: row.id, vid: row.vid, orgId: row.org_id, nickname: row.nickname };
};

const bearerToken = (authorization: string | undefined): string | undefined => {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
};

export const requireVisitor: onRequestAsyncHookHandler = async (request) => {
  request.visitorPrincipal ??= await resolveVisitor(
    request.server.services.db,
    bearerToken(request.headers.authorization),
  );
};

export const getVisitorPrincipal = (request: FastifyRequest): VisitorPrincipal => {
  if (!request.visitorPrincipal) throw new Error(`route ${request.routeOptions.url} has no visitor guard`);
  return request.visitorPrincipal;
};
