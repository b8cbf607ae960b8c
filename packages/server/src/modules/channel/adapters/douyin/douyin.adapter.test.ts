import { createTestAdapterContext, testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  buildDouyinWebhook,
  buildImReceive,
  douyinTestAccount,
  startDouyinPlatform,
} from '../../../../test/protocol/douyin.js';
import { samplePng } from '../../../../test/protocol/local-server.js';
import { ChannelSignatureError, type AdapterContext } from '../../channel.adapter.js';
import { douyinAdapter } from './douyin.adapter.js';

let platform: Awaited<ReturnType<typeof startDouyinPlatform>>;
let ctx: AdapterContext;

beforeAll(async () => {
  platform = await startDouyinPlatform();
});
afterAll(() => platform.close());
beforeEach(() => {
  ctx = createTestAdapterContext(
    { clientKey: douyinTestAccount.clientKey, clientSecret: douyinTestAccount.clientSecret },
    { douyin: platform.base },
    'acc-douyin',
  );
});

const recipient = {
  externalUserId: 'fan-1',
  context: { accountOpenId: douyinTestAccount.accountOpenId, conversationId: 'conv-fan-1', msgId: 'srv-1' },
};

describe('Douyin webhook', () => {
  it('answers the verify_webhook challenge as JSON', async () => {
    const outcome = await douyinAdapter.handleWebhook(
      ctx,
      buildDouyinWebhook({ event: 'verify_webhook', client_key: '', content: { challenge: 12345 } }),
    );
    expect(outcome.answer).toEqual({
      status: 200,
      contentType: 'application/json',
      body: '{"challenge":12345}',
    });
    expect(outcome.messages).toEqual([]);
  });

  it('parses a received text message with what a reply needs', async () => {
    const outcome = await douyinAdapter.handleWebhook(
      ctx,
      buildDouyinWebhook(buildImReceive({ userId: 'fan-1', messageId: 'srv-1', type: 'text', text: '你好' })),
    );
    expect(outcome.messages).toEqual([
      expect.objectContaining({
        externalId: 'srv-1',
        externalUserId: 'fan-1',
        nickname: 'fan fan-1',
        kind: 'text',
        text: '你好',
        context: recipient.context,
      }),
    ]);
  });

  it('parses an image (and fetches it) and the enter-chat event', async () => {
    const image = await douyinAdapter.handleWebhook(
      ctx,
      buildDouyinWebhook(
        buildImReceive({
          userId: 'fan-1',
          messageId: 'srv-2',
          type: 'image',
          resourceUrl: `${platform.base}/media/x.png`,
        }),
      ),
    );
    expect(image.messages[0]).toMatchObject({ kind: 'image', mediaRef: `${platform.base}/media/x.png` });
    const media = await douyinAdapter.fetchMedia(ctx, image.messages[0].mediaRef!);
    expect(media.mediaType).toBe('image/png');
    expect(media.data.equals(samplePng)).toBe(true);

    const enter = await douyinAdapter.handleWebhook(
      ctx,
      buildDouyinWebhook({
        event: 'im_enter_direct_msg',
        from_user_id: 'fan-1',
        to_user_id: douyinTestAccount.accountOpenId,
        log_id: 'log-9',
        content: JSON.stringify({ conversation_short_id: 'conv-fan-1' }),
      }),
    );
    expect(enter.messages[0]).toMatchObject({
      kind: 'event',
      event: { name: 'enter_session' },
      externalId: 'log-9',
    });
  });

  it('refuses a wrong signature', async () => {
    await expect(
      douyinAdapter.handleWebhook(
        ctx,
        buildDouyinWebhook({ event: 'verify_webhook', content: { challenge: 1 } }, 'other'),
      ),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
  });
});

describe('Douyin send', () => {
  it('replies with the client token to the conversation', async () => {
    const result = await douyinAdapter.send(ctx, recipient, {
      id: testMessageId(),
      kind: 'text',
      text: 'hello',
    });
    expect(result.externalId).toMatch(/^@/);
    const last = platform.sent.at(-1)!;
    expect(last.openId).toBe(douyinTestAccount.accountOpenId);
    expect(last.body).toEqual({
      msg_id: 'srv-1',
      conversation_id: 'conv-fan-1',
      to_user_id: 'fan-1',
      content: { msg_type: 1, text: { text: 'hello' } },
    });
  });

  it('fetches a new token once when Douyin says it expired', async () => {
    await douyinAdapter.send(ctx, recipient, { id: testMessageId(), kind: 'text', text: 'a' });
    platform.expireTokens();
    const before = platform.counts.tokens;
    await douyinAdapter.send(ctx, recipient, { id: testMessageId(), kind: 'text', text: 'b' });
    expect(platform.counts.tokens).toBe(before + 1);
    expect(platform.sent.at(-1)!.text).toBe('b');
  });

  it('a 5xx is retryable, a permission error is not', async () => {
    platform.failNextSends(1);
    const busy = await douyinAdapter
      .send(ctx, recipient, { id: testMessageId(), kind: 'text', text: 'x' })
      .catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(OutsideError);
    expect((busy as OutsideError).isRetryable).toBe(true);
    platform.denyNextSends(1);
    const denied = await douyinAdapter
      .send(ctx, recipient, { id: testMessageId(), kind: 'text', text: 'x' })
      .catch((e: unknown) => e);
    expect((denied as OutsideError).platformCode).toBe('2100009');
    expect((denied as OutsideError).isRetryable).toBe(false);
  });

  it('test() fetches a client token; wrong credentials fail', async () => {
    expect((await douyinAdapter.test(ctx)).detail).toMatch(/^client token clt\./);
    ctx.settings.clientSecret = 'wrong';
    const error = await douyinAdapter.test(ctx).catch((e: unknown) => e);
    expect((error as OutsideError).platformCode).toBe('10013');
  });
});
