import { createTestAdapterContext, testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  buildImPush,
  buildLazadaPush,
  lazadaTestAccount,
  startLazadaPlatform,
} from '../../../../test/protocol/lazada.js';
import { samplePng } from '../../../../test/protocol/local-server.js';
import { ChannelSignatureError, type AdapterContext } from '../../channel.adapter.js';
import { lazadaAdapter } from './lazada.adapter.js';

let platform: Awaited<ReturnType<typeof startLazadaPlatform>>;
let ctx: AdapterContext;

const contextFor = () =>
  createTestAdapterContext(
    { appKey: lazadaTestAccount.appKey, appSecret: lazadaTestAccount.appSecret, region: 'sg' },
    { lazada: `${platform.base}/rest`, 'lazada-auth': platform.base },
    'acc-lazada',
  );

const session = '100094063_2_1011822749_1_103';

beforeAll(async () => {
  platform = await startLazadaPlatform();
});
afterAll(() => platform.close());
beforeEach(async () => {
  ctx = contextFor();
  await lazadaAdapter.completeAuthorization!(ctx, { code: lazadaTestAccount.code }, '');
});

describe('Lazada OAuth', () => {
  it('sends the admin to auth.lazada.com with client id, redirect and state', () => {
    const url = new URL(
      lazadaAdapter.authorizeUrl!(ctx, 'https://kefu.example.com/antv/lazada/redirect', 'st-1'),
    );
    expect(url.pathname).toBe('/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      force_auth: 'true',
      redirect_uri: 'https://kefu.example.com/antv/lazada/redirect',
      client_id: lazadaTestAccount.appKey,
      state: 'st-1',
    });
  });

  it('trades the code for tokens and learns the region and the seller', async () => {
    const fresh = contextFor();
    const result = await lazadaAdapter.completeAuthorization!(fresh, { code: lazadaTestAccount.code }, '');
    expect(result).toEqual({
      detail: 'seller@example.com · sg',
      settings: { region: 'sg', sellerId: '1000165972' },
    });
    expect(await fresh.tokens.get('access_token')).toMatch(/^lat-/);
    expect(await fresh.tokens.get('refresh_token')).toMatch(/^lrt-/);
  });

  it('refuses a wrong code, not retryable', async () => {
    const error = await lazadaAdapter.completeAuthorization!(contextFor(), { code: 'bad' }, '').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutsideError);
    expect((error as OutsideError).platformCode).toBe('InvalidCode');
    expect((error as OutsideError).isRetryable).toBe(false);
  });

  it('refreshes an expired token once and goes on', async () => {
    const before = platform.counts.refreshes;
    platform.expireAccessTokens();
    expect(await lazadaAdapter.test(ctx)).toEqual({ detail: lazadaTestAccount.sellerName });
    expect(platform.counts.refreshes).toBe(before + 1);
  });

  it('without a grant, test() asks for one', async () => {
    const error = await lazadaAdapter.test(contextFor()).catch((e: unknown) => e);
    expect((error as OutsideError).platformCode).toBe('not_authorised');
  });
});

describe('Lazada push', () => {
  it('parses a buyer text message with its session', async () => {
    const outcome = await lazadaAdapter.handleWebhook(
      ctx,
      buildLazadaPush(
        buildImPush({
          userId: '1011822749',
          messageId: '1zYOS7N0',
          templateId: 1,
          content: { txt: 'hello world!' },
        }),
      ),
    );
    expect(outcome.answer.status).toBe(200);
    expect(outcome.messages).toEqual([
      expect.objectContaining({
        externalId: '1zYOS7N0',
        externalUserId: '1011822749',
        kind: 'text',
        text: 'hello world!',
        context: { sessionId: session },
      }),
    ]);
  });

  it('parses an image whose bytes can be fetched', async () => {
    const outcome = await lazadaAdapter.handleWebhook(
      ctx,
      buildLazadaPush(
        buildImPush({
          userId: '1011822749',
          messageId: 'img1',
          templateId: 3,
          content: { imgUrl: `${platform.base}/media/p.png` },
        }),
      ),
    );
    expect(outcome.messages[0]).toMatchObject({ kind: 'image', mediaRef: `${platform.base}/media/p.png` });
    const media = await lazadaAdapter.fetchMedia(ctx, outcome.messages[0].mediaRef!);
    expect(media).toMatchObject({ mediaType: 'image/png', fileName: 'p.png' });
    expect(media.data.equals(samplePng)).toBe(true);
  });

  it('skips the seller’s own messages and other notifications', async () => {
    const own = buildImPush({
      userId: '100094063',
      messageId: 's1',
      templateId: 1,
      content: { txt: 'x' },
      fromType: 2,
    });
    expect((await lazadaAdapter.handleWebhook(ctx, buildLazadaPush(own))).messages).toEqual([]);
    const order = { seller_id: '1', message_type: 0, data: { trade_order_id: '1' } };
    expect((await lazadaAdapter.handleWebhook(ctx, buildLazadaPush(order))).messages).toEqual([]);
  });

  it('refuses a push signed with another secret', async () => {
    await expect(
      lazadaAdapter.handleWebhook(ctx, buildLazadaPush({ message_type: 2 }, 'not-the-secret')),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
    const good = buildLazadaPush({ message_type: 2 });
    await expect(
      lazadaAdapter.handleWebhook(ctx, { ...good, rawBody: Buffer.from('{"message_type":3}') }),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
  });
});

describe('Lazada send', () => {
  it('sends text into the session with template 1', async () => {
    const result = await lazadaAdapter.send(
      ctx,
      { externalUserId: '1011822749', context: { sessionId: session } },
      { id: testMessageId(), kind: 'text', text: 'hi' },
    );
    expect(result.externalId).toMatch(/^21d0/);
    expect(platform.sent.at(-1)!.params).toEqual({ session_id: session, template_id: '1', txt: 'hi' });
  });

  it('sends an image by its public address with template 3', async () => {
    await lazadaAdapter.send(
      ctx,
      { externalUserId: '1011822749', context: { sessionId: session } },
      {
        id: testMessageId(),
        kind: 'image',
        text: '',
        media: {
          fileName: 'a.png',
          mediaType: 'image/png',
          size: 1,
          url: 'https://kefu.example.com/f/a.png',
          read: async () => samplePng,
        },
      },
    );
    expect(platform.sent.at(-1)!.params).toEqual({
      session_id: session,
      template_id: '3',
      img_url: 'https://kefu.example.com/f/a.png',
    });
  });

  it('without a session it fails at once', async () => {
    const error = await lazadaAdapter
      .send(ctx, { externalUserId: '1', context: {} }, { id: testMessageId(), kind: 'text', text: 'x' })
      .catch((e: unknown) => e);
    expect((error as OutsideError).isRetryable).toBe(false);
  });

  it('a 5xx is retryable', async () => {
    platform.failNextSends(1);
    const error = await lazadaAdapter
      .send(
        ctx,
        { externalUserId: '1', context: { sessionId: session } },
        { id: testMessageId(), kind: 'text', text: 'x' },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutsideError);
    expect((error as OutsideError).isRetryable).toBe(true);
  });

  it('a permission error is not', async () => {
    platform.denyNextSends(1);
    const error = await lazadaAdapter
      .send(
        ctx,
        { externalUserId: '1', context: { sessionId: session } },
        { id: testMessageId(), kind: 'text', text: 'x' },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutsideError);
    expect((error as OutsideError).platformCode).toBe('InsufficientPermission');
    expect((error as OutsideError).isRetryable).toBe(false);
  });
});
