import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmProvider, type LlmProviderStub } from '../../test/llm-provider.js';
import { LlmError, streamChatCompletion } from './chat-completions.js';

let provider: LlmProviderStub;
beforeAll(async () => {
  provider = await startLlmProvider();
});
afterAll(() => provider.close());

const ask = (model: string, extra: Partial<Parameters<typeof streamChatCompletion>[0]> = {}) =>
  streamChatCompletion({
    baseUrl: `${provider.url}/`,
    apiKey: 'sk-test',
    model,
    messages: [
      { role: 'system', content: 'You answer from the passages.' },
      { role: 'user', content: 'Hi' },
    ],
    ...extra,
  });

describe('chat completions over server-sent events', () => {
  it('streams tokens as they come, then the usage, and sends what the protocol asks', async () => {
    const tokens: string[] = [];
    const answer = await ask('ok', { onToken: (token) => tokens.push(token), maxTokens: 200 });
    expect(tokens).toEqual(['Hello ', 'there.']);
    expect(answer).toEqual({
      text: 'Hello there.',
      finishReason: 'stop',
      usage: { promptTokens: 40, completionTokens: 6, totalTokens: 46 },
    });
    expect(provider.requests.at(-1)).toMatchObject({
      model: 'ok',
      stream: true,
      max_tokens: 200,
      messages: [{ role: 'system' }, { role: 'user', content: 'Hi' }],
    });
  });

  it('says what the provider said when it refuses', async () => {
    const refused = await streamChatCompletion({
      baseUrl: provider.url,
      apiKey: 'sk-wrong',
      model: 'ok',
      messages: [{ role: 'user', content: 'Hi' }],
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LlmError);
    expect(refused).toMatchObject({ kind: 'http', status: 401, message: 'Incorrect API key provided' });
    expect(await ask('fail').catch((error: unknown) => error)).toMatchObject({
      status: 500,
      message: 'overloaded',
    });
  });

  it('gives up on a stalled stream, keeping what arrived', async () => {
    const started = Date.now();
    const stalled = await ask('slow', { idleTimeoutMs: 150 }).catch((error: unknown) => error);
    expect(stalled).toMatchObject({ kind: 'timeout', partialText: 'Refunds ' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('skips a garbled chunk, and refuses a stream cut before its end', async () => {
    provider.reply = 'One two three';
    expect((await ask('malformed')).text).toBe('One two three');
    expect(await ask('cut').catch((error: unknown) => error)).toMatchObject({
      kind: 'protocol',
      partialText: 'One two three',
    });
  });

  it('reads a server that answers in one piece, and reports an unreachable one', async () => {
    expect(await ask('json')).toMatchObject({ text: 'All at once.', usage: { totalTokens: 13 } });
    const unreachable = await streamChatCompletion({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'x',
      model: 'ok',
      messages: [{ role: 'user', content: 'Hi' }],
    }).catch((error: unknown) => error);
    expect(unreachable).toMatchObject({ kind: 'network' });
  });
});
