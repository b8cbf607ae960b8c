import { createTestAdapterContext, testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GRAPH_VERSION } from '../../../../lib/channels/meta/graph.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  buildMetaVerification,
  buildMetaWebhook,
  forgeMetaWebhook,
  startMetaPlatform,
  whatsappMessageWebhook,
  type MetaPlatform,
} from '../../../../test/protocol/meta.js';
import { ChannelSignatureError, type AdapterContext, type OutboundMedia } from '../../channel.adapter.js';
import { whatsappAdapter } from './whatsapp.adapter.js';

let platform: MetaPlatform;
let ctx: AdapterContext;
let settings: Record<string, string>;

const contextOf = (values: Record<string, string>) =>
  createTestAdapterContext(values, { graph: platform.url }, 'ca_whatsapp');

const mediaOf = (fileName: string, mediaType: string, data: Buffer): OutboundMedia => ({
  fileName,
  mediaType,
  size: data.length,
  url: `https://kefu.example.com/uploads/${fileName}`,
  read: async () => data,
});

const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

const customer = { externalUserId: '16315551234', context: {} };

beforeAll(async () => {
  platform = await startMetaPlatform();
  settings = {
    phoneNumberId: platform.phoneNumberId,
    accessToken: platform.accessToken,
    appSecret: 'whatsapp-app-secret',
    verifyToken: 'whatsapp-verify-token',
  };
});
afterAll(() => platform.close());
beforeEach(() => {
  ctx = contextOf(settings);
  platform.whatsappMessages.length = 0;
  platform.uploads.length = 0;
  platform.requests.length = 0;
  platform.failNextSends(0);
});

describe('whatsapp webhook', () => {
  it('answers the verification handshake with the challenge as text', async () => {
    const outcome = await whatsappAdapter.handleWebhook(
      ctx,
      buildMetaVerification('whatsapp-verify-token', '1158201444'),
    );
    expect(outcome).toEqual({
      answer: { status: 200, contentType: 'text/plain', body: '1158201444' },
      messages: [],
    });
    await expect(whatsappAdapter.handleWebhook(ctx, buildMetaVerification('guess'))).rejects.toBeInstanceOf(
      ChannelSignatureError,
    );
  });

  it('checks X-Hub-Signature-256 over the raw bytes and reads the message', async () => {
    const request = buildMetaWebhook(
      settings.appSecret,
      whatsappMessageWebhook({
        phoneNumberId: settings.phoneNumberId,
        from: '16315551234',
        name: 'Zoë',
        message: { id: 'wamid.ABGGFlCGg0cvAgo-sJQh43L5Pe4W', type: 'text', text: { body: 'Grüße / hello' } },
        timestamp: 1603059201,
      }),
    );
    // Signed over Meta's escaped bytes, not over a re-encoding.
    expect(request.rawBody.toString()).toContain('Gr\\u00fc\\u00dfe \\/ hello');
    const outcome = await whatsappAdapter.handleWebhook(ctx, request);
    expect(outcome.answer.status).toBe(200);
    expect(outcome.messages).toEqual([
      {
        externalId: 'wamid.ABGGFlCGg0cvAgo-sJQh43L5Pe4W',
        externalUserId: '16315551234',
        nickname: 'Zoë',
        kind: 'text',
        text: 'Grüße / hello',
        at: 1603059201000,
      },
    ]);
    await expect(whatsappAdapter.handleWebhook(ctx, forgeMetaWebhook(request))).rejects.toBeInstanceOf(
      ChannelSignatureError,
    );
    const unsigned = { ...request, headers: { 'content-type': 'application/json' } };
    await expect(whatsappAdapter.handleWebhook(ctx, unsigned)).rejects.toBeInstanceOf(ChannelSignatureError);
  });
});

describe('whatsapp send', () => {
  it('sends text with the bearer token in the Cloud API shape', async () => {
    const sent = await whatsappAdapter.send(ctx, customer, {
      id: testMessageId(),
      kind: 'text',
      text: 'Your parcel left today.',
    });
    expect(sent.externalId).toMatch(/^wamid\./);
    expect(platform.whatsappMessages).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '16315551234',
        type: 'text',
        text: { body: 'Your parcel left today.', preview_url: false },
      },
    ]);
    const request = platform.requests.find((entry) => entry.path.endsWith('/messages'));
    expect(request).toMatchObject({
      method: 'POST',
      path: `/${GRAPH_VERSION}/${settings.phoneNumberId}/messages`,
      authorization: `Bearer ${settings.accessToken}`,
    });
  });

  it('uploads media and sends it by id, with caption; other image formats as documents', async () => {
    await whatsappAdapter.send(ctx, customer, {
      id: testMessageId(),
      kind: 'image',
      text: 'the label',
      media: mediaOf('label.png', 'image/png', platform.png),
    });
    await whatsappAdapter.send(ctx, customer, {
      id: testMessageId(),
      kind: 'image',
      text: '',
      media: mediaOf('anim.gif', 'image/gif', Buffer.from('GIF89a')),
    });
    expect(
      platform.uploads.map((upload) => [
        upload.fields.messaging_product,
        upload.fields.type,
        upload.fileName,
      ]),
    ).toEqual([
      ['whatsapp', 'image/png', 'label.png'],
      ['whatsapp', 'image/gif', 'anim.gif'],
    ]);
    expect(platform.uploads[0].data.equals(platform.png)).toBe(true);
    expect(platform.whatsappMessages[0]).toMatchObject({
      type: 'image',
      image: { id: platform.uploads[0].id, caption: 'the label' },
    });
    expect(platform.whatsappMessages[1]).toMatchObject({
      type: 'document',
      document: { id: platform.uploads[1].id, filename: 'anim.gif' },
    });
  });

  it('makes a 5xx retryable and a closed window final, in plain words', async () => {
    platform.failNextSends(1);
    const busy = await refusalOf(
      whatsappAdapter.send(ctx, customer, { id: testMessageId(), kind: 'text', text: 'x' }),
    );
    expect(busy).toBeInstanceOf(OutsideError);
    expect(busy).toMatchObject({ status: 500, isRetryable: true, platformCode: '131000' });
    platform.closeWindow('4915112345678');
    const closed = await refusalOf(
      whatsappAdapter.send(
        ctx,
        { externalUserId: '4915112345678', context: {} },
        { id: testMessageId(), kind: 'text', text: 'x' },
      ),
    );
    expect(closed).toMatchObject({ status: 400, isRetryable: false, platformCode: '131047' });
    expect((closed as Error).message).toMatch(
      /^The 24-hour reply window has closed.*more than 24 hours have passed/,
    );
    const wrongToken = await refusalOf(
      whatsappAdapter.send(contextOf({ ...settings, accessToken: 'expired' }), customer, {
        id: testMessageId(),
        kind: 'text',
        text: 'x',
      }),
    );
    expect(wrongToken).toMatchObject({ status: 401, isRetryable: false, platformCode: '190' });
    expect(platform.whatsappMessages).toEqual([]);
  });
});

describe('whatsapp media and test', () => {
  it('fetches media by id: the address from Graph, then the bytes with the token', async () => {
    const media = await whatsappAdapter.fetchMedia(ctx, '1031862924617433');
    expect(media.data.equals(platform.png)).toBe(true);
    expect(media).toMatchObject({ mediaType: 'image/png', fileName: '1031862924617433.png' });
    expect(platform.requests.map((request) => [request.path, request.authorization])).toEqual([
      [`/${GRAPH_VERSION}/1031862924617433`, `Bearer ${settings.accessToken}`],
      ['/whatsapp_business/attachments/', `Bearer ${settings.accessToken}`],
    ]);
  });

  it('tests the credentials by reading the phone number', async () => {
    expect(await whatsappAdapter.test(ctx)).toEqual({ detail: 'OpenKefu Test +1 555-010-0199' });
    await expect(whatsappAdapter.test(contextOf({ ...settings, accessToken: 'bad' }))).rejects.toMatchObject({
      platformCode: '190',
    });
  });

  it('keeps 24 hours as the reply window', () => {
    expect(whatsappAdapter.replyWindowMs).toBe(86_400_000);
  });
});
