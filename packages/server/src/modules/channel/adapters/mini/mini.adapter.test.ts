import { testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildWechatXml } from '../../../../lib/channels/wechat/xml.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  createWechatTestContext,
  forgeWechatRequest,
  officialPushRequest,
  officialVerifyRequest,
  startWechatPlatform,
  type WechatPlatformStub,
} from '../../../../test/protocol/wechat.js';
import { ChannelSignatureError, type OutboundMedia } from '../../channel.adapter.js';
import { miniAdapter } from './mini.adapter.js';

const app = { appId: 'wxmini00000000001', secret: 'mini-secret' };
const settingsFor = (encryptMode: 'plain' | 'safe') => ({
  appId: app.appId,
  appSecret: app.secret,
  token: 'minitoken',
  encryptMode,
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
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

const contextFor = (encryptMode: 'plain' | 'safe' = 'safe') =>
  createWechatTestContext(settingsFor(encryptMode), { wechat: stub.url });
const envelope = { ToUserName: 'gh_mini', FromUserName: 'o_mini_user', CreateTime: 1700000100 };
const jsonPush = (fields: Record<string, string | number>, mode: 'plain' | 'safe' = 'safe') =>
  officialPushRequest({ ...settingsFor(mode), mode, plaintext: JSON.stringify({ ...envelope, ...fields }) });
const xmlPush = (fields: Record<string, string | number>, mode: 'plain' | 'safe' = 'safe') =>
  officialPushRequest({ ...settingsFor(mode), mode, plaintext: buildWechatXml({ ...envelope, ...fields }) });

const errorOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutsideError);
  return error as OutsideError;
};

describe('mini adapter: webhooks', () => {
  it('answers the URL check and refuses a forged one', async () => {
    const request = officialVerifyRequest('minitoken', '8374650127');
    expect((await miniAdapter.handleWebhook(contextFor(), request)).answer.body).toBe('8374650127');
    await expect(miniAdapter.handleWebhook(contextFor(), forgeWechatRequest(request))).rejects.toThrow(
      ChannelSignatureError,
    );
  });

  it('reads JSON and XML pushes, encrypted or plain', async () => {
    const cases = [
      [contextFor('safe'), jsonPush({ MsgType: 'text', Content: 'json safe', MsgId: 11 })],
      [contextFor('plain'), jsonPush({ MsgType: 'text', Content: 'json plain', MsgId: 12 }, 'plain')],
      [contextFor('safe'), xmlPush({ MsgType: 'text', Content: 'xml safe', MsgId: '13' })],
      [contextFor('plain'), xmlPush({ MsgType: 'text', Content: 'xml plain', MsgId: '14' }, 'plain')],
    ] as const;
    for (const [ctx, request] of cases) {
      const outcome = await miniAdapter.handleWebhook(ctx, request);
      expect(outcome.answer.body).toBe('success');
      expect(outcome.messages).toHaveLength(1);
    }
    const [message] = (await miniAdapter.handleWebhook(cases[0][0], cases[0][1])).messages;
    expect(message).toEqual({
      externalId: '11',
      externalUserId: 'o_mini_user',
      kind: 'text',
      text: 'json safe',
      at: 1700000100000,
    });
  });

  it('keeps a 64-bit MsgId from a JSON push exact', async () => {
    const plaintext = `{"ToUserName":"gh_mini","FromUserName":"o_mini_user","CreateTime":1700000100,"MsgType":"text","Content":"hi","MsgId":6054768590064713728}`;
    const request = officialPushRequest({ ...settingsFor('safe'), mode: 'safe', plaintext });
    const [message] = (await miniAdapter.handleWebhook(contextFor(), request)).messages;
    expect(message.externalId).toBe('6054768590064713728');
  });

  it('refuses a wrong signature and a push for another mini program', async () => {
    const request = jsonPush({ MsgType: 'text', Content: 'x', MsgId: 1 });
    await expect(miniAdapter.handleWebhook(contextFor(), forgeWechatRequest(request))).rejects.toThrow(
      ChannelSignatureError,
    );
    const other = officialPushRequest({
      ...settingsFor('safe'),
      appId: 'wxsomeoneelse0001',
      mode: 'safe',
      plaintext: JSON.stringify({ ...envelope, MsgType: 'text', Content: 'x', MsgId: 1 }),
    });
    await expect(miniAdapter.handleWebhook(contextFor(), other)).rejects.toThrow(ChannelSignatureError);
  });

  it('parses images, mini program pages and entering the chat', async () => {
    const parse = async (fields: Record<string, string | number>) =>
      (await miniAdapter.handleWebhook(contextFor(), jsonPush(fields))).messages[0];
    expect(
      await parse({ MsgType: 'image', PicUrl: 'http://mmbiz/p.jpg', MediaId: 'IMG1', MsgId: 21 }),
    ).toMatchObject({
      kind: 'image',
      mediaRef: 'IMG1',
    });
    expect(
      await parse({
        MsgType: 'miniprogrampage',
        Title: 'Order detail',
        AppId: app.appId,
        PagePath: 'pages/order?id=42',
        ThumbUrl: 'http://mmbiz/t.jpg',
        ThumbMediaId: 'T1',
        MsgId: 22,
      }),
    ).toMatchObject({ kind: 'link', text: 'Order detail\npages/order?id=42' });
    expect(
      await parse({ MsgType: 'event', Event: 'user_enter_tempsession', SessionFrom: 'cart' }),
    ).toMatchObject({
      kind: 'event',
      event: { name: 'enter_session', key: 'cart' },
      externalId: 'o_mini_user:1700000100:user_enter_tempsession',
    });
  });
});

describe('mini adapter: platform calls', () => {
  const to = { externalUserId: 'o_mini_user', context: {} };
  const mediaOf = (data: Buffer, fileName: string, mediaType: string): OutboundMedia => ({
    fileName,
    mediaType,
    size: data.length,
    url: `https://kefu.example.com/files/${fileName}`,
    read: async () => data,
  });

  it('sends texts with one token for two sends', async () => {
    const ctx = contextFor();
    const before = stub.tokenFetches();
    await miniAdapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'Hi' });
    await miniAdapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'There' });
    expect(stub.tokenFetches() - before).toBe(1);
    const sends = stub.calls.filter((call) => call.path === '/cgi-bin/message/custom/send');
    expect(sends[0].body).toEqual({ touser: 'o_mini_user', msgtype: 'text', text: { content: 'Hi' } });
    expect(sends[0].query.access_token).toBe(sends[1].query.access_token);
  });

  it('uploads images; a video (mini programs take only images) goes as a link', async () => {
    const ctx = contextFor();
    await miniAdapter.send(ctx, to, {
      id: testMessageId(),
      kind: 'image',
      text: '',
      media: mediaOf(Buffer.from('jpg'), 'a.jpg', 'image/jpeg'),
    });
    expect(stub.sends.at(-1)).toMatchObject({
      msgtype: 'image',
      image: { media_id: stub.uploads.at(-1)?.mediaId },
    });
    await miniAdapter.send(ctx, to, {
      id: testMessageId(),
      kind: 'video',
      text: '',
      media: mediaOf(Buffer.from('mp4'), 'b.mp4', 'video/mp4'),
    });
    expect(stub.sends.at(-1)).toMatchObject({
      msgtype: 'text',
      text: { content: 'b.mp4: https://kefu.example.com/files/b.mp4' },
    });
  });

  it('refreshes an expired token and classes failures', async () => {
    const ctx = contextFor();
    const text = { id: testMessageId(), kind: 'text' as const, text: 'x' };
    await miniAdapter.send(ctx, to, text);
    stub.expireTokens();
    await miniAdapter.send(ctx, to, text);
    expect(stub.sends).toHaveLength(2);
    stub.failNextSends(1, 'http');
    expect(await errorOf(miniAdapter.send(ctx, to, text))).toMatchObject({ isRetryable: true, status: 500 });
    stub.failNextSends(1, 'busy');
    expect(await errorOf(miniAdapter.send(ctx, to, text))).toMatchObject({
      isRetryable: true,
      platformCode: '-1',
    });
    stub.failNext('/cgi-bin/message/custom/send', { errcode: 40003, errmsg: 'invalid openid' });
    expect(await errorOf(miniAdapter.send(ctx, to, text))).toMatchObject({
      isRetryable: false,
      platformCode: '40003',
    });
  });

  it('fetches media and tests the credentials', async () => {
    const mediaId = stub.addMedia({ data: Buffer.from('png!'), mediaType: 'image/png', fileName: 'p.png' });
    expect(await miniAdapter.fetchMedia(contextFor(), mediaId)).toMatchObject({
      mediaType: 'image/png',
      data: Buffer.from('png!'),
    });
    const before = stub.tokenFetches();
    expect(await miniAdapter.test(contextFor())).toEqual({ detail: 'Access token obtained' });
    expect(stub.tokenFetches()).toBe(before + 1);
  });
});
