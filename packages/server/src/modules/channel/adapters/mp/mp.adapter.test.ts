import { testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildWechatXml } from '../../../../lib/channels/wechat/xml.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  createWechatTestContext,
  forgeWechatRequest,
  officialPushRequest,
  officialVerifyRequest,
  randomEncodingAesKey,
  startWechatPlatform,
  type WechatPlatformStub,
} from '../../../../test/protocol/wechat.js';
import { ChannelSignatureError, type OutboundMedia, type WebhookRequest } from '../../channel.adapter.js';
import { mpAdapter } from './mp.adapter.js';

const app = { appId: 'wxmp0000000000001', secret: 'mp-secret' };
const settingsFor = (encryptMode: 'plain' | 'compatible' | 'safe') => ({
  appId: app.appId,
  appSecret: app.secret,
  token: 'mptoken',
  encryptMode,
  encodingAesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
});
let stub: WechatPlatformStub;

beforeAll(async () => {
  stub = await startWechatPlatform({ apps: [app] });
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.calls.length = 0;
  stub.sends.length = 0;
});

const contextFor = (encryptMode: 'plain' | 'compatible' | 'safe' = 'safe') =>
  createWechatTestContext(settingsFor(encryptMode), { wechat: stub.url });

const push = (fields: Record<string, string | number>, mode: 'plain' | 'compatible' | 'safe' = 'safe') =>
  officialPushRequest({
    ...settingsFor(mode),
    mode,
    plaintext: buildWechatXml({
      ToUserName: 'gh_1',
      FromUserName: 'o_user',
      CreateTime: 1700000000,
      ...fields,
    }),
  });

const parse = async (request: WebhookRequest) =>
  (await mpAdapter.handleWebhook(contextFor(), request)).messages;

const mediaOf = (data: Buffer, fileName: string, mediaType: string): OutboundMedia => ({
  fileName,
  mediaType,
  size: data.length,
  url: `https://kefu.example.com/files/${fileName}`,
  read: async () => data,
});

const errorOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutsideError);
  return error as OutsideError;
};

describe('mp adapter: webhooks', () => {
  it('answers the URL check with the echostr, and refuses a wrong signature', async () => {
    const request = officialVerifyRequest('mptoken', 'echo-1234');
    const outcome = await mpAdapter.handleWebhook(contextFor(), request);
    expect(outcome).toEqual({
      answer: { status: 200, contentType: 'text/plain', body: 'echo-1234' },
      messages: [],
    });
    await expect(mpAdapter.handleWebhook(contextFor(), forgeWechatRequest(request))).rejects.toThrow(
      ChannelSignatureError,
    );
  });

  it("reads WeChat's own compatible-mode sample (plain fields and Encrypt)", async () => {
    const settings = {
      ...settingsFor('compatible'),
      appId: 'wx2c2769f8efd9abc2',
      token: 'spamtest',
    };
    const body =
      '<xml><ToUserName><![CDATA[gh_10f6c3c3ac5a]]></ToUserName><FromUserName><![CDATA[oyORnuP8q7ou2gfYjqLzSIWZf0rs]]></FromUserName><CreateTime>1409735668</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[abcdteT]]></Content><MsgId>6054768590064713728</MsgId><Encrypt><![CDATA[hyzAe4OzmOMbd6TvGdIOO6uBmdJoD0Fk53REIHvxYtJlE2B655HuD0m8KUePWB3+LrPXo87wzQ1QLvbeUgmBM4x6F8PGHQHFVAFmOD2LdJF9FrXpbUAh0B5GIItb52sn896wVsMSHGuPE328HnRGBcrS7C41IzDWyWNlZkyyXwon8T332jisa+h6tEDYsVticbSnyU8dKOIbgU6ux5VTjg3yt+WGzjlpKn6NPhRjpA912xMezR4kw6KWwMrCVKSVCZciVGCgavjIQ6X8tCOp3yZbGpy0VxpAe+77TszTfRd5RJSVO/HTnifJpXgCSUdUue1v6h0EIBYYI1BD1DlD+C0CR8e6OewpusjZ4uBl9FyJvnhvQl+q5rv1ixrcpCumEPo5MJSgM9ehVsNPfUM669WuMyVWQLCzpu9GhglF2PE=]]></Encrypt></xml>';
    const request: WebhookRequest = {
      method: 'POST',
      query: {
        signature: '16120ec1b8dbb870f510d87ce6bc2463eae6ca1a',
        timestamp: '1409735669',
        nonce: '1320562132',
        encrypt_type: 'aes',
        msg_signature: '5d197aaffba7e9b25a30732f161a50dee96bd5fa',
      },
      headers: { 'content-type': 'text/xml' },
      rawBody: Buffer.from(body),
    };
    const ctx = createWechatTestContext(settings);
    const outcome = await mpAdapter.handleWebhook(ctx, request);
    expect(outcome.answer).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
    expect(outcome.messages).toEqual([
      {
        externalId: '6054768590064713728',
        externalUserId: 'oyORnuP8q7ou2gfYjqLzSIWZf0rs',
        kind: 'text',
        text: 'abcdteT',
        at: 1409735668000,
      },
    ]);
    // The same push for another official account (its AppID is the receive id) is not ours.
    const other = createWechatTestContext({ ...settings, appId: 'wx0000000000000000' });
    await expect(mpAdapter.handleWebhook(other, request)).rejects.toThrow(ChannelSignatureError);
  });

  it('reads plain, compatible and safe pushes; refuses a plain one to a safe account', async () => {
    for (const mode of ['plain', 'compatible', 'safe'] as const) {
      const outcome = await mpAdapter.handleWebhook(
        contextFor(mode),
        push({ MsgType: 'text', Content: `in ${mode}`, MsgId: '1001' }, mode),
      );
      expect(outcome.messages.map((message) => message.text)).toEqual([`in ${mode}`]);
    }
    await expect(
      mpAdapter.handleWebhook(
        contextFor('safe'),
        push({ MsgType: 'text', Content: 'x', MsgId: '1' }, 'plain'),
      ),
    ).rejects.toThrow(ChannelSignatureError);
  });

  it('refuses forged pushes and pushes encrypted with another key', async () => {
    const request = push({ MsgType: 'text', Content: 'x', MsgId: '1' });
    await expect(mpAdapter.handleWebhook(contextFor(), forgeWechatRequest(request))).rejects.toThrow(
      ChannelSignatureError,
    );
    const plain = push({ MsgType: 'text', Content: 'x', MsgId: '1' }, 'plain');
    await expect(mpAdapter.handleWebhook(contextFor('plain'), forgeWechatRequest(plain))).rejects.toThrow(
      ChannelSignatureError,
    );
    const otherKey = officialPushRequest({
      ...settingsFor('safe'),
      encodingAesKey: randomEncodingAesKey(),
      mode: 'safe',
      plaintext: buildWechatXml({ MsgType: 'text', FromUserName: 'o', Content: 'x' }),
    });
    await expect(mpAdapter.handleWebhook(contextFor(), otherKey)).rejects.toThrow(ChannelSignatureError);
  });

  it('parses each kind of message', async () => {
    const one = async (fields: Record<string, string | number>) => (await parse(push(fields)))[0];
    expect(
      await one({ MsgType: 'image', PicUrl: 'http://mmbiz/1.jpg', MediaId: 'M1', MsgId: '2' }),
    ).toMatchObject({
      kind: 'image',
      mediaRef: 'M1',
      externalId: '2',
    });
    expect(
      await one({ MsgType: 'voice', MediaId: 'M2', Format: 'amr', Recognition: '你好', MsgId: '3' }),
    ).toMatchObject({ kind: 'voice', mediaRef: 'M2', text: '你好' });
    expect(await one({ MsgType: 'video', MediaId: 'M3', ThumbMediaId: 'T', MsgId: '4' })).toMatchObject({
      kind: 'video',
      mediaRef: 'M3',
    });
    expect(await one({ MsgType: 'shortvideo', MediaId: 'M4', ThumbMediaId: 'T', MsgId: '5' })).toMatchObject({
      kind: 'video',
      mediaRef: 'M4',
    });
    expect(
      await one({
        MsgType: 'location',
        Location_X: '23.134521',
        Location_Y: '113.358803',
        Scale: 20,
        Label: 'Tianhe',
        MsgId: '6',
      }),
    ).toMatchObject({ kind: 'location', text: 'Tianhe' });
    expect(
      await one({
        MsgType: 'link',
        Title: 'Order 42',
        Description: 'd',
        Url: 'https://shop.example/42',
        MsgId: '7',
      }),
    ).toMatchObject({ kind: 'link', text: 'Order 42\nhttps://shop.example/42' });
  });

  it('turns user events into event messages with stable ids, and ignores automatic ones', async () => {
    const [subscribe] = await parse(push({ MsgType: 'event', Event: 'subscribe', EventKey: 'qrscene_7' }));
    expect(subscribe).toMatchObject({
      kind: 'event',
      event: { name: 'subscribe', key: 'qrscene_7' },
      externalId: 'o_user:1700000000:subscribe',
      externalUserId: 'o_user',
    });
    const [click] = await parse(push({ MsgType: 'event', Event: 'CLICK', EventKey: 'MENU_HELP' }));
    expect(click.event).toEqual({ name: 'menu_click', key: 'MENU_HELP' });
    const [view] = await parse(push({ MsgType: 'event', Event: 'VIEW', EventKey: 'https://shop.example' }));
    expect(view.event).toEqual({ name: 'menu_view', key: 'https://shop.example' });
    const [unsubscribe] = await parse(push({ MsgType: 'event', Event: 'unsubscribe' }));
    expect(unsubscribe.event).toEqual({ name: 'unsubscribe' });
    // A redelivery of the same event gives the same id.
    const [again] = await parse(push({ MsgType: 'event', Event: 'CLICK', EventKey: 'MENU_HELP' }));
    expect(again.externalId).toBe(click.externalId);
    expect(
      await parse(push({ MsgType: 'event', Event: 'LOCATION', Latitude: '23.1', Longitude: '113.3' })),
    ).toEqual([]);
  });
});

describe('mp adapter: platform calls', () => {
  const to = { externalUserId: 'o_user', context: {} };

  it('sends texts through custom/send with one token for two sends', async () => {
    const ctx = contextFor();
    const before = stub.tokenFetches();
    expect(await mpAdapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'Hello' })).toEqual({
      externalId: '',
    });
    await mpAdapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'Again' });
    expect(stub.tokenFetches() - before).toBe(1);
    const sends = stub.calls.filter((call) => call.path === '/cgi-bin/message/custom/send');
    expect(sends.map((call) => call.body)).toEqual([
      { touser: 'o_user', msgtype: 'text', text: { content: 'Hello' } },
      { touser: 'o_user', msgtype: 'text', text: { content: 'Again' } },
    ]);
    expect(sends[0].query.access_token).toMatch(/^OFFICIAL_/);
  });

  it('uploads an image and sends it by media_id, its caption after it', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000', 'hex');
    await mpAdapter.send(contextFor(), to, {
      id: testMessageId(),
      kind: 'image',
      text: 'Your receipt',
      media: mediaOf(png, 'receipt.png', 'image/png'),
    });
    const upload = stub.calls.find((call) => call.path === '/cgi-bin/media/upload');
    expect(upload?.query.type).toBe('image');
    const mediaId = stub.uploads.at(-1)?.mediaId;
    expect(stub.uploads.at(-1)?.data.equals(png)).toBe(true);
    expect(stub.sends.map(({ path: _path, ...body }) => body)).toEqual([
      { touser: 'o_user', msgtype: 'image', image: { media_id: mediaId } },
      { touser: 'o_user', msgtype: 'text', text: { content: 'Your receipt' } },
    ]);
  });

  it('sends a file (no file messages on official accounts) as a text with its name and address', async () => {
    await mpAdapter.send(contextFor(), to, {
      id: testMessageId(),
      kind: 'file',
      text: 'The manual',
      media: mediaOf(Buffer.from('%PDF'), 'manual.pdf', 'application/pdf'),
    });
    expect(stub.uploads.filter((upload) => upload.fileName === 'manual.pdf')).toEqual([]);
    expect(stub.sends.at(-1)).toMatchObject({
      msgtype: 'text',
      text: { content: 'The manual\nmanual.pdf: https://kefu.example.com/files/manual.pdf' },
    });
  });

  it('fetches a new token after 42001 and still delivers', async () => {
    const ctx = contextFor();
    await mpAdapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'first' });
    stub.expireTokens();
    await mpAdapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'second' });
    expect(stub.sends.map((send) => (send.text as { content: string }).content)).toEqual(['first', 'second']);
  });

  it('classes failures: 5xx and busy are retried, permissions and the closed window are not', async () => {
    const ctx = contextFor();
    const text = { id: testMessageId(), kind: 'text' as const, text: 'x' };
    stub.failNextSends(1, 'http');
    expect(await errorOf(mpAdapter.send(ctx, to, text))).toMatchObject({ status: 500, isRetryable: true });
    stub.failNextSends(1, 'busy');
    expect(await errorOf(mpAdapter.send(ctx, to, text))).toMatchObject({
      platformCode: '-1',
      isRetryable: true,
    });
    stub.failNext('/cgi-bin/message/custom/send', { errcode: 48001, errmsg: 'api unauthorized' });
    expect(await errorOf(mpAdapter.send(ctx, to, text))).toMatchObject({
      platformCode: '48001',
      isRetryable: false,
    });
    stub.failNext('/cgi-bin/message/custom/send', { errcode: 45015, errmsg: 'response out of time limit' });
    const late = await errorOf(mpAdapter.send(ctx, to, text));
    expect(late).toMatchObject({ platformCode: '45015', isRetryable: false });
    expect(late.message).toMatch(/reply window has closed/);
  });

  it('fetches media bytes with their type', async () => {
    const mediaId = stub.addMedia({
      data: Buffer.from('#!AMR\n'),
      mediaType: 'audio/amr',
      fileName: 'v.amr',
    });
    expect(await mpAdapter.fetchMedia(contextFor(), mediaId)).toEqual({
      data: Buffer.from('#!AMR\n'),
      mediaType: 'audio/amr',
      fileName: 'v.amr',
    });
  });

  it('tests the credentials with a real token request', async () => {
    const ctx = contextFor();
    await mpAdapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'warm the cache' });
    const before = stub.tokenFetches();
    expect(await mpAdapter.test(ctx)).toEqual({ detail: 'Access token obtained' });
    expect(stub.tokenFetches()).toBe(before + 1);
    const wrong = createWechatTestContext(
      { ...settingsFor('safe'), appSecret: 'nope' },
      { wechat: stub.url },
    );
    expect(await errorOf(mpAdapter.test(wrong))).toMatchObject({ isRetryable: false });
  });
});
