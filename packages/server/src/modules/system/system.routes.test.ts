import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, sqliteTarget } from '../../test/databases.js';
import { useTestApp } from '../../test/app.js';

await describeEachDatabase('system routes', (target) => {
  const ctx = useTestApp(target, {
    env: {
      PRIVATE_SERVER: 'true',
      FEATURE_IM: 'on',
      SHOW_DEBUG_MENUS: 'true',
      HELP_URL: '',
      PUBLIC_URL: 'https://kefu.example.com/',
    },
  });

  it('GET /health answers while the process is up', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /ready answers when the database does', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('GET /api/v1/config is public and reflects the configuration', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status_code: 200,
      data: {
        productName: 'OpenKefu',
        privateServer: true,
        features: {
          onlineVisitor: true,
          historyMessage: true,
          monitor: true,
          qualityCheck: true,
          statistic: true,
          support: true,
          feedback: true,
          wechatScanLogin: false,
          im: true,
        },
        showDebugMenus: true,
        links: { help: '', support: 'https://github.com/openkefu/openkefu/issues' },
        uploadBaseUrl: '',
        loginMethods: ['password', 'mobile', 'email'],
      },
    });
  });

  it('GET /api/v1/server/info names where chat clients connect', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/server/info' });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: { url: string; shortDomain: string; ip: string } }>().data;
    expect(data.url).toBe('https://kefu.example.com');
    expect(data.shortDomain).toBe('kefu.example.com');
    expect(data.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });

  it('GET /analysis/month-bar returns twelve months of demo data, labelled per language', async () => {
    const en = await ctx.app.inject({ method: 'GET', url: '/analysis/month-bar' });
    expect(en.statusCode).toBe(200);
    const result = en.json<{ result: { x: string; y: number }[] }>().result;
    expect(result).toHaveLength(12);
    expect(result[0]).toEqual({ x: 'Jan', y: expect.any(Number) });
    const zh = await ctx.app.inject({
      method: 'GET',
      url: '/analysis/month-bar',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.json<{ result: { x: string }[] }>().result[11]?.x).toBe('12月');
  });

  it('serves the OpenAPI document built from the route schemas at /api/docs', async () => {
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/oauth/token',
      '/api/user/profile',
      '/api/v1/menu/list',
      '/api/v1/menu/create',
      '/api/v1/register',
      '/sms/api/send/{provider}',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(JSON.stringify(document.paths['/api/v1/menu/create'])).toContain('parentId');
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown /api route with a 404 envelope', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No such API: GET /api/v1/nothing',
      status_code: 404,
      data: null,
      code: 'NOT_FOUND',
    });
  });

  it('tells to build the console when the dist folder is missing', async () => {
    const root = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/admin/');
    for (const url of ['/admin/', '/admin/stable/kefu/account']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toContain('npm run build');
    }
  });

  it('answers 503 from /ready when the database is gone', async () => {
    await ctx.database.close();
    const response = await ctx.app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'database unreachable' });
  });
});

describe('console hosting from a built dist folder', () => {
  const dist = mkdtempSync(join(tmpdir(), 'openkefu-dist-'));
  mkdirSync(join(dist, 'assets'));
  const indexHtml = '<!doctype html><title>OpenKefu</title><div id="root"></div>';
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'assets', 'index-abc12345.js'), 'console.log("console");'.repeat(50));
  writeFileSync(
    join(dist, 'assets', 'index-abc12345.js.br'),
    brotliCompressSync('console.log("console");'.repeat(50)),
  );
  writeFileSync(join(dist, 'favicon.ico'), 'icon');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  // Hosting does not touch the database, so one database is enough here.
  {
    const ctx = useTestApp(sqliteTarget, { env: { WEB_DIST_DIR: dist } });

    it('serves index.html at /admin/ without caching', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/admin/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
      expect(response.headers['cache-control']).toBe('no-cache');
      const bare = await ctx.app.inject({ method: 'GET', url: '/admin' });
      expect(bare.statusCode).toBe(302);
      expect(bare.headers.location).toBe('/admin/');
    });

    it('serves index.html for client-side routes (extension-less paths)', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/admin/stable/kefu/account?tab=1' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(indexHtml);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toContain('text/html');
    });

    it('serves hashed assets as immutable, precompressed when accepted', async () => {
      const plain = await ctx.app.inject({ method: 'GET', url: '/admin/assets/index-abc12345.js' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await ctx.app.inject({
        method: 'GET',
        url: '/admin/assets/index-abc12345.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      const icon = await ctx.app.inject({ method: 'GET', url: '/admin/favicon.ico' });
      expect(icon.headers['cache-control']).toBe('no-cache');
    });

    it('answers 404 for a missing file with an extension', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/admin/assets/gone-12345678.js' });
      expect(response.statusCode).toBe(404);
    });
  }
});

describe('chat widget hosting from a built dist folder', () => {
  const dist = mkdtempSync(join(tmpdir(), 'openkefu-widget-'));
  mkdirSync(join(dist, 'assets'));
  const indexHtml = '<!doctype html><title>Chat</title><div id="app"></div>';
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'assets', 'index-abc12345.js'), 'console.log("widget");');
  writeFileSync(join(dist, 'embed.js'), '(function(){/* loader */})();');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  {
    const ctx = useTestApp(sqliteTarget, { env: { WIDGET_DIST_DIR: dist } });

    it('serves the chat page at /chat/ without caching, keeping the query on /chat', async () => {
      const page = await ctx.app.inject({ method: 'GET', url: '/chat/?org=acme&wid=w1' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(indexHtml);
      expect(page.headers['cache-control']).toBe('no-cache');
      const bare = await ctx.app.inject({ method: 'GET', url: '/chat?org=acme' });
      expect(bare.statusCode).toBe(302);
      expect(bare.headers.location).toBe('/chat/?org=acme');
    });

    it('serves hashed widget assets as immutable and /embed.js for any site, revalidated', async () => {
      const asset = await ctx.app.inject({ method: 'GET', url: '/chat/assets/index-abc12345.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const loader = await ctx.app.inject({ method: 'GET', url: '/embed.js' });
      expect(loader.statusCode).toBe(200);
      expect(loader.body).toContain('loader');
      expect(loader.headers['content-type']).toContain('text/javascript');
      expect(loader.headers['cache-control']).toBe('public, max-age=300');
      expect(loader.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });
  }

  {
    const ctx = useTestApp(sqliteTarget);
    it('answers 503 with a build hint when the widget is not built', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/embed.js' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
    });
  }
});
