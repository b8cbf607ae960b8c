import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The plumbing every platform's local test server shares: an HTTP server on 127.0.0.1 at a free
 * port, reading a request's bytes, answering JSON, reading a multipart form, a sample PNG; and
 * startLocalPlatform, a server answering recorded calls with plain values (Shopee, Lazada, Douyin,
 * Weibo, Baidu). Servers that answer in ways a value cannot say (a stream, a cut connection) use
 * serveLocally with their own handler.
 */

/** A valid 1×1 PNG. */
export const samplePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

export const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A JSON answer; `headers` may add to or replace the content type. */
export const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => {
  response
    .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers })
    .end(JSON.stringify(body));
};

/** A multipart/form-data body's text fields and its (last) file, read as fetch reads it. */
export const parseForm = async (contentType: string, body: Buffer) => {
  const form = await new Request('http://127.0.0.1/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(body),
  }).formData();
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | undefined;
  for (const [name, value] of form.entries())
    if (typeof value === 'string') fields[name] = value;
    else file = { name: value.name, data: Buffer.from(await value.arrayBuffer()) };
  return { fields, file };
};

/**
 * Serves `handle` on 127.0.0.1 at a free port; a handler that throws is answered by `failed`
 * (a bare 500 unless the platform words its errors).
 */
export const serveLocally = async (
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>,
  failed: (response: ServerResponse, error: unknown) => void = (response, error) => {
    response.writeHead(500).end(String(error));
  },
): Promise<{ base: string; close: () => Promise<void> }> => {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => failed(response, error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Keep-alive connections would hold the close until they time out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};

export type LocalCall = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: Buffer;
};

export type LocalAnswer = { status?: number; json?: unknown; body?: Buffer | string; contentType?: string };

/** A local server answering each call with `handle`'s value; calls are recorded. */
export const startLocalPlatform = async (handle: (call: LocalCall, base: string) => LocalAnswer) => {
  const calls: LocalCall[] = [];
  let base = '';
  const server = await serveLocally(async (request, response) => {
    const url = new URL(request.url ?? '/', base);
    const call: LocalCall = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: await readBody(request),
    };
    calls.push(call);
    let answer: LocalAnswer;
    try {
      answer = handle(call, base);
    } catch (error) {
      answer = { status: 500, json: { error: 'test_server', message: String(error) } };
    }
    response.writeHead(answer.status ?? 200, {
      'content-type': answer.contentType ?? (answer.json !== undefined ? 'application/json' : 'text/plain'),
    });
    response.end(answer.json !== undefined ? JSON.stringify(answer.json) : (answer.body ?? ''));
  });
  base = server.base;
  return { base, calls, close: server.close };
};

/** A JSON body's parameters (empty for no body). */
export const parseJsonBody = (body: Buffer): Record<string, unknown> => {
  if (body.length === 0) return {};
  return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
};
