import { createReadStream, existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './types.js';

const adminPrefix = '/admin/';

/** Vite puts content-hashed files under assets/: they never change, so browsers may keep them forever. */
const isHashedAsset = (path: string) => /[\\/]assets[\\/]/.test(path);

export type ConsoleHosting = {
  /** Answers extension-less GETs under /admin/ (client-side routes) with index.html; false when not such a request. */
  serveSpaFallback: (request: FastifyRequest, reply: FastifyReply) => boolean;
};

const notBuiltMessage = (dir: string) =>
  `The OpenKefu console is not built (no ${join(dir, 'index.html')}).\nRun \`npm run build\` (or \`npm start\`, which builds what is missing) and restart the server.\n`;

/**
 * Serves the built console at /admin/. Keeps @fastify/static's default wildcard route so newly
 * built hashed assets are found without a restart (STACK gotcha 7), and serves the precompressed
 * .br/.gz files Vite emits.
 */
export const registerConsoleHosting = async (app: App, webDistDir: string): Promise<ConsoleHosting> => {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(adminPrefix));
  app.get('/admin', { schema: { hide: true } }, async (_request, reply) => reply.redirect(adminPrefix));

  const isBuilt = existsSync(join(webDistDir, 'index.html'));
  if (!isBuilt) {
    app.log.warn({ webDistDir }, 'console not built: /admin/ answers with a hint to run npm run build');
    const answerNotBuilt = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(notBuiltMessage(webDistDir));
    app.get('/admin/', { schema: { hide: true } }, answerNotBuilt);
    app.get('/admin/*', { schema: { hide: true } }, answerNotBuilt);
    return { serveSpaFallback: () => false };
  }

  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: adminPrefix,
    preCompressed: true,
    // Cache-Control is set per file below instead of send's blanket max-age=0.
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header(
        'Cache-Control',
        path.endsWith('.html') || !isHashedAsset(path) ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
    },
  });

  return {
    serveSpaFallback: (request, reply) => {
      const path = (request.url.split('?')[0] ?? '').split('#')[0] ?? '';
      if ((request.method !== 'GET' && request.method !== 'HEAD') || !path.startsWith(adminPrefix))
        return false;
      // A missing file with an extension is a real 404 (a stale hashed asset), not a client route.
      if (extname(path) !== '') return false;
      void reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      return true;
    },
  };
};

const widgetNotBuilt = (dir: string) =>
  `The OpenKefu chat widget is not built (no ${join(dir, 'index.html')}).\nRun \`npm run build\` and restart the server.\n`;

/**
 * Serves the visitor chat page at /chat/ and the embed loader at /embed.js (issue 4). The loader
 * is not content-hashed (customers paste its address), so browsers revalidate it.
 */
export const registerWidgetHosting = async (app: App, widgetDistDir: string): Promise<void> => {
  app.get('/chat', { schema: { hide: true } }, async (request, reply) =>
    reply.redirect(`/chat/${request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''}`),
  );
  if (!existsSync(join(widgetDistDir, 'index.html'))) {
    app.log.warn({ widgetDistDir }, 'chat widget not built: /chat/ answers with a hint to run npm run build');
    const answerNotBuilt = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(widgetNotBuilt(widgetDistDir));
    app.get('/chat/', { schema: { hide: true } }, answerNotBuilt);
    app.get('/embed.js', { schema: { hide: true } }, answerNotBuilt);
    return;
  }
  await app.register(fastifyStatic, {
    root: widgetDistDir,
    prefix: '/chat/',
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header(
        'Cache-Control',
        path.endsWith('.html') || !isHashedAsset(path) ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
    },
  });
  app.get('/embed.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      // Any site may load the loader.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(createReadStream(join(widgetDistDir, 'embed.js'))),
  );
};
