import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteTarget } from '../test/databases.js';
import { useTestApp } from '../test/app.js';
import { inlineScriptHashes, permissionsPolicy, surfaceOf } from './security-headers.js';

/** The CSP as directive → sources. */
const parseCsp = (header: unknown): Map<string, string[]> =>
  new Map(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );

describe('surfaceOf', () => {
  it('sorts URLs into the surfaces that get different headers', () => {
    expect(surfaceOf('/admin/')).toBe('console');
    expect(surfaceOf('/admin')).toBe('console');
    expect(surfaceOf('/administrator')).toBe('api');
    expect(surfaceOf('/chat/')).toBe('chat');
    expect(surfaceOf('/chat/assets/index-1.js')).toBe('chat');
    expect(surfaceOf('/help/openkefu/article/a1')).toBe('help');
    expect(surfaceOf('/api/docs/')).toBe('docs');
    expect(surfaceOf('/embed.js')).toBe('shared-file');
    expect(surfaceOf('/uploads/o/2026/01/a.png')).toBe('shared-file');
    expect(surfaceOf('/api/user/profile')).toBe('api');
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only', () => {
    const body = 'document.documentElement.dataset.theme="dark"';
    const html = `<script type="module" src="/admin/assets/a.js"></script><script>${body}</script>`;
    const expected = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([expected]);
  });
});

describe('security headers', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'openkefu-web-'));
  const widgetDist = mkdtempSync(join(tmpdir(), 'openkefu-widget-'));
  const themeScript = 'document.documentElement.dataset.theme=localStorage.theme||"light"';
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><title>OpenKefu</title><script>${themeScript}</script><div id="root"></div>`,
  );
  writeFileSync(join(widgetDist, 'index.html'), '<!doctype html><title>Chat</title><div id="app"></div>');
  writeFileSync(join(widgetDist, 'embed.js'), '(function(){})();');
  afterAll(() => {
    rmSync(webDist, { recursive: true, force: true });
    rmSync(widgetDist, { recursive: true, force: true });
  });

  const env = { WEB_DIST_DIR: webDist, WIDGET_DIST_DIR: widgetDist };

  describe('over plain HTTP', () => {
    const ctx = useTestApp(sqliteTarget, { env });

    it('gives the console a CSP without inline scripts (its inline script by hash), and the common headers', async () => {
      for (const url of ['/admin/', '/admin/stable/kefu/account']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        const csp = parseCsp(response.headers['content-security-policy']);
        const hash = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;
        expect(csp.get('script-src')).toEqual(["'self'", hash]);
        expect(csp.get('default-src')).toEqual(["'self'"]);
        expect(csp.get('object-src')).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
        expect(csp.has('upgrade-insecure-requests')).toBe(false);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('same-origin');
        expect(response.headers['permissions-policy']).toBe(permissionsPolicy);
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
        // Plain HTTP: HSTS would lock browsers out of an install without TLS.
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('lets any site frame the chat page when the organisation lists none', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/chat/?org=nobody&wid=w1' });
      expect(response.statusCode).toBe(200);
      const csp = parseCsp(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.has('frame-ancestors')).toBe(false);
      expect(response.headers['x-frame-options']).toBeUndefined();
      // Customers' pages open the chat in a named popup: no opener policy.
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(response.headers['permissions-policy']).toBe(permissionsPolicy);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('lets other sites load the loader and uploads, and keeps API answers unframeable', async () => {
      const loader = await ctx.app.inject({ method: 'GET', url: '/embed.js' });
      expect(loader.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(loader.headers['content-security-policy']).toBeUndefined();
      const upload = await ctx.app.inject({ method: 'GET', url: '/uploads/none/2026/01/x.png' });
      expect(upload.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const api = await ctx.app.inject({ method: 'GET', url: '/api/v1/server/info' });
      expect(api.statusCode).toBe(200);
      expect(parseCsp(api.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    });

    it('ignores X-Forwarded-Proto unless TRUST_PROXY is on', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/admin/',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('behind a TLS proxy (TRUST_PROXY)', () => {
    const ctx = useTestApp(sqliteTarget, { env: { ...env, TRUST_PROXY: 'true' } });

    it('adds HSTS and upgrade-insecure-requests when the request came over TLS, not otherwise', async () => {
      const tls = await ctx.app.inject({
        method: 'GET',
        url: '/admin/',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(parseCsp(tls.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
      const chat = await ctx.app.inject({
        method: 'GET',
        url: '/chat/?org=x',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(chat.headers['strict-transport-security']).toBeDefined();
      const plain = await ctx.app.inject({
        method: 'GET',
        url: '/admin/',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(parseCsp(plain.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
    });
  });

  describe('with PUBLIC_URL on another host', () => {
    const ctx = useTestApp(sqliteTarget, { env: { ...env, PUBLIC_URL: 'https://kefu.example.com' } });

    it('allows that origin for uploads and the socket', async () => {
      const csp = parseCsp(
        (await ctx.app.inject({ method: 'GET', url: '/admin/' })).headers['content-security-policy'],
      );
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        'https://kefu.example.com',
        'wss://kefu.example.com',
      ]);
      expect(csp.get('img-src')).toContain('https://kefu.example.com');
    });
  });
});
