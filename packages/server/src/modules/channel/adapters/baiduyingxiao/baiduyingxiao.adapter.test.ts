import { createTestAdapterContext, testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  baiduTestAccount,
  buildBaiduCheck,
  buildBaiduMessage,
  buildBaiduPush,
  startBaiduPlatform,
} from '../../../../test/protocol/baidu.js';
import { samplePng } from '../../../../test/protocol/local-server.js';
import { ChannelSignatureError, type AdapterContext } from '../../channel.adapter.js';
import { baiduyingxiaoAdapter } from './baiduyingxiao.adapter.js';

let platform: Awaited<ReturnType<typeof startBaiduPlatform>>;
let ctx: AdapterContext;

beforeAll(async () => {
  platform = await startBaiduPlatform();
});
afterAll(() => platform.close());
beforeEach(() => {
  ctx = createTestAdapterContext({ ...baiduTestAccount }, { baidu: platform.base }, 'acc-baidu');
});

const to = { externalUserId: 'v-1', context: { sessionId: 'sess-v-1' } };

describe('Baidu webhook', () => {
  it('answers the URL check with echostr and refuses a wrong one', async () => {
    expect((await baiduyingxiaoAdapter.handleWebhook(ctx, buildBaiduCheck('hello-1'))).answer.body).toBe(
      'hello-1',
    );
    await expect(
      baiduyingxiaoAdapter.handleWebhook(ctx, buildBaiduCheck('x', 'other')),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
  });

  it('parses text and image messages with their session', async () => {
    const text = await baiduyingxiaoAdapter.handleWebhook(
      ctx,
      buildBaiduPush(buildBaiduMessage({ userId: 'v-1', messageId: 'm-1', type: 'text', text: '咨询价格' })),
    );
    expect(text.answer).toEqual({ status: 200, contentType: 'application/json', body: '{"code":0}' });
    expect(text.messages).toEqual([
      expect.objectContaining({
        externalId: 'm-1',
        externalUserId: 'v-1',
        nickname: 'visitor v-1',
        kind: 'text',
        text: '咨询价格',
        context: { sessionId: 'sess-v-1' },
      }),
    ]);
    const image = await baiduyingxiaoAdapter.handleWebhook(
      ctx,
      buildBaiduPush(
        buildBaiduMessage({
          userId: 'v-1',
          messageId: 'm-2',
          type: 'image',
          imageUrl: `${platform.base}/media/q.png`,
        }),
      ),
    );
    const media = await baiduyingxiaoAdapter.fetchMedia(ctx, image.messages[0].mediaRef!);
    expect(media.mediaType).toBe('image/png');
    expect(media.data.equals(samplePng)).toBe(true);
  });

  it('turns a new lead into an event', async () => {
    const outcome = await baiduyingxiaoAdapter.handleWebhook(
      ctx,
      buildBaiduPush({
        event: 'lead',
        sessionId: 's9',
        visitor: { id: 'v-9' },
        message: { text: 'phone 138…' },
      }),
    );
    expect(outcome.messages[0]).toMatchObject({
      kind: 'event',
      event: { name: 'lead' },
      externalId: 'lead-s9',
    });
  });

  it('refuses a wrong signature and a stale timestamp', async () => {
    const payload = buildBaiduMessage({ userId: 'v-1', messageId: 'm-3', type: 'text', text: 'x' });
    await expect(
      baiduyingxiaoAdapter.handleWebhook(ctx, buildBaiduPush(payload, { token: 'nope' })),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
    await expect(
      baiduyingxiaoAdapter.handleWebhook(
        ctx,
        buildBaiduPush(payload, { timestamp: Date.now() - 10 * 60_000 }),
      ),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
  });
});

describe('Baidu send', () => {
  it('sends text and images into the session with a bearer token', async () => {
    expect(
      (await baiduyingxiaoAdapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: '您好' }))
        .externalId,
    ).toMatch(/^bdm-/);
    expect(platform.sent.at(-1)!.body).toEqual({
      sessionId: 'sess-v-1',
      visitorId: 'v-1',
      type: 'text',
      text: '您好',
    });
    await baiduyingxiaoAdapter.send(ctx, to, {
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
    });
    expect(platform.sent.at(-1)!.body).toMatchObject({
      type: 'image',
      imageUrl: 'https://kefu.example.com/f/a.png',
    });
  });

  it('fetches a new token once when the old one expired', async () => {
    await baiduyingxiaoAdapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'a' });
    platform.expireTokens();
    const before = platform.counts.tokens;
    await baiduyingxiaoAdapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'b' });
    expect(platform.counts.tokens).toBe(before + 1);
  });

  it('a 5xx is retryable, a permission error is not', async () => {
    platform.failNextSends(1);
    const busy = await baiduyingxiaoAdapter
      .send(ctx, to, { id: testMessageId(), kind: 'text', text: 'x' })
      .catch((e: unknown) => e);
    expect((busy as OutsideError).isRetryable).toBe(true);
    platform.denyNextSends(1);
    const denied = await baiduyingxiaoAdapter
      .send(ctx, to, { id: testMessageId(), kind: 'text', text: 'x' })
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(OutsideError);
    expect((denied as OutsideError).platformCode).toBe('6');
    expect((denied as OutsideError).isRetryable).toBe(false);
  });

  it('test() fetches a token; wrong credentials fail', async () => {
    expect((await baiduyingxiaoAdapter.test(ctx)).detail).toMatch(/^access token bdt-/);
    ctx.settings.appSecret = 'wrong';
    await expect(baiduyingxiaoAdapter.test(ctx)).rejects.toBeInstanceOf(OutsideError);
  });
});
