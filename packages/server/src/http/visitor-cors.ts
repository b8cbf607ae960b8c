import type { FastifyInstance } from 'fastify';

/**
 * The visitor API is called from other origins: the embed loader on the customer's pages, and apps
 * built on the visitor SDK (issue 19) that chat, upload and rate from their own pages. Any origin may
 * call it because it authenticates by a bearer token the page holds, never by cookies, so there is
 * no ambient credential for another site to ride on.
 */
const isCrossOriginPath = (url: string): boolean => (url.split('?')[0] ?? '').startsWith('/visitor/api/');

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
