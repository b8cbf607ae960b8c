import type { FastifyInstance } from 'fastify';

/**
 * The embed loader runs on the customer's pages, another origin: it identifies the visitor and asks for
 * proactive invitations across origins. Only those calls are opened. Any origin may call them because
 * they authenticate by a bearer token the page holds, never by cookies, so there is no ambient credential
 * for another site to ride on.
 */
const crossOriginPaths = ['/visitor/api/init', '/visitor/api/targeted/'];

const isCrossOriginPath = (url: string): boolean => {
  const path = url.split('?')[0] ?? '';
  return crossOriginPaths.some((allowed) =>
    allowed.endsWith('/') ? path.startsWith(allowed) : path === allowed,
  );
};

export const registerVisitorCors = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.origin && isCrossOriginPath(request.url))
      void reply.header('access-control-allow-origin', '*').header('vary', 'Origin');
  });
  app.options('/visitor/api/*', { schema: { hide: true } }, async (request, reply) => {
    if (!isCrossOriginPath(request.url)) return reply.code(404).send();
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'authorization, content-type, accept-language')
      .header('access-control-max-age', '600')
      .send();
  });
};
