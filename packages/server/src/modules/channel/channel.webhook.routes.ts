import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

/**
 * Where platforms call us: /channel/webhook/<key>, GET for their handshakes, POST for messages. The
 * body is kept as the exact bytes received, whatever its type, because signatures are computed
 * over them (a parsed and re-serialised JSON would not match).
 */
export const channelWebhookRoutes: FastifyPluginAsync = async (app) => {
  const { channelInbound, config } = app.services;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const requestOf = (request: FastifyRequest) => {
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(request.headers))
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    // The address the platform called, for platforms that sign it (Shopee).
    headers['x-openkefu-webhook-url'] =
      `${config.publicUrl || `${request.protocol}://${request.host}`}${request.url}`;
    return {
      method: request.method === 'GET' ? 'GET' : 'POST',
      query: Object.fromEntries(
        Object.entries((request.query ?? {}) as Record<string, unknown>).map(([key, value]) => [
          key,
          String(value),
        ]),
      ),
      headers,
      rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    } as const;
  };

  for (const method of ['GET', 'POST'] as const) {
    app.route<{ Params: { key: string } }>({
      method,
      url: '/channel/webhook/:key',
      schema: { hide: true },
      handler: async (request, reply) => {
        const answer = await channelInbound.handleWebhook(request.params.key, requestOf(request));
        return reply
          .code(answer.status)
          .type(answer.contentType ?? 'text/plain; charset=utf-8')
          .send(answer.body);
      },
    });
    // The platform's own apps (platform → channel): one address for every shop granted to the app;
    // WeChat's third-party platform puts the account's AppID last ($APPID$).
    app.route<{ Params: { type: string; tenant?: string } }>({
      method,
      url: '/channel/webhook/platform/:type/:tenant?',
      schema: { hide: true },
      handler: async (request, reply) => {
        const answer = await channelInbound.handlePlatformWebhook(
          request.params.type,
          requestOf(request),
          request.params.tenant,
        );
        return reply
          .code(answer.status)
          .type(answer.contentType ?? 'text/plain; charset=utf-8')
          .send(answer.body);
      },
    });
  }
};
