import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Principal } from '../modules/auth/auth.service.js';
import type { VisitorPrincipal } from '../modules/visitor/visitor.guard.js';
import type { Services } from '../services.js';

/** The Fastify instance with the zod type provider, as every route module receives it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

// Declaration merging needs `interface`; these are the only interfaces in the server.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    /** Set by the auth guards; null on public routes. */
    principal: Principal | null;
    /** Set by the visitor guard on /visitor/api/* routes. */
    visitorPrincipal: VisitorPrincipal | null;
  }
  interface FastifyContextConfig {
    /** 'oauth': errors use the OAuth token-endpoint body `{ error, error_description, message }`. */
    errorStyle?: 'oauth';
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */
