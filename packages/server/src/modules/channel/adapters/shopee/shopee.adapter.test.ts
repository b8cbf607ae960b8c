import { createTestAdapterContext, testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutsideError } from '../../../../lib/outside/http.js';
import { samplePng } from '../../../../test/protocol/local-server.js';
import {
  buildShopeePush,
  buildWebchatPush,
  shopeeTestAccount,
  shopeeTestWebhookUrl,
  startShopeePlatform,
} from '../../../../test/protocol/shopee.js';
import { ChannelSignatureError, type AdapterContext } from '../../channel.adapter.js';
import { shopeeAdapter } from './shopee.adapter.js';

let platform: Awaited<ReturnType<typeof startShopeePlatform>>;
let ctx: AdapterContext;

const contextFor = (settings: Record<string, string>) =>
  createTestAdapterContext(settings, { shopee: platform.base }, 'acc-shopee');

const baseSettings = { partnerId: shopeeTestAccount.partnerId, partnerKey: shopeeTestAccount.partnerKey };

beforeAll(async () => {
  platform = await startShopeePlatform();
});
afterAll(() => platform.close());

beforeEach(async () => {
  ctx = contextFor({ ...baseSettings });
  await shopeeAdapter.completeAuthorization!(
    ctx,
    { code: shopeeTestAccount.code, shop_id: shopeeTestAccount.shopId },
    'https://kefu.example.com/antv/shopee/redirect',
  );
  ctx.settings.shopId = shopeeTestAccount.shopId;
});

describe('Shopee OAuth', () => {
  it('builds the signed auth_partner address with the state inside the redirect', () => {
    const url = new URL(
      shopeeAdapter.authorizeUrl!(ctx, 'https://kefu.example.com/antv/shopee/redirect', 's-42'),
    );
    expect(url.pathname).toBe('/api/v2/shop/auth_partner');
    expect(url.searchParams.get('partner_id')).toBe(shopeeTestAccount.partnerId);
    expect(url.searchParams.get('sign')).toMatch(/^[0-9a-f]{64}$/);
    expect(new URL(url.searchParams.get('redirect')!).searchParams.get('state')).toBe('s-42');
  });

  it('trades the code for tokens and answers the shop name and shop id', async () => {
    const fresh = contextFor({ ...baseSettings });
    const result = await shopeeAdapter.completeAuthorization!(
      fresh,
      { code: shopeeTestAccount.code, shop_id: shopeeTestAccount.shopId },
      'https://kefu.example.com/antv/shopee/redirect',
    );
    expect(result).toEqual({
      detail: shopeeTestAccount.shopName,
      settings: { shopId: shopeeTestAccount.shopId },
    });
    expect(await fresh.tokens.get('access_token')).toMatch(/^sat-/);
    expect(await fresh.tokens.get('refresh_token')).toMatch(/^srt-/);
  });

  it('refuses a wrong code as not retryable', async () => {
    const error = await shopeeAdapter.completeAuthorization!(
      contextFor({ ...baseSettings }),
      { code: 'nope', shop_id: shopeeTestAccount.shopId },
      '',
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutsideError);
    expect((error as OutsideError).isRetryable).toBe(false);
  });

  it('refreshes an expired access token with the refresh token and retries once', async () => {
    const before = platform.counts.refreshes;
    const oldToken = await ctx.tokens.get('access_token');
    platform.expireAccessTokens();
    expect(await shopeeAdapter.test(ctx)).toEqual({ detail: shopeeTestAccount.shopName });
    expect(platform.counts.refreshes).toBe(before + 1);
    expect(await ctx.tokens.get('access_token')).not.toBe(oldToken);
  });

  it('refreshes a missing access token before the call', async () => {
    await ctx.tokens.drop('access_token');
    const before = platform.counts.refreshes;
    await shopeeAdapter.test(ctx);
    expect(platform.counts.refreshes).toBe(before + 1);
  });

  it('test() without an authorisation says so, not retryable', async () => {
    const error = await shopeeAdapter.test(contextFor({ ...baseSettings })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutsideError);
    expect((error as OutsideError).platformCode).toBe('not_authorised');
    expect((error as OutsideError).isRetryable).toBe(false);
  });
});

describe('Shopee push', () => {
  it('parses a webchat text message', async () => {
    const outcome = await shopeeAdapter.handleWebhook(
      ctx,
      buildShopeePush(
        buildWebchatPush({ userId: '7788', messageId: '2055922584234983609', type: 'text', text: 'hi' }),
      ),
    );
    expect(outcome.answer).toEqual({ status: 200, body: '' });
    expect(outcome.messages).toEqual([
      expect.objectContaining({
        externalId: '2055922584234983609',
        externalUserId: '7788',
        nickname: 'buyer7788',
        kind: 'text',
        text: 'hi',
        context: { conversationId: '650908968319134433' },
      }),
    ]);
  });

  it('keeps 64-bit conversation ids exact', async () => {
    const raw = Buffer.from(
      `{"code":10,"shop_id":${shopeeTestAccount.shopId},"data":{"type":"message","content":{"message_id":"1","message_type":"text","from_id":5,"from_shop_id":0,"conversation_id":650908968319134433,"content":{"text":"x"}}}}`,
    );
    const request = buildShopeePush({});
    const { signShopeePush } = await import('../../../../lib/channels/shopee/shopee.sign.js');
    const outcome = await shopeeAdapter.handleWebhook(ctx, {
      ...request,
      rawBody: raw,
      headers: {
        ...request.headers,
        authorization: signShopeePush(shopeeTestAccount.partnerKey, shopeeTestWebhookUrl, raw),
      },
    });
    expect(outcome.messages[0].context).toEqual({ conversationId: '650908968319134433' });
  });

  it('parses an image message whose media can be fetched', async () => {
    const outcome = await shopeeAdapter.handleWebhook(
      ctx,
      buildShopeePush(
        buildWebchatPush({
          userId: '7788',
          messageId: 'm2',
          type: 'image',
          url: `${platform.base}/media/a.png`,
        }),
      ),
    );
    expect(outcome.messages[0]).toMatchObject({ kind: 'image', mediaRef: `${platform.base}/media/a.png` });
    const media = await shopeeAdapter.fetchMedia(ctx, outcome.messages[0].mediaRef!);
    expect(media.mediaType).toBe('image/png');
    expect(media.data.equals(samplePng)).toBe(true);
    expect(media.fileName).toBe('a.png');
  });

  it('ignores the shop’s own messages and other push codes', async () => {
    const own = buildWebchatPush({ userId: '7788', messageId: 'm3', type: 'text', text: 'x' });
    own.data.content.from_shop_id = Number(shopeeTestAccount.shopId);
    expect((await shopeeAdapter.handleWebhook(ctx, buildShopeePush(own))).messages).toEqual([]);
    expect(
      (await shopeeAdapter.handleWebhook(ctx, buildShopeePush({ code: 3, shop_id: 1 }))).messages,
    ).toEqual([]);
  });

  it('refuses a wrong signature, a wrong key and a missing push address', async () => {
    const good = buildShopeePush(buildWebchatPush({ userId: '1', messageId: 'm4', type: 'text', text: 'x' }));
    await expect(
      shopeeAdapter.handleWebhook(ctx, {
        ...good,
        headers: { ...good.headers, authorization: 'f'.repeat(64) },
      }),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
    await expect(
      shopeeAdapter.handleWebhook(ctx, buildShopeePush({ code: 10 }, 'another-key')),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
    // Signed for one address, delivered to another.
    await expect(
      shopeeAdapter.handleWebhook(ctx, {
        ...good,
        headers: { ...good.headers, 'x-openkefu-webhook-url': 'https://evil.example.com/x' },
      }),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
    const { 'x-openkefu-webhook-url': _dropped, ...withoutUrl } = good.headers;
    await expect(shopeeAdapter.handleWebhook(ctx, { ...good, headers: withoutUrl })).rejects.toBeInstanceOf(
      ChannelSignatureError,
    );
  });
});

describe('Shopee send', () => {
  it('sends a text with to_id, message_type and content', async () => {
    const result = await shopeeAdapter.send(
      ctx,
      { externalUserId: '7788', context: {} },
      { id: testMessageId(), kind: 'text', text: 'hello' },
    );
    expect(result.externalId).not.toBe('');
    const last = platform.sent.at(-1)!;
    expect(last.body).toEqual({ to_id: 7788, message_type: 'text', content: { text: 'hello' } });
  });

  it('uploads an image, then sends it with its Shopee address', async () => {
    const uploads = platform.uploads.length;
    await shopeeAdapter.send(
      ctx,
      { externalUserId: '7788', context: {} },
      {
        id: testMessageId(),
        kind: 'image',
        text: '',
        media: {
          fileName: 'a.png',
          mediaType: 'image/png',
          size: samplePng.length,
          url: 'https://x/a.png',
          read: async () => samplePng,
        },
      },
    );
    expect(platform.uploads.length).toBe(uploads + 1);
    expect(platform.uploads.at(-1)!.includes(samplePng)).toBe(true);
    const last = platform.sent.at(-1)!;
    expect(last.type).toBe('image');
    expect(last.text).toMatch(/\/media\/\d+\.png$/);
  });

  it('a 5xx is a retryable OutsideError', async () => {
    platform.failNextSends(1);
    const error = await shopeeAdapter
      .send(ctx, { externalUserId: '7788', context: {} }, { id: testMessageId(), kind: 'text', text: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutsideError);
    expect((error as OutsideError).status).toBe(500);
    expect((error as OutsideError).isRetryable).toBe(true);
  });

  it('a permission error is not retryable and keeps Shopee’s code', async () => {
    platform.denyNextSends(1);
    const error = await shopeeAdapter
      .send(ctx, { externalUserId: '7788', context: {} }, { id: testMessageId(), kind: 'text', text: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutsideError);
    expect((error as OutsideError).kind).toBe('platform');
    expect((error as OutsideError).platformCode).toBe('error_permission');
    expect((error as OutsideError).isRetryable).toBe(false);
  });
});
