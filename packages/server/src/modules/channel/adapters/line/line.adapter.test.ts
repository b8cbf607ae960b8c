import { createTestAdapterContext, testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  buildLineWebhook,
  forgeLineWebhook,
  lineMessageEvent,
  startLinePlatform,
  type LinePlatform,
} from '../../../../test/protocol/line.js';
import { ChannelSignatureError, type AdapterContext, type OutboundMedia } from '../../channel.adapter.js';
import { lineAdapter } from './line.adapter.js';

let platform: LinePlatform;
let ctx: AdapterContext;
let settings: Record<string, string>;

const contextOf = (values: Record<string, string>) =>
  createTestAdapterContext(values, { line: platform.url, 'line-data': platform.dataUrl }, 'ca_line');

const mediaOf = (fileName: string, mediaType: string): OutboundMedia => ({
  fileName,
  mediaType,
  size: 10,
  url: `https://kefu.example.com/uploads/${fileName}`,
  read: async () => Buffer.alloc(10),
});

const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

const userId = 'U4af4980629abcdef0123456789ab1234';
const customer = { externalUserId: userId, context: {} };

beforeAll(async () => {
  platform = await startLinePlatform();
  settings = {
    channelSecret: '8c570fa6dd201bb328f1c1eac23a96d8',
    channelAccessToken: platform.channelAccessToken,
  };
});
afterAll(() => platform.close());
beforeEach(() => {
  ctx = contextOf(settings);
  platform.pushes.length = 0;
  platform.requests.length = 0;
  platform.failNextSends(0);
});

describe('line webhook', () => {
  it('checks x-line-signature and reads the message with the user’s profile, looked up once', async () => {
    const request = buildLineWebhook(settings.channelSecret, [
      lineMessageEvent(userId, { id: '444573844083572737', type: 'text', text: 'Hello' }, 1462629479859),
      lineMessageEvent(
        userId,
        { id: '444573844083572738', type: 'image', contentProvider: { type: 'line' } },
        1462629479860,
      ),
    ]);
    const before = platform.profileLookups();
    const outcome = await lineAdapter.handleWebhook(ctx, request);
    expect(outcome.answer).toEqual({ status: 200, body: '' });
    expect(outcome.messages).toEqual([
      {
        externalId: '444573844083572737',
        externalUserId: userId,
        nickname: 'LINE user 1234',
        avatar: `https://profile.line-scdn.net/${userId}`,
        kind: 'text',
        text: 'Hello',
        context: {},
        at: 1462629479859,
      },
      expect.objectContaining({
        externalId: '444573844083572738',
        kind: 'image',
        mediaRef: '444573844083572738',
        nickname: 'LINE user 1234',
      }),
    ]);
    await lineAdapter.handleWebhook(
      ctx,
      buildLineWebhook(settings.channelSecret, [
        lineMessageEvent(userId, { id: '2', type: 'text', text: 'again' }),
      ]),
    );
    expect(platform.profileLookups() - before).toBe(1);
  });

  it('keeps a message whose sender has no profile to read', async () => {
    const outcome = await lineAdapter.handleWebhook(
      ctx,
      buildLineWebhook(settings.channelSecret, [
        lineMessageEvent('Unofriend0001', { id: '3', type: 'text', text: 'hi' }),
      ]),
    );
    expect(outcome.messages).toHaveLength(1);
    expect(outcome.messages[0].nickname).toBeUndefined();
  });

  it('answers the console’s verify call and refuses a forged or missing signature', async () => {
    const verify = buildLineWebhook(settings.channelSecret, []);
    expect(await lineAdapter.handleWebhook(ctx, verify)).toEqual({
      answer: { status: 200, body: '' },
      messages: [],
    });
    await expect(lineAdapter.handleWebhook(ctx, forgeLineWebhook(verify))).rejects.toBeInstanceOf(
      ChannelSignatureError,
    );
    await expect(lineAdapter.handleWebhook(ctx, { ...verify, headers: {} })).rejects.toBeInstanceOf(
      ChannelSignatureError,
    );
  });
});

describe('line send', () => {
  it('pushes text with the channel token and a UUID retry key', async () => {
    const sent = await lineAdapter.send(ctx, customer, {
      id: testMessageId(),
      kind: 'text',
      text: 'Your order shipped.',
    });
    expect(sent.externalId).toMatch(/^\d+$/);
    expect(platform.pushes).toEqual([
      {
        to: userId,
        messages: [{ type: 'text', text: 'Your order shipped.' }],
        retryKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(platform.requests[0]).toMatchObject({
      server: 'api',
      path: '/v2/bot/message/push',
      authorization: `Bearer ${platform.channelAccessToken}`,
    });
  });

  it('sends images by address with their caption in one push, files as a link', async () => {
    await lineAdapter.send(ctx, customer, {
      id: testMessageId(),
      kind: 'image',
      text: 'the label',
      media: mediaOf('label.png', 'image/png'),
    });
    await lineAdapter.send(ctx, customer, {
      id: testMessageId(),
      kind: 'file',
      text: 'our terms',
      media: mediaOf('terms.pdf', 'application/pdf'),
    });
    expect(platform.pushes.map((push) => push.messages)).toEqual([
      [
        {
          type: 'image',
          originalContentUrl: 'https://kefu.example.com/uploads/label.png',
          previewImageUrl: 'https://kefu.example.com/uploads/label.png',
        },
        { type: 'text', text: 'the label' },
      ],
      [{ type: 'text', text: 'our terms\nterms.pdf: https://kefu.example.com/uploads/terms.pdf' }],
    ]);
  });

  it('resends a push whose answer was lost with the same key, and LINE delivers it once', async () => {
    platform.loseNextAnswer();
    const sent = await lineAdapter.send(ctx, customer, {
      id: testMessageId(),
      kind: 'text',
      text: 'exactly once',
    });
    expect(sent.externalId).toBe('');
    expect(platform.pushes).toHaveLength(1);
    const pushes = platform.requests.filter((request) => request.path === '/v2/bot/message/push');
    expect(pushes).toHaveLength(2);
    expect(pushes[0].retryKey).toBe(pushes[1].retryKey);
  });

  it('derives the key from the message id: a delivery the job runner retries is taken once', async () => {
    const message = { id: testMessageId(), kind: 'text' as const, text: 'retried delivery' };
    expect((await lineAdapter.send(ctx, customer, message)).externalId).not.toBe('');
    expect(await lineAdapter.send(ctx, customer, message)).toEqual({ externalId: '' });
    expect(platform.pushes).toHaveLength(1);
    const keys = platform.requests
      .filter((request) => request.path === '/v2/bot/message/push')
      .map((request) => request.retryKey);
    expect(keys).toEqual([keys[0], keys[0]]);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('makes a 500 retryable and a used-up monthly quota or a wrong token final', async () => {
    platform.failNextSends(1);
    const busy = await refusalOf(
      lineAdapter.send(ctx, customer, { id: testMessageId(), kind: 'text', text: 'x' }),
    );
    expect(busy).toBeInstanceOf(OutsideError);
    expect(busy).toMatchObject({
      status: 500,
      isRetryable: true,
      message: 'An error occurred in the backend',
    });
    const wrong = await refusalOf(
      lineAdapter.send(contextOf({ ...settings, channelAccessToken: 'revoked' }), customer, {
        id: testMessageId(),
        kind: 'text',
        text: 'x',
      }),
    );
    expect(wrong).toMatchObject({ status: 401, isRetryable: false });
    platform.exhaustQuota();
    const quota = await refusalOf(
      lineAdapter.send(ctx, customer, { id: testMessageId(), kind: 'text', text: 'x' }),
    );
    expect(quota).toMatchObject({
      status: 429,
      isRetryable: false,
      message: 'You have reached your monthly limit.',
    });
    expect(platform.pushes).toEqual([]);
  });
});

describe('line media and test', () => {
  it('fetches content from the data API with the token', async () => {
    const media = await lineAdapter.fetchMedia(ctx, '444573844083572738');
    expect(media.data.equals(platform.png)).toBe(true);
    expect(media).toMatchObject({ mediaType: 'image/png', fileName: '444573844083572738.png' });
    expect(platform.requests.at(-1)).toMatchObject({
      server: 'data',
      path: '/v2/bot/message/444573844083572738/content',
    });
  });

  it('asks to come back later while a video is still being prepared', async () => {
    await expect(lineAdapter.fetchMedia(ctx, 'preparing-1')).rejects.toMatchObject({
      status: 202,
      isRetryable: true,
    });
  });

  it('tests the credentials by reading the bot', async () => {
    expect(await lineAdapter.test(ctx)).toEqual({ detail: 'OpenKefu Test (@216rukbf)' });
    await expect(
      lineAdapter.test(contextOf({ ...settings, channelAccessToken: 'bad' })),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('has no reply window', () => {
    expect(lineAdapter.replyWindowMs).toBeNull();
  });
});
