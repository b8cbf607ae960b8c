import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { PublicConfig } from '@openkefu/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toPublicConfig } from '../modules/system/system.routes.js';
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

/** The console's own language choice, mirrored from its local storage (packages/web/src/app/i18nBoot.ts). */
export const LANGUAGE_COOKIE = 'ok_lang';
type ConsoleLanguage = 'en-US' | 'zh-CN';

const normalizeLanguage = (input: string | null | undefined): ConsoleLanguage | null => {
  const value = (input ?? '').trim().replace('_', '-').toLowerCase();
  if (value === 'zh' || value.startsWith('zh-')) return 'zh-CN';
  if (value === 'en' || value.startsWith('en-')) return 'en-US';
  return null;
};

/** As the console picks it: `?lang=`, then its stored choice (the cookie), then en-US (spec §1). */
export const consoleLanguageOf = (url: string, cookieHeader: string | undefined): ConsoleLanguage => {
  const query = url.indexOf('?');
  const fromQuery = query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get('lang');
  const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1];
  return normalizeLanguage(fromQuery) ?? normalizeLanguage(cookie) ?? 'en-US';
};

/** dist/.prerender/login.json, written by the console's build (packages/web/scripts/first-paint.ts). */
type LoginPrerender = {
  path: string;
  head: string;
  /** The entry's stylesheets by address, inlined in place of their links (absent from older builds). */
  entryStyles?: Record<string, string>;
  titles: Record<string, string>;
  /** Keyed `${language} ${loginMethods joined by ","}`. */
  bodies: Record<string, string>;
};

type HtmlVariant = { etag: string; bodies: { br: Buffer; gzip: Buffer; identity: Buffer } };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script type="application/json">: `<` escaped so no value can close the element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * index.html as the console needs it (issue 18): GET /api/v1/config inlined (one request fewer;
 * non-executable JSON, so the CSP's script-src stays 'self'), `<html lang>` in the console's
 * language, and on the login path the pre-rendered form with its CSS inline and module preloads,
 * so the first paint shows the username field. Each variant is built and compressed once per
 * build of index.html (re-read when it changes, like the hashed assets need no restart).
 */
const createIndexServer = (webDistDir: string, publicConfig: PublicConfig) => {
  const indexPath = join(webDistDir, 'index.html');
  const loginKey = publicConfig.loginMethods.join(',');
  const configScript = `<script type="application/json" id="ok-public-config">${inlineJson(publicConfig)}</script>`;
  let source: { mtimeMs: number; size: number; html: string; prerender: LoginPrerender | null } | null = null;
  const variants = new Map<string, HtmlVariant>();

  const load = async () => {
    const info = await stat(indexPath);
    if (source && source.mtimeMs === info.mtimeMs && source.size === info.size) return source;
    const html = await readFile(indexPath, 'utf8');
    // Optional: a console built without it (or by an older build) is served without the form.
    const prerender = await readFile(join(webDistDir, '.prerender/login.json'), 'utf8')
      .then((text) => JSON.parse(text) as LoginPrerender)
      .catch(() => null);
    variants.clear();
    source = { mtimeMs: info.mtimeMs, size: info.size, html, prerender };
    return source;
  };

  const render = (html: string, language: ConsoleLanguage, prerender: LoginPrerender | null): string => {
    let page = html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
    const body = prerender?.bodies[`${language} ${loginKey}`];
    if (prerender && body) {
      const title = prerender.titles[language];
      if (title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
      // The first paint waits for every stylesheet link: the login page's CSS (a few KB) comes inline.
      page = page.replace(/<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g, (link, href: string) => {
        const css = prerender.entryStyles?.[href];
        return css === undefined ? link : `<style>${css}</style>`;
      });
      // Replacer functions: `$` in CSS or markup is text, not a replacement pattern.
      page = page
        .replace('</head>', () => `${prerender.head}</head>`)
        .replace('<div id="root">', () => `${body}<div id="root">`);
    }
    return page.replace('</body>', () => `${configScript}</body>`);
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { html, prerender } = await load();
    const path = request.url.split('?')[0] ?? '';
    const login = prerender && (path === prerender.path || path === `${prerender.path}/`) ? prerender : null;
    const language = consoleLanguageOf(request.url, request.headers.cookie);
    const key = `${language} ${login ? 'login' : 'app'}`;
    let variant = variants.get(key);
    if (!variant) {
      const identity = Buffer.from(render(html, language, login));
      variant = {
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
        bodies: {
          identity,
          br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip: gzipSync(identity, { level: 9 }),
        },
      };
      variants.set(key, variant);
    }
    // no-cache: revalidated on every load (a 304 costs no body), so a new build shows at once.
    void reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Cookie')
      .header('ETag', variant.etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (
      ifNoneMatch !== undefined &&
      ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === variant.etag)
    )
      return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding) void reply.header('Content-Encoding', encoding);
    return reply.send(variant.bodies[encoding ?? 'identity']);
  };
};

/**
 * Serves the built console at /admin/. Keeps @fastify/static's default wildcard route so newly
 * built hashed assets are found without a restart (STACK gotcha 7), and serves the precompressed
 * .br/.gz files the build writes (packages/web/scripts/first-paint.ts). index.html is answered by
 * createIndexServer for every page address.
 */
export const registerConsoleHosting = async (app: App, webDistDir: string): Promise<ConsoleHosting> => {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(adminPrefix));
  app.get('/admin', { schema: { hide: true } }, async (_request, reply) => reply.redirect(adminPrefix));
  // Browsers ask for /favicon.ico on every page without an icon link (the chat page in a new tab).
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => {
    const icon = await readFile(join(webDistDir, 'favicon.ico')).catch(() => null);
    if (!icon) return reply.callNotFound();
    return reply.type('image/x-icon').header('Cache-Control', 'public, max-age=86400').send(icon);
  });

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

  const serveIndex = createIndexServer(webDistDir, toPublicConfig(app.services.config));
  app.get('/admin/', { schema: { hide: true } }, serveIndex);
  app.get('/admin/index.html', { schema: { hide: true } }, serveIndex);
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: adminPrefix,
    // index.html is answered above, with the configuration (and on the login path the form) in it.
    index: false,
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
      serveIndex(request, reply).catch((error: unknown) => reply.send(error));
      return true;
    },
  };
};

const widgetNotBuilt = (dir: string) =>
  `The OpenKefu chat widget is not built (no ${join(dir, 'index.html')}).\nRun \`npm run build\` and restart the server.\n`;

/** The loader's address is pasted into customers' pages, so it cannot be content-hashed: browsers
 * keep it 5 minutes, then revalidate (a 304 costs no body). */
export const embedLoaderCacheControl = 'public, max-age=300';

type LoaderVariant = { body: Buffer; etag: string; encoding: 'br' | 'gzip' | null };
type LoaderCache = { mtimeMs: number; size: number; lastModified: string; variants: LoaderVariant[] };

/** br, then gzip, then the plain file, as far as Accept-Encoding allows (q=0 refuses). */
export const pickEncoding = (acceptEncoding: string | undefined): 'br' | 'gzip' | null => {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? (accepted.has('*') ? (accepted.get('*') ?? 0) : 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
};

/** If-None-Match holds one of the loader's current validators (any encoding of the same file). */
const matchesEtag = (header: string, variants: LoaderVariant[]): boolean =>
  header.trim() === '*' ||
  header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => variants.some((variant) => variant.etag === tag));

/**
 * /embed.js from memory, compressed once per build of the file: re-read when its size or time
 * changes, so a rebuild is served without a restart.
 */
const createLoaderServer = (path: string) => {
  let cache: LoaderCache | null = null;
  const load = async (): Promise<LoaderCache> => {
    const info = await stat(path);
    if (cache && cache.mtimeMs === info.mtimeMs && cache.size === info.size) return cache;
    const body = await readFile(path);
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    cache = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      lastModified: info.mtime.toUTCString(),
      variants: [
        {
          encoding: 'br',
          etag: `"${hash}-br"`,
          body: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        },
        { encoding: 'gzip', etag: `"${hash}-gz"`, body: gzipSync(body, { level: 9 }) },
        { encoding: null, etag: `"${hash}"`, body },
      ],
    };
    return cache;
  };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // A build that left the loader out: a 404 like any missing file, not a 500.
    const loader = await load().catch(() => null);
    if (!loader) return reply.callNotFound();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const variant =
      loader.variants.find((candidate) => candidate.encoding === encoding) ?? loader.variants[2];
    void reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', embedLoaderCacheControl)
      .header('Vary', 'Accept-Encoding')
      .header('ETag', variant?.etag)
      .header('Last-Modified', loader.lastModified)
      // Any site may load the loader.
      .header('Cross-Origin-Resource-Policy', 'cross-origin');
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const isFresh =
      ifNoneMatch !== undefined
        ? matchesEtag(ifNoneMatch, loader.variants)
        : ifModifiedSince !== undefined &&
          Date.parse(ifModifiedSince) >= Math.floor(loader.mtimeMs / 1000) * 1000;
    if (isFresh) return reply.code(304).send();
    if (variant?.encoding) void reply.header('Content-Encoding', variant.encoding);
    return reply.send(variant?.body);
  };
};

/** Serves the visitor chat page at /chat/ and the embed loader at /embed.js (issue 4). */
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
  app.get('/embed.js', { schema: { hide: true } }, createLoaderServer(join(widgetDistDir, 'embed.js')));
};
