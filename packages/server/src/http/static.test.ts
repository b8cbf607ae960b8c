import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteTarget } from '../test/databases.js';
import { useTestApp } from '../test/app.js';
import { consoleLanguageOf, pickEncoding } from './static.js';

describe('pickEncoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('consoleLanguageOf', () => {
  it('takes ?lang=, then the console cookie, then en-US', () => {
    expect(consoleLanguageOf('/admin/x?lang=zh', 'ok_lang=en-US')).toBe('zh-CN');
    expect(consoleLanguageOf('/admin/x?lang=fr', 'a=1; ok_lang=zh-CN')).toBe('zh-CN');
    expect(consoleLanguageOf('/admin/x', 'xok_lang=zh-CN')).toBe('en-US');
    expect(consoleLanguageOf('/admin/x', undefined)).toBe('en-US');
  });
});

// What Vite writes, and what the console's build adds for the login page (scripts/first-paint.ts).
const viteIndex = `<!doctype html>
<html lang="en-US">
  <head>
    <title>OpenKefu</title>
    <script type="module" crossorigin src="/admin/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/admin/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const loginPrerender = {
  path: '/admin/antv/user/login',
  head: '<style>.ok-user{color:red}</style><link rel="modulepreload" crossorigin href="/admin/assets/LoginPage-abc.js">',
  entryStyles: { '/admin/assets/index-abc.css': 'body{margin:0;content:"$&"}' },
  titles: { 'en-US': 'Sign in - Service', 'zh-CN': '登录 - 客服' },
  // One per language and set of sign-in methods, as the build renders them.
  bodies: Object.fromEntries(
    ['en-US', 'zh-CN'].flatMap((language) =>
      ['password', 'password,mobile', 'password,email', 'password,mobile,email'].map((methods) => [
        `${language} ${methods}`,
        `<div id="ok-prerender"><input name="username">${language} ${methods}</div>`,
      ]),
    ),
  ) as Record<string, string>,
};

describe('console, widget, loader and icon hosting', () => {
  const widgetDist = mkdtempSync(join(tmpdir(), 'openkefu-widget-'));
  const webDist = mkdtempSync(join(tmpdir(), 'openkefu-web-'));
  mkdirSync(join(widgetDist, 'assets'));
  const loaderSource = `(function(){/* loader */${'var openkefu=1;'.repeat(200)}})();`;
  writeFileSync(join(widgetDist, 'index.html'), '<!doctype html><title>Chat</title><div id="app"></div>');
  writeFileSync(join(widgetDist, 'embed.js'), loaderSource);
  writeFileSync(join(webDist, 'index.html'), viteIndex);
  writeFileSync(join(webDist, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 1, 0]));
  mkdirSync(join(webDist, '.prerender'));
  writeFileSync(join(webDist, '.prerender/login.json'), JSON.stringify(loginPrerender));
  mkdirSync(join(webDist, 'assets'));
  const asset = `export const a = ${JSON.stringify('x'.repeat(2000))};`;
  writeFileSync(join(webDist, 'assets/index-abc.js'), asset);
  writeFileSync(join(webDist, 'assets/index-abc.js.br'), brotliCompressSync(asset));
  afterAll(() => {
    rmSync(widgetDist, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });
  const ctx = useTestApp(sqliteTarget, { env: { WIDGET_DIST_DIR: widgetDist, WEB_DIST_DIR: webDist } });

  it('serves /embed.js compressed by Accept-Encoding, cacheable for 5 minutes, with validators', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(loaderSource);
    expect(br.rawPayload.length).toBeLessThan(loaderSource.length / 4);
    expect(br.headers['cache-control']).toBe('public, max-age=300');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(new Date(String(br.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    expect(br.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const gzip = await ctx.app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(loaderSource);
    expect(gzip.headers.etag).not.toBe(br.headers.etag);

    const plain = await ctx.app.inject({ method: 'GET', url: '/embed.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(loaderSource);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('answers a repeat view with 304 and no body (If-None-Match, else If-Modified-Since)', async () => {
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'accept-encoding': 'br' },
    });
    const etag = String(first.headers.etag);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=300');
    const weak = await ctx.app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'if-none-match': `W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    const stale = await ctx.app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'if-none-match': '"old"' },
    });
    expect(stale.statusCode).toBe(200);
    const since = await ctx.app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(since.statusCode).toBe(304);
    const before = await ctx.app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'if-modified-since': new Date(0).toUTCString() },
    });
    expect(before.statusCode).toBe(200);
  });

  it('serves a rebuilt loader without a restart, with a new validator', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/embed.js' });
    writeFileSync(join(widgetDist, 'embed.js'), `${loaderSource}/* v2 */`);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(widgetDist, 'embed.js'), later, later);
    const second = await ctx.app.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('/* v2 */');
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });

  it('loads the chat page at /chat/ (GET and HEAD) and sends /chat to it, query kept', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/chat/?org=acme&wid=w1&lang=en-US' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await ctx.app.inject({ method: 'HEAD', url: '/chat/?org=acme' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/chat/index.html?org=acme' })).statusCode).toBe(200);
    const bare = await ctx.app.inject({ method: 'GET', url: '/chat?org=acme&wid=w1' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/chat/?org=acme&wid=w1');
  });

  it('serves /favicon.ico from the console build', async () => {
    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/x-icon');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    expect([...icon.rawPayload]).toEqual([0, 0, 1, 0, 1, 0]);
  });

  const configOf = (html: string) =>
    JSON.parse(
      /<script type="application\/json" id="ok-public-config">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null',
    ) as {
      loginMethods: string[];
    } | null;

  it('answers the login path with the pre-rendered form, its preloads and the configuration inlined', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/admin/antv/user/login?redirect=%2Fx' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(page.body).toContain('<html lang="en-US">');
    expect(page.body).toContain('<title>Sign in - Service</title>');
    expect(page.body).toContain(`${loginPrerender.head}</head>`);
    // The entry's stylesheet inline instead of linked (a link would hold the first paint), `$&` kept as text.
    expect(page.body).toContain('<style>body{margin:0;content:"$&"}</style>');
    expect(page.body).not.toContain('index-abc.css');
    // The configuration GET /api/v1/config answers, as data the page reads (not a script that runs).
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/v1/config' })).json<{
      data: { loginMethods: string[] };
    }>().data;
    expect(configOf(page.body)).toEqual(config);
    // The form rendered for the sign-in methods this server offers.
    expect(page.body).toContain(
      `${loginPrerender.bodies[`en-US ${config.loginMethods.join(',')}`]}<div id="root"></div>`,
    );
    // The console's CSP still allows only its own files as scripts.
    const scriptSrc = /script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe("'self'");
  });

  it('renders the form in the language of ?lang=, else of the console cookie', async () => {
    const byCookie = await ctx.app.inject({
      method: 'GET',
      url: '/admin/antv/user/login',
      headers: { cookie: 'ok_lang=zh-CN' },
    });
    expect(byCookie.body).toContain('<html lang="zh-CN">');
    expect(byCookie.body).toContain('<title>登录 - 客服</title>');
    expect(byCookie.body).toMatch(/<input name="username">zh-CN password/);
    const byQuery = await ctx.app.inject({
      method: 'GET',
      url: '/admin/antv/user/login?lang=en',
      headers: { cookie: 'ok_lang=zh-CN' },
    });
    expect(byQuery.body).toMatch(/<input name="username">en-US password/);
  });

  it('serves other console addresses and /admin/ without the form, configuration inlined', async () => {
    for (const url of [
      '/admin/',
      '/admin/index.html',
      '/admin/stable/dashboard?x=1',
      '/admin/antv/user/register',
    ]) {
      const page = await ctx.app.inject({ method: 'GET', url, headers: { cookie: 'ok_lang=zh-CN' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<html lang="zh-CN">');
      expect(page.body, url).toContain('<title>OpenKefu</title>');
      expect(page.body, url).not.toContain('ok-prerender');
      expect(page.body, url).not.toContain('LoginPage-abc.js');
      expect(page.body, url).toContain(
        '<link rel="stylesheet" crossorigin href="/admin/assets/index-abc.css">',
      );
      expect(configOf(page.body)?.loginMethods, url).toContain('password');
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/admin/antv/user/login' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });

  it('compresses the page by Accept-Encoding and answers a repeat with 304', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/admin/antv/user/login' });
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/admin/antv/user/login',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await ctx.app.inject({
      method: 'GET',
      url: '/admin/antv/user/login',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/admin/antv/user/login',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/admin/x',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(other.statusCode).toBe(200);
  });

  it('serves a rebuilt index.html without a restart', async () => {
    writeFileSync(join(webDist, 'index.html'), viteIndex.replace('index-abc.js', 'index-def.js'));
    const later = new Date(Date.now() + 5000);
    utimesSync(join(webDist, 'index.html'), later, later);
    const page = await ctx.app.inject({ method: 'GET', url: '/admin/antv/user/login' });
    expect(page.body).toContain('index-def.js');
    expect(page.body).toContain('ok-prerender');
  });

  it('serves hashed assets precompressed and immutable', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/admin/assets/index-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('export const a');
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/assets/none-abc.js' })).statusCode).toBe(404);
  });
});

describe('icon without a console build', () => {
  const ctx = useTestApp(sqliteTarget);
  it('answers 404, not 500', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);
  });
});
