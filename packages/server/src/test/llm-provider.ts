import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local server speaking the OpenAI-compatible chat-completions protocol, for tests: it checks
 * the bearer key and streams server-sent events the way providers do. The model name picks the
 * behaviour: `ok` (tokens, usage, [DONE]), `slow` (stops sending mid-answer), `malformed` (a
 * garbled chunk among good ones), `cut` (ends without [DONE]), `json` (ignores stream), `fail`
 * (500). Any other model answers with `reply` split into words.
 */

export type LlmProviderStub = {
  url: string;
  /** Every request body received, parsed. */
  requests: { model: string; messages: { role: string; content: string }[]; stream: boolean }[];
  /** What models other than the named scenarios answer. */
  reply: string;
  close: () => Promise<void>;
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startLlmProvider = async (options: { apiKey?: string } = {}): Promise<LlmProviderStub> => {
  const apiKey = options.apiKey ?? 'sk-test';
  const stub: Omit<LlmProviderStub, 'url' | 'close'> = { requests: [], reply: 'Refunds take seven days.' };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        response.writeHead(401, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
          }),
        );
        return;
      }
      const parsed = JSON.parse(body) as LlmProviderStub['requests'][number];
      stub.requests.push(parsed);
      const chunk = (content: string, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
      const usage = `data: ${JSON.stringify({ id: 'c1', choices: [], usage: { prompt_tokens: 40, completion_tokens: 6, total_tokens: 46 } })}\n\n`;
      if (parsed.model === 'fail') {
        response
          .writeHead(500, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'overloaded' } }));
        return;
      }
      if (parsed.model === 'json') {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            choices: [
              { index: 0, message: { role: 'assistant', content: 'All at once.' }, finish_reason: 'stop' },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 },
          }),
        );
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      const words = (parsed.model === 'ok' ? 'Hello there.' : stub.reply).split(/(?<= )/);
      for (const [index, word] of words.entries()) {
        if (parsed.model === 'malformed' && index === 1) response.write('data: {"choices": [oops\n\n');
        response.write(chunk(word));
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (parsed.model === 'slow') {
          // Stops sending; the client's idle timeout must end it.
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          break;
        }
      }
      if (parsed.model === 'cut') {
        response.end();
        return;
      }
      response.write(chunk('', 'stop'));
      response.write(usage);
      response.end('data: [DONE]\n\n');
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
};
