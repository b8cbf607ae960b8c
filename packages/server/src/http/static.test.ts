import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteTarget } from '../test/databases.js';
import { useTestApp } from '../test/app.js';
import { pickEncoding } from './static.js';

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

describe('widget, loader and icon hosting', () => {
  const widgetDist = mkdtempSync(join(tmpdir(), 'openkefu-widget-'));
  const webDist = mkdtempSync(join(tmpdir(), 'openkefu-web-'));
  mkdirSync(join(widgetDist, 'assets'));
  const loaderSource = `(function(){/* loader */${'var openkefu=1;'.repeat(200)}})();`;
  writeFileSync(join(widgetDist, 'index.html'), '<!doctype html><title>Chat</title><div id="app"></div>');
  writeFileSync(join(widgetDist, 'embed.js'), loaderSource);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>OpenKefu</title>');
  writeFileSync(join(webDist, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 1, 0]));
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
});

describe('icon without a console build', () => {
  const ctx = useTestApp(sqliteTarget);
  it('answers 404, not 500', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);
  });
});
