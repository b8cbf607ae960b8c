import { testMessageId } from './adapter-context.js';
import { describe, expect, it } from 'vitest';
import { miniAdapter } from '../../modules/channel/adapters/mini/mini.adapter.js';
import { mpAdapter } from '../../modules/channel/adapters/mp/mp.adapter.js';
import { wechatkefuAdapter } from '../../modules/channel/adapters/wechatkefu/wechatkefu.adapter.js';
import { wechatworkAdapter } from '../../modules/channel/adapters/wechatwork/wechatwork.adapter.js';
import {
  ChannelSignatureError,
  type AdapterContext,
  type ChannelAdapter,
  type ChannelTestKit,
  type WebhookRequest,
} from '../../modules/channel/channel.adapter.js';
import { OutsideError } from '../../lib/outside/http.js';
import { createWechatTestContext, miniKit, mpKit, wechatkefuKit, wechatworkKit } from './wechat.js';

/* The kits driven the way the framework's shared tests drive them: a webhook in, a reply out. */

const kits: [ChannelTestKit, ChannelAdapter][] = [
  [mpKit, mpAdapter],
  [miniKit, miniAdapter],
  [wechatkefuKit, wechatkefuAdapter],
  [wechatworkKit, wechatworkAdapter],
];

/** What the framework does with one webhook call: verify, then pull when told to. */
const receive = async (adapter: ChannelAdapter, ctx: AdapterContext, request: WebhookRequest) => {
  const outcome = await adapter.handleWebhook(ctx, request);
  expect(outcome.answer.status).toBe(200);
  if (!outcome.pullToken) return outcome.messages;
  expect(outcome.messages).toEqual([]);
  return adapter.pull!(ctx, outcome.pullToken);
};

describe.each(kits)('%s kit', (kit, adapter) => {
  it(`speaks ${kit.type}'s protocol end to end`, async () => {
    expect(kit.type).toBe(adapter.type);
    const platform = await kit.start();
    try {
      const ctx = createWechatTestContext(platform.settings, platform.apiBases);
      const [message] = await receive(
        adapter,
        ctx,
        platform.textMessage({ userId: 'user-1', messageId: '7001', text: 'Hello from WeChat' }),
      );
      expect(message).toMatchObject({
        externalId: '7001',
        externalUserId: 'user-1',
        kind: 'text',
        text: 'Hello from WeChat',
      });

      await expect(
        adapter.handleWebhook(
          ctx,
          platform.forged(platform.textMessage({ userId: 'u', messageId: '7002', text: 'x' })),
        ),
      ).rejects.toThrow(ChannelSignatureError);

      const to = { externalUserId: 'user-1', context: message.context ?? {} };
      await adapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'Hi, how can I help?' });
      expect(platform.sent()).toEqual([{ to: 'user-1', text: 'Hi, how can I help?' }]);

      platform.failNextSends(1);
      const failure = await adapter
        .send(ctx, to, { id: testMessageId(), kind: 'text', text: 'lost' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(OutsideError);
      expect((failure as OutsideError).isRetryable).toBe(true);
      await adapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'retried' });
      expect(platform.sent().map((sent) => sent.text)).toEqual(['Hi, how can I help?', 'retried']);

      const [image] = await receive(
        adapter,
        ctx,
        platform.imageMessage!({ userId: 'user-2', messageId: '7003' }),
      );
      expect(image).toMatchObject({ kind: 'image', externalUserId: 'user-2', externalId: '7003' });
      const media = await adapter.fetchMedia(ctx, image.mediaRef ?? '');
      expect(media.mediaType).toBe('image/png');
      expect(media.data.subarray(1, 4).toString()).toBe('PNG');

      expect((await adapter.test(ctx)).detail).toMatch(/^Access token obtained/);
    } finally {
      await platform.close();
    }
  });
});
