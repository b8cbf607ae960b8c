import { createTestAdapterContext, testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  buildFeishuWebhook,
  feishuMessageEvent,
  forgeFeishuWebhook,
  startFeishuPlatform,
  type FeishuPlatform,
} from '../../../../test/protocol/feishu.js';
import { ChannelSignatureError, type AdapterContext, type OutboundMedia } from '../../channel.adapter.js';
import { feishuAdapter } from './feishu.adapter.js';

let platform: FeishuPlatform;
let ctx: AdapterContext;

const settings = {
  appId: 'cli_a1b2c3d4e5f6a7b8',
  appSecret: 'feishu-app-secret-for-tests',
  verificationToken: 'v-token-0001',
  encryptKey: 'e-key-0001',
};

const contextOf = (values: Record<string, string>) =>
  createTestAdapterContext(values, { feishu: platform.url }, 'ca_feishu');

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

beforeAll(async () => {
  platform = await startFeishuPlatform({ appId: settings.appId, appSecret: settings.appSecret });
});
afterAll(() => platform.close());
beforeEach(() => {
  ctx = contextOf(settings);
  platform.messages.length = 0;
  platform.requests.length = 0;
  platform.uploads.length = 0;
  platform.failNextSends(0);
});

describe('feishu webhook', () => {
  const textEvent = (text: string, token = settings.verificationToken) =>
    feishuMessageEvent({
      token,
      userId: 'ou_user_1',
      messageId: 'om_in_1',
      messageType: 'text',
      content: { text },
    });

  it('answers the URL check with the challenge, encrypted or plain', async () => {
    const check = {
      challenge: 'ajls384kdjx98XX',
      token: settings.verificationToken,
      type: 'url_verification',
    };
    const encrypted = await feishuAdapter.handleWebhook(ctx, buildFeishuWebhook(settings, check));
    expect(encrypted.answer).toEqual({
      status: 200,
      contentType: 'application/json',
      body: '{"challenge":"ajls384kdjx98XX"}',
    });
    expect(encrypted.messages).toEqual([]);
    const plainCtx = contextOf({ ...settings, encryptKey: '' });
    const plain = await feishuAdapter.handleWebhook(
      plainCtx,
      buildFeishuWebhook({ verificationToken: settings.verificationToken }, check),
    );
    expect(JSON.parse(plain.answer.body)).toEqual({ challenge: 'ajls384kdjx98XX' });
  });

  it('decrypts and checks a signed message event', async () => {
    const request = buildFeishuWebhook(settings, textEvent('Where is my parcel?'));
    expect(JSON.parse(request.rawBody.toString())).toHaveProperty('encrypt');
    const outcome = await feishuAdapter.handleWebhook(ctx, request);
    expect(outcome.answer.status).toBe(200);
    expect(outcome.messages).toMatchObject([
      { externalId: 'om_in_1', externalUserId: 'ou_user_1', kind: 'text', text: 'Where is my parcel?' },
    ]);
  });

  it('refuses a forged signature, a wrong key, a wrong token, a missing signature and a plain body', async () => {
    const request = buildFeishuWebhook(settings, textEvent('hi'));
    await expect(feishuAdapter.handleWebhook(ctx, forgeFeishuWebhook(request))).rejects.toBeInstanceOf(
      ChannelSignatureError,
    );
    const otherKey = buildFeishuWebhook({ ...settings, encryptKey: 'another key' }, textEvent('hi'));
    await expect(feishuAdapter.handleWebhook(ctx, otherKey)).rejects.toBeInstanceOf(ChannelSignatureError);
    const wrongToken = buildFeishuWebhook(settings, textEvent('hi', 'stolen'));
    await expect(feishuAdapter.handleWebhook(ctx, wrongToken)).rejects.toThrow('Verification Token');
    const unsigned = { ...request, headers: { 'content-type': 'application/json' } };
    await expect(feishuAdapter.handleWebhook(ctx, unsigned)).rejects.toThrow('not signed');
    const plain = buildFeishuWebhook({ verificationToken: settings.verificationToken }, textEvent('hi'));
    await expect(feishuAdapter.handleWebhook(ctx, plain)).rejects.toThrow('not encrypted');
  });

  it('without an Encrypt Key relies on the Verification Token', async () => {
    const plainCtx = contextOf({ ...settings, encryptKey: '' });
    const plain = buildFeishuWebhook({ verificationToken: settings.verificationToken }, textEvent('hi'));
    expect((await feishuAdapter.handleWebhook(plainCtx, plain)).messages).toHaveLength(1);
    const wrong = buildFeishuWebhook({ verificationToken: 'nope' }, textEvent('hi', 'nope'));
    await expect(feishuAdapter.handleWebhook(plainCtx, wrong)).rejects.toBeInstanceOf(ChannelSignatureError);
  });

  it('answers 405 to anything but POST', async () => {
    const outcome = await feishuAdapter.handleWebhook(ctx, {
      method: 'GET',
      query: {},
      headers: {},
      rawBody: Buffer.alloc(0),
    });
    expect(outcome.answer.status).toBe(405);
  });
});

describe('feishu send', () => {
  const user = { externalUserId: 'ou_user_1', context: { chatId: 'oc_1' } };

  it('sends text to the open_id with the tenant token, fetching the token once for two sends', async () => {
    const issuedBefore = platform.tokensIssued();
    const first = await feishuAdapter.send(ctx, user, { id: testMessageId(), kind: 'text', text: 'Hello' });
    await feishuAdapter.send(ctx, user, { id: testMessageId(), kind: 'text', text: 'Again' });
    expect(first.externalId).toMatch(/^om_sent_/);
    expect(platform.tokensIssued() - issuedBefore).toBe(1);
    expect(platform.messages.map((message) => [message.receiveId, message.msgType, message.content])).toEqual(
      [
        ['ou_user_1', 'text', { text: 'Hello' }],
        ['ou_user_1', 'text', { text: 'Again' }],
      ],
    );
    const sends = platform.requests.filter((request) => request.path === '/open-apis/im/v1/messages');
    expect(sends[0].query).toEqual({ receive_id_type: 'open_id' });
    expect(sends[0].authorization).toMatch(/^Bearer t-/);
  });

  it('sends a retried delivery once: its uuid comes from the message id', async () => {
    const message = { id: testMessageId(), kind: 'text' as const, text: 'retried delivery' };
    const first = await feishuAdapter.send(ctx, user, message);
    expect(await feishuAdapter.send(ctx, user, message)).toEqual(first);
    expect(platform.messages.map((sent) => sent.content.text)).toEqual(['retried delivery']);
    expect(platform.messages[0].uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('drops a token Feishu refuses and retries once with a fresh one', async () => {
    await feishuAdapter.send(ctx, user, { id: testMessageId(), kind: 'text', text: 'one' });
    const issuedBefore = platform.tokensIssued();
    platform.expireTokens();
    await feishuAdapter.send(ctx, user, { id: testMessageId(), kind: 'text', text: 'two' });
    expect(platform.tokensIssued() - issuedBefore).toBe(1);
    expect(platform.messages.map((message) => message.content.text)).toEqual(['one', 'two']);
  });

  it('makes a 500 a retryable error and a refused user a final one, with Feishu’s code', async () => {
    platform.failNextSends(1);
    const busy = await refusalOf(
      feishuAdapter.send(ctx, user, { id: testMessageId(), kind: 'text', text: 'x' }),
    );
    expect(busy).toBeInstanceOf(OutsideError);
    expect(busy).toMatchObject({ kind: 'platform', status: 500, isRetryable: true, platformCode: '2200' });
    platform.refuseUser('ou_blocked');
    const refused = await refusalOf(
      feishuAdapter.send(
        ctx,
        { externalUserId: 'ou_blocked', context: {} },
        { id: testMessageId(), kind: 'text', text: 'x' },
      ),
    );
    expect(refused).toMatchObject({
      isRetryable: false,
      platformCode: '230013',
      message: 'Bot has NO availability to this user.',
    });
    expect(platform.messages).toEqual([]);
  });

  it('uploads an image and sends it, as rich text when it has a caption', async () => {
    const media = mediaOf('photo.png', 'image/png', platform.png);
    await feishuAdapter.send(ctx, user, { id: testMessageId(), kind: 'image', text: '', media });
    await feishuAdapter.send(ctx, user, { id: testMessageId(), kind: 'image', text: 'the label', media });
    expect(
      platform.uploads.map((upload) => [upload.kind, upload.fields.image_type, upload.fileName]),
    ).toEqual([
      ['image', 'message', 'photo.png'],
      ['image', 'message', 'photo.png'],
    ]);
    expect(platform.uploads[0].data.equals(platform.png)).toBe(true);
    expect(platform.messages[0]).toMatchObject({
      msgType: 'image',
      content: { image_key: platform.uploads[0].key },
    });
    expect(platform.messages[1]).toMatchObject({
      msgType: 'post',
      content: {
        zh_cn: {
          content: [
            [{ tag: 'img', image_key: platform.uploads[1].key }],
            [{ tag: 'text', text: 'the label' }],
          ],
        },
      },
    });
  });

  it('uploads a file with its type and sends it, then its caption', async () => {
    const media = mediaOf('terms.pdf', 'application/pdf', Buffer.from('%PDF-1.4 test'));
    const sent = await feishuAdapter.send(ctx, user, {
      id: testMessageId(),
      kind: 'file',
      text: 'our terms',
      media,
    });
    expect(platform.uploads[0]).toMatchObject({
      kind: 'file',
      fields: { file_type: 'pdf', file_name: 'terms.pdf' },
    });
    expect(platform.messages.map((message) => [message.msgType, message.content])).toEqual([
      ['file', { file_key: platform.uploads[0].key }],
      ['text', { text: 'our terms' }],
    ]);
    expect(sent.externalId).toBe(platform.messages[0].messageId);
    // Two messages of one delivery: each its own uuid, or Feishu would drop the caption.
    expect(platform.messages[0].uuid).not.toBe(platform.messages[1].uuid);
  });
});

describe('feishu media and test', () => {
  it('fetches an image of a message through the resource API', async () => {
    const media = await feishuAdapter.fetchMedia(ctx, 'image:om_in_1:img_v2_abc');
    expect(media.data.equals(platform.png)).toBe(true);
    expect(media.mediaType).toBe('image/png');
    expect(media.fileName).toBe('img_v2_abc.png');
    const request = platform.requests.at(-1);
    expect(request).toMatchObject({
      path: '/open-apis/im/v1/messages/om_in_1/resources/img_v2_abc',
      query: { type: 'image' },
    });
    const file = await feishuAdapter.fetchMedia(ctx, 'file:om_in_2:file_v2_abc');
    expect(file.fileName).toBe('file_v2_abc.png');
  });

  it('tests the credentials by reading the bot’s name', async () => {
    expect(await feishuAdapter.test(ctx)).toEqual({ detail: 'OpenKefu Test Bot (ou_bot_0001)' });
    const wrong = await refusalOf(feishuAdapter.test(contextOf({ ...settings, appSecret: 'wrong' })));
    expect(wrong).toMatchObject({ isRetryable: false, platformCode: '10014', message: 'app secret invalid' });
  });
});
