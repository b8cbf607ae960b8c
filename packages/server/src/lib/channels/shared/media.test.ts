import { describe, expect, it } from 'vitest';
import { createMemoryTokenStore, type AdapterContext } from '../../../modules/channel/channel.adapter.js';
import { callOutsideBounded, fileNameOf } from './media.js';

const contextWith = (fetchImpl: typeof fetch): AdapterContext => ({
  caid: 'ca_media',
  settings: {},
  apiBase: (_name, fallback) => fallback,
  tokens: createMemoryTokenStore(),
  state: { get: async () => '', set: async () => undefined },
  publicUrl: 'https://kefu.example.com',
  fetchImpl,
  now: Date.now,
});

/** A platform answer built in memory; `pulled` counts the chunks the client actually read. */
const answerOf = (chunks: number, chunkSize: number, headers: Record<string, string> = {}) => {
  const state = { pulled: 0 };
  const fetchImpl: typeof fetch = async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull: (controller) => {
          if (state.pulled === chunks) return controller.close();
          state.pulled += 1;
          controller.enqueue(new Uint8Array(chunkSize));
        },
      }),
      { status: 200, headers },
    );
  return { state, ctx: contextWith(fetchImpl) };
};

describe('bounded media download', () => {
  it('answers a body within the bound', async () => {
    const { ctx } = answerOf(4, 1000);
    const response = await callOutsideBounded(ctx, { url: 'https://cdn.example.com/a' }, 4000);
    expect(response.body.length).toBe(4000);
  });

  it('refuses from Content-Length before reading, and cuts an unannounced body at the bound', async () => {
    const announced = answerOf(10, 1000, { 'content-length': '10000' });
    await expect(
      callOutsideBounded(announced.ctx, { url: 'https://cdn.example.com/a' }, 4000),
    ).rejects.toMatchObject({
      platformCode: 'too_large',
      isRetryable: false,
    });
    expect(announced.state.pulled).toBeLessThan(10);
    const streamed = answerOf(100, 1000);
    await expect(
      callOutsideBounded(streamed.ctx, { url: 'https://cdn.example.com/a' }, 4000),
    ).rejects.toMatchObject({
      platformCode: 'too_large',
    });
    expect(streamed.state.pulled).toBeLessThan(100);
  });
});

describe('media file names', () => {
  const responseWith = (headers: Record<string, string>) => ({
    status: 200,
    headers: new Headers(headers),
    body: Buffer.alloc(0),
  });

  it('takes the platform’s name, encoded or plain, and never a path', () => {
    expect(
      fileNameOf(
        responseWith({ 'content-disposition': "attachment; filename*=UTF-8''%E5%8F%91%E7%A5%A8.pdf" }),
        'k',
        'application/pdf',
      ),
    ).toBe('发票.pdf');
    expect(
      fileNameOf(responseWith({ 'content-disposition': 'attachment; filename="report.xlsx"' }), 'k', 'x'),
    ).toBe('report.xlsx');
    expect(
      fileNameOf(
        responseWith({ 'content-disposition': 'attachment; filename="../../etc/passwd"' }),
        'k',
        'image/png',
      ),
    ).toBe('k.png');
    expect(fileNameOf(responseWith({}), 'media-1', 'audio/ogg')).toBe('media-1.ogg');
    expect(fileNameOf(responseWith({}), 'media-2', 'application/x-unknown')).toBe('media-2.bin');
  });
});
