import { createTestAdapterContext, testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GRAPH_VERSION } from '../../../../lib/channels/meta/graph.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  buildMetaVerification,
  buildMetaWebhook,
  forgeMetaWebhook,
  messengerMessageEvent,
  messengerWebhook,
  startMetaPlatform,
  type MetaPlatform,
} from '../../../../test/protocol/meta.js';
import { ChannelSignatureError, type AdapterContext, type OutboundMedia } from '../../channel.adapter.js';
import { messengerAdapter } from './messenger.adapter.js';

let platform: MetaPlatform;
let ctx: AdapterContext;
let settings: Record<string, string>;

const contextOf = (values: Record<string, string>) =>
  createTestAdapterContext(values, { graph: platform.url }, 'ca_messenger');

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

const customer = { externalUserId: '6789012345678901', context: {} };

beforeAll(async () => {
  platform = await startMetaPlatform();
  settings = {
    pageId: platform.pageId,
    pageAccessToken: platform.pageAccessToken,
    appSecret: 'messenger-app-secret',
    verifyToken: 'messenger-verify-token',
  };
});
afterAll(() => platform.close());
beforeEach(() => {
  ctx = contextOf(settings);
  platform.messengerMessages.length = 0;
  platform.requests.length = 0;
  platform.failNextSends(0);
});

describe('messenger webhook', () => {
  it('answers the verification handshake and refuses a wrong verify token', async () => {
    const outcome = await messengerAdapter.handleWebhook(
      ctx,
      buildMetaVerification('messenger-verify-token', 'CHALLENGE_ACCEPTED'),
    );
    expect(outcome.answer).toEqual({ status: 200, contentType: 'text/plain', body: 'CHALLENGE_ACCEPTED' });
    await expect(
      messengerAdapter.handleWebhook(ctx, buildMetaVerification('whatsapp-verify-token')),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
  });

  it('reads signed text and image messages and skips echoes', async () => {
    const request = buildMetaWebhook(
      settings.appSecret,
      messengerWebhook(settings.pageId, [
        messengerMessageEvent(
          settings.pageId,
          customer.externalUserId,
          { mid: 'm_in_1', text: 'hello, world!' },
          1458692752478,
        ),
        messengerMessageEvent(settings.pageId, customer.externalUserId, {
          mid: 'm_in_2',
          attachments: [
            { type: 'image', payload: { url: 'https://scontent.xx.fbcdn.net/v/t1.15752-9/p.png' } },
          ],
        }),
        messengerMessageEvent(settings.pageId, settings.pageId, {
          mid: 'm_echo',
          text: 'our answer',
          is_echo: true,
        }),
      ]),
    );
    const outcome = await messengerAdapter.handleWebhook(ctx, request);
    expect(outcome.answer).toEqual({ status: 200, contentType: 'text/plain', body: 'EVENT_RECEIVED' });
    expect(outcome.messages).toMatchObject([
      {
        externalId: 'm_in_1',
        externalUserId: customer.externalUserId,
        kind: 'text',
        text: 'hello, world!',
        at: 1458692752478,
      },
      { externalId: 'm_in_2', kind: 'image', mediaRef: 'https://scontent.xx.fbcdn.net/v/t1.15752-9/p.png' },
    ]);
    await expect(messengerAdapter.handleWebhook(ctx, forgeMetaWebhook(request))).rejects.toBeInstanceOf(
      ChannelSignatureError,
    );
  });
});

describe('messenger send', () => {
  it('sends a RESPONSE text to the PSID with the page token', async () => {
    const sent = await messengerAdapter.send(ctx, customer, {
      id: testMessageId(),
      kind: 'text',
      text: 'We are on it.',
    });
    expect(sent.externalId).toMatch(/^m_sent_/);
    expect(platform.messengerMessages).toEqual([
      {
        recipient: { id: customer.externalUserId },
        messaging_type: 'RESPONSE',
        message: { text: 'We are on it.' },
      },
    ]);
    expect(platform.requests[0]).toMatchObject({
      method: 'POST',
      path: `/${GRAPH_VERSION}/me/messages`,
      authorization: `Bearer ${settings.pageAccessToken}`,
    });
  });

  it('sends attachments by our address, then the caption', async () => {
    await messengerAdapter.send(ctx, customer, {
      id: testMessageId(),
      kind: 'image',
      text: 'label',
      media: mediaOf('label.png', 'image/png'),
    });
    await messengerAdapter.send(ctx, customer, {
      id: testMessageId(),
      kind: 'file',
      text: '',
      media: mediaOf('terms.pdf', 'application/pdf'),
    });
    expect(platform.messengerMessages.map((message) => message.message)).toEqual([
      {
        attachment: {
          type: 'image',
          payload: { url: 'https://kefu.example.com/uploads/label.png', is_reusable: true },
        },
      },
      { text: 'label' },
      {
        attachment: {
          type: 'file',
          payload: { url: 'https://kefu.example.com/uploads/terms.pdf', is_reusable: true },
        },
      },
    ]);
  });

  it('makes a 5xx retryable and the closed 24-hour window final', async () => {
    platform.failNextSends(1);
    const busy = await refusalOf(
      messengerAdapter.send(ctx, customer, { id: testMessageId(), kind: 'text', text: 'x' }),
    );
    expect(busy).toBeInstanceOf(OutsideError);
    expect(busy).toMatchObject({ status: 500, isRetryable: true, platformCode: '2' });
    platform.closeWindow('1111');
    const closed = await refusalOf(
      messengerAdapter.send(
        ctx,
        { externalUserId: '1111', context: {} },
        { id: testMessageId(), kind: 'text', text: 'x' },
      ),
    );
    expect(closed).toMatchObject({ isRetryable: false, platformCode: '10' });
    expect((closed as Error).message).toContain('24-hour reply window has closed');
    expect(platform.messengerMessages).toEqual([]);
  });
});

describe('messenger media and test', () => {
  it('fetches an attachment address on Meta’s CDN without credentials', async () => {
    const media = await messengerAdapter.fetchMedia(ctx, platform.attachmentUrl('photo.png'));
    expect(media.data.equals(platform.png)).toBe(true);
    expect(media).toMatchObject({ mediaType: 'image/png', fileName: 'photo.png' });
    expect(platform.requests.at(-1)?.authorization).toBe('');
  });

  it('refuses addresses elsewhere, other schemes and bodies past the size bound', async () => {
    for (const ref of [
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
      'https://evil.example.com/x.png',
      'not a url',
    ])
      await expect(messengerAdapter.fetchMedia(ctx, ref)).rejects.toMatchObject({
        isRetryable: false,
        platformCode: 'bad_media_ref',
      });
    await expect(
      messengerAdapter.fetchMedia(ctx, `${platform.url}/messenger-cdn/huge/clip.mp4`),
    ).rejects.toMatchObject({
      isRetryable: false,
      platformCode: 'too_large',
    });
  });

  it('tests the credentials by reading the page', async () => {
    expect(await messengerAdapter.test(ctx)).toEqual({ detail: `OpenKefu Test Page (${settings.pageId})` });
    expect(platform.requests.at(-1)).toMatchObject({
      path: `/${GRAPH_VERSION}/me`,
      query: { fields: 'name,id' },
    });
    await expect(
      messengerAdapter.test(contextOf({ ...settings, pageAccessToken: 'bad' })),
    ).rejects.toMatchObject({ platformCode: '190', isRetryable: false });
  });
});
