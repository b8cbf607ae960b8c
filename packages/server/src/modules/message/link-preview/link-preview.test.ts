import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, RefusedFetchError, type Resolver } from './guarded-fetch.js';
import { readPageMeta } from './html-meta.js';
import { createLinkPreviewer } from './link-preview.js';
import { isPublicAddress } from './public-address.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('readPageMeta', () => {
  it('prefers Open Graph, falls back to <title> and the description, and decodes entities', () => {
    expect(
      readPageMeta(`<html><head><title>Plain &amp; simple</title>
        <meta name="description" content="About &quot;us&quot;">
        <!-- <meta property="og:title" content="commented out"> -->
        <meta content='https://cdn.example.com/a.png' property='og:image'>
        <meta property="og:site_name" content="Example"></head></html>`),
    ).toEqual({
      title: 'Plain & simple',
      description: 'About "us"',
      image: 'https://cdn.example.com/a.png',
      siteName: 'Example',
    });
  });
});

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

describe('link previews from a local server', () => {
  let server: Server;
  let base: string;
  const routes = new Map<string, Handler>();
  const openResponses = new Set<ServerResponse>();
  /** Only the test server's own address is let through; everything else is checked as in production. */
  const allowAddresses = ['127.0.0.1'];
  /** "site.test" is the local server; "inward.test" resolves to a private address. */
  const resolve: Resolver = async (hostname) => {
    if (hostname === 'site.test') return [{ address: '127.0.0.1', family: 4 }];
    if (hostname === 'inward.test') return [{ address: '10.0.0.7', family: 4 }];
    if (hostname === 'mixed.test')
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '192.168.0.9', family: 4 },
      ];
    throw new Error('unknown host');
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      openResponses.add(response);
      response.on('close', () => openResponses.delete(response));
      const handler = routes.get(request.url ?? '');
      if (handler) handler(request, response);
      else response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://site.test:${(server.address() as AddressInfo).port}`;

    const html = (body: string) => (_: IncomingMessage, response: ServerResponse) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    routes.set(
      '/article',
      html(`<!doctype html><html><head>
        <meta property="og:title" content="Spring sale <b>now</b>">
        <meta property="og:description" content="Up to 50% off
        everything">
        <meta property="og:image" content="/img/cover.png">
        <meta property="og:image:secure_url" content="https://cdn.example.com/cover.png">
        <title>ignored</title></head><body>…</body></html>`),
    );
    routes.set(
      '/http-image',
      html(`<title>Only http image</title><meta property="og:image" content="/a.png">`),
    );
    routes.set('/hop', (_, response) => response.writeHead(302, { location: '/article' }).end());
    routes.set('/to-private', (_, response) =>
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    routes.set('/to-inward', (_, response) =>
      response.writeHead(301, { location: 'http://inward.test/' }).end(),
    );
    for (let index = 0; index < 5; index += 1)
      routes.set(`/loop${index}`, (_, response) =>
        response.writeHead(302, { location: `/loop${index + 1}` }).end(),
      );
    routes.set('/loop5', html('<title>too far</title>'));
    routes.set('/huge', (_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head><title>Huge page</title></head><body>');
      // Endless: the reader must stop at its cap, not wait for an end.
      const chunk = 'x'.repeat(64 * 1024);
      const pump = () => {
        while (response.write(chunk)) if (response.writableLength > 1024 * 1024) break;
      };
      pump();
      response.on('drain', pump);
    });
    routes.set('/slow', (_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head>');
      // Never finishes.
    });
    routes.set('/json', (_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"title":"no"}');
    });
  });

  afterAll(async () => {
    for (const response of openResponses) response.destroy();
    await new Promise((done) => server.close(done));
  });

  it('reads the title, description and https image of a page, as one-line plain text', async () => {
    const previewer = createLinkPreviewer({ resolve, allowAddresses });
    expect(await previewer.preview(`${base}/article`)).toEqual({
      kind: 'link',
      url: `${base}/article`,
      title: 'Spring sale <b>now</b>',
      description: 'Up to 50% off everything',
      image: 'https://cdn.example.com/cover.png',
      siteName: 'site.test',
    });
  });

  it('drops an image that is not https', async () => {
    const card = await createLinkPreviewer({ resolve, allowAddresses }).preview(`${base}/http-image`);
    expect(card).toMatchObject({ title: 'Only http image', image: '' });
  });

  it('follows a redirect to the page', async () => {
    const card = await createLinkPreviewer({ resolve, allowAddresses }).preview(`${base}/hop`);
    expect(card).toMatchObject({ url: `${base}/hop`, title: 'Spring sale <b>now</b>' });
  });

  it('refuses a redirect to a private address, by literal or by name', async () => {
    const fetchPage = createGuardedFetch({ resolve, allowAddresses });
    await expect(fetchPage(`${base}/to-private`)).rejects.toMatchObject({ reason: 'address' });
    await expect(fetchPage(`${base}/to-inward`)).rejects.toMatchObject({ reason: 'address' });
    expect(await createLinkPreviewer({ resolve, allowAddresses }).preview(`${base}/to-private`)).toBeNull();
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const port = (server.address() as AddressInfo).port;
    await expect(
      createGuardedFetch({ resolve, allowAddresses })(`http://mixed.test:${port}/article`),
    ).rejects.toMatchObject({
      reason: 'address',
    });
  });

  it('refuses loopback without the allow-list, and other schemes', async () => {
    const port = (server.address() as AddressInfo).port;
    const strict = createGuardedFetch({ resolve });
    await expect(strict(`${base}/article`)).rejects.toMatchObject({ reason: 'address' });
    await expect(strict(`http://127.0.0.1:${port}/article`)).rejects.toMatchObject({ reason: 'address' });
    await expect(strict(`http://[::1]:${port}/article`)).rejects.toMatchObject({ reason: 'address' });
    await expect(strict('file:///etc/passwd')).rejects.toMatchObject({ reason: 'scheme' });
    await expect(strict('ftp://site.test/')).rejects.toBeInstanceOf(RefusedFetchError);
  });

  it('stops after three redirects', async () => {
    const fetchPage = createGuardedFetch({ resolve, allowAddresses });
    await expect(fetchPage(`${base}/loop2`)).resolves.toMatchObject({ url: `${base}/loop5` });
    await expect(fetchPage(`${base}/loop0`)).rejects.toMatchObject({ reason: 'redirects' });
  });

  it('cuts an oversize page at the cap and still reads its head', async () => {
    const fetchPage = createGuardedFetch({ resolve, allowAddresses, maxBytes: 256 * 1024 });
    const page = await fetchPage(`${base}/huge`);
    expect(page.isTruncated).toBe(true);
    expect(page.body.length).toBe(256 * 1024);
    expect(await createLinkPreviewer({ resolve, allowAddresses }).preview(`${base}/huge`)).toMatchObject({
      title: 'Huge page',
    });
  });

  it('gives up on a slow page at the time limit', async () => {
    const started = Date.now();
    await expect(
      createGuardedFetch({ resolve, allowAddresses, timeoutMs: 300 })(`${base}/slow`),
    ).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reads HTML only', async () => {
    await expect(createGuardedFetch({ resolve, allowAddresses })(`${base}/json`)).rejects.toMatchObject({
      reason: 'type',
    });
  });

  it('remembers a result, so a page is fetched once', async () => {
    let hits = 0;
    routes.set('/counted', (_, response) => {
      hits += 1;
      response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Counted</title>');
    });
    const previewer = createLinkPreviewer({ resolve, allowAddresses });
    const [first, second] = await Promise.all([
      previewer.preview(`${base}/counted`),
      previewer.preview(`${base}/counted`),
    ]);
    expect(await previewer.preview(`${base}/counted`)).toEqual(first);
    expect(second).toEqual(first);
    expect(hits).toBe(1);
  });
});
