import { testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildWechatXml } from '../../../../lib/channels/wechat/xml.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  createWechatTestContext,
  forgeWechatRequest,
  startWechatPlatform,
  workPushRequest,
  workVerifyRequest,
  type WechatPlatformStub,
} from '../../../../test/protocol/wechat.js';
import { ChannelSignatureError, type OutboundMedia, type WebhookRequest } from '../../channel.adapter.js';
import { wechatworkAdapter } from './wechatwork.adapter.js';

const corp = { corpId: 'wx5823bf96d3bd56c7', secret: 'app-secret', agentId: '218', agentName: 'Helpdesk' };
const settings = {
  corpId: corp.corpId,
  agentId: corp.agentId,
  secret: corp.secret,
  token: 'QDG6eK',
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
};
let stub: WechatPlatformStub;

beforeAll(async () => {
  stub = await startWechatPlatform({ corps: [corp] });
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.calls.length = 0;
  stub.sends.length = 0;
});

const contextFor = () => createWechatTestContext(settings, { wework: stub.url });
const push = (fields: Record<string, string | number>) =>
  workPushRequest({
    ...settings,
    plaintext: buildWechatXml({
      ToUserName: corp.corpId,
      FromUserName: 'zhangsan',
      CreateTime: 1700000400,
      AgentID: 218,
      ...fields,
    }),
  });
const parse = async (request: WebhookRequest) =>
  (await wechatworkAdapter.handleWebhook(contextFor(), request)).messages;

const errorOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutsideError);
  return error as OutsideError;
};

describe('wechatwork adapter: callbacks', () => {
  it('answers the URL check with the decrypted echostr', async () => {
    const request = workVerifyRequest({ ...settings, echo: '1616140317555161061' });
    expect((await wechatworkAdapter.handleWebhook(contextFor(), request)).answer.body).toBe(
      '1616140317555161061',
    );
    await expect(wechatworkAdapter.handleWebhook(contextFor(), forgeWechatRequest(request))).rejects.toThrow(
      ChannelSignatureError,
    );
  });

  it("reads Work WeChat's own sample message", async () => {
    const request: WebhookRequest = {
      method: 'POST',
      query: {
        msg_signature: '477715d11cdb4164915debcba66cb864d751f3e6',
        timestamp: '1409659813',
        nonce: '1372623149',
      },
      headers: { 'content-type': 'text/xml' },
      rawBody: Buffer.from(
        '<xml><ToUserName><![CDATA[wx5823bf96d3bd56c7]]></ToUserName><Encrypt><![CDATA[RypEvHKD8QQKFhvQ6QleEB4J58tiPdvo+rtK1I9qca6aM/wvqnLSV5zEPeusUiX5L5X/0lWfrf0QADHHhGd3QczcdCUpj911L3vg3W/sYYvuJTs3TUUkSUXxaccAS0qhxchrRYt66wiSpGLYL42aM6A8dTT+6k4aSknmPj48kzJs8qLjvd4Xgpue06DOdnLxAUHzM6+kDZ+HMZfJYuR+LtwGc2hgf5gsijff0ekUNXZiqATP7PF5mZxZ3Izoun1s4zG4LUMnvw2r+KqCKIw+3IQH03v+BCA9nMELNqbSf6tiWSrXJB3LAVGUcallcrw8V2t9EL4EhzJWrQUax5wLVMNS0+rUPA3k22Ncx4XXZS9o0MBH27Bo6BpNelZpS+/uh9KsNlY6bHCmJU9p8g7m3fVKn28H3KDYA5Pl/T8Z1ptDAVe0lXdQ2YoyyH2uyPIGHBZZIs2pDBS8R07+qN+E7Q==]]></Encrypt><AgentID><![CDATA[218]]></AgentID></xml>',
      ),
    };
    const outcome = await wechatworkAdapter.handleWebhook(contextFor(), request);
    expect(outcome).toEqual({
      answer: { status: 200, contentType: 'text/plain', body: '' },
      messages: [
        {
          externalId: '4561255354251345929',
          externalUserId: 'mycreate',
          kind: 'text',
          text: 'hello',
          at: 1409659813000,
        },
      ],
    });
    await expect(wechatworkAdapter.handleWebhook(contextFor(), forgeWechatRequest(request))).rejects.toThrow(
      ChannelSignatureError,
    );
    const otherCorp = createWechatTestContext({ ...settings, corpId: 'wwanothercorp' }, { wework: stub.url });
    await expect(wechatworkAdapter.handleWebhook(otherCorp, request)).rejects.toThrow(ChannelSignatureError);
  });

  it('parses each kind, and ignores another app of the same corporation', async () => {
    const one = async (fields: Record<string, string | number>) => (await parse(push(fields)))[0];
    expect(await one({ MsgType: 'image', PicUrl: 'http://p', MediaId: 'IMG', MsgId: '31' })).toMatchObject({
      kind: 'image',
      mediaRef: 'IMG',
    });
    expect(await one({ MsgType: 'voice', MediaId: 'VOC', Format: 'amr', MsgId: '32' })).toMatchObject({
      kind: 'voice',
      mediaRef: 'VOC',
    });
    expect(await one({ MsgType: 'video', MediaId: 'VID', ThumbMediaId: 'T', MsgId: '33' })).toMatchObject({
      kind: 'video',
      mediaRef: 'VID',
    });
    expect(
      await one({
        MsgType: 'location',
        Location_X: '23.1',
        Location_Y: '113.3',
        Scale: 15,
        Label: 'HQ',
        MsgId: '34',
      }),
    ).toMatchObject({ kind: 'location', text: 'HQ' });
    expect(
      await one({
        MsgType: 'link',
        Title: 'Doc',
        Description: 'd',
        Url: 'https://doc.example',
        PicUrl: '',
        MsgId: '35',
      }),
    ).toMatchObject({ kind: 'link', text: 'Doc\nhttps://doc.example' });
    expect(await one({ MsgType: 'event', Event: 'click', EventKey: 'K1' })).toMatchObject({
      kind: 'event',
      event: { name: 'menu_click', key: 'K1' },
      externalId: 'zhangsan:1700000400:click',
    });
    expect(await one({ MsgType: 'event', Event: 'enter_agent', EventKey: '' })).toMatchObject({
      event: { name: 'enter_session' },
    });
    expect(await one({ MsgType: 'event', Event: 'subscribe' })).toMatchObject({
      event: { name: 'subscribe' },
    });
    expect(
      await parse(push({ MsgType: 'text', Content: 'for another app', MsgId: '36', AgentID: 1000009 })),
    ).toEqual([]);
  });
});

describe('wechatwork adapter: platform calls', () => {
  const to = { externalUserId: 'zhangsan', context: {} };
  const mediaOf = (data: Buffer, fileName: string, mediaType: string): OutboundMedia => ({
    fileName,
    mediaType,
    size: data.length,
    url: `https://kefu.example.com/files/${fileName}`,
    read: async () => data,
  });

  it('sends texts as the app with one token for two sends', async () => {
    const ctx = contextFor();
    const before = stub.tokenFetches();
    const { externalId } = await wechatworkAdapter.send(ctx, to, {
      id: testMessageId(),
      kind: 'text',
      text: 'Ticket 7 is fixed',
    });
    await wechatworkAdapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'Anything else?' });
    expect(externalId).toMatch(/^msg/);
    expect(stub.tokenFetches() - before).toBe(1);
    const tokenCall = stub.calls.find((call) => call.path === '/cgi-bin/gettoken');
    expect(tokenCall?.query).toEqual({ corpid: corp.corpId, corpsecret: corp.secret });
    const send = stub.calls.find((call) => call.path === '/cgi-bin/message/send');
    expect(send?.body).toEqual({
      touser: 'zhangsan',
      msgtype: 'text',
      agentid: 218,
      text: { content: 'Ticket 7 is fixed' },
    });
    expect(send?.query.access_token).toBe(
      stub.calls.filter((call) => call.path === '/cgi-bin/message/send')[1].query.access_token,
    );
  });

  it('uploads media by kind; voice that is not AMR goes as a link', async () => {
    const ctx = contextFor();
    await wechatworkAdapter.send(ctx, to, {
      id: testMessageId(),
      kind: 'video',
      text: '',
      media: mediaOf(Buffer.from('mp4'), 'v.mp4', 'video/mp4'),
    });
    expect(stub.uploads.at(-1)).toMatchObject({ type: 'video', fileName: 'v.mp4' });
    expect(stub.sends.at(-1)).toMatchObject({
      msgtype: 'video',
      agentid: 218,
      video: { media_id: stub.uploads.at(-1)?.mediaId },
    });
    await wechatworkAdapter.send(ctx, to, {
      id: testMessageId(),
      kind: 'voice',
      text: '',
      media: mediaOf(Buffer.from('ogg'), 'v.ogg', 'audio/ogg'),
    });
    expect(stub.sends.at(-1)).toMatchObject({
      msgtype: 'text',
      text: { content: 'v.ogg: https://kefu.example.com/files/v.ogg' },
    });
  });

  it("refuses a member outside the app's visible range without retrying", async () => {
    const members = await startWechatPlatform({ corps: [{ ...corp, members: ['lisi'] }] });
    try {
      const ctx = createWechatTestContext(settings, { wework: members.url });
      await wechatworkAdapter.send(
        ctx,
        { externalUserId: 'lisi', context: {} },
        { id: testMessageId(), kind: 'text', text: 'ok' },
      );
      const error = await errorOf(
        wechatworkAdapter.send(ctx, to, { id: testMessageId(), kind: 'text', text: 'x' }),
      );
      expect(error).toMatchObject({ isRetryable: false, platformCode: '81013' });
      expect(error.message).toMatch(/visible range/);
      expect(members.sends.map((send) => send.touser)).toEqual(['lisi']);
    } finally {
      await members.close();
    }
  });

  it('refreshes an expired token and classes failures', async () => {
    const ctx = contextFor();
    const text = { id: testMessageId(), kind: 'text' as const, text: 'x' };
    await wechatworkAdapter.send(ctx, to, text);
    stub.expireTokens();
    await wechatworkAdapter.send(ctx, to, text);
    expect(stub.sends).toHaveLength(2);
    stub.failNextSends(1, 'http');
    expect(await errorOf(wechatworkAdapter.send(ctx, to, text))).toMatchObject({
      isRetryable: true,
      status: 500,
    });
    stub.failNextSends(1, 'busy');
    expect(await errorOf(wechatworkAdapter.send(ctx, to, text))).toMatchObject({
      isRetryable: true,
      platformCode: '-1',
    });
    stub.failNext('/cgi-bin/message/send', { errcode: 60020, errmsg: 'not allow to access from your ip' });
    const ip = await errorOf(wechatworkAdapter.send(ctx, to, text));
    expect(ip).toMatchObject({ isRetryable: false, platformCode: '60020' });
    expect(ip.message).toMatch(/trusted IP/);
  });

  it('fetches media and tests the credentials and the AgentId', async () => {
    const mediaId = stub.addMedia({ data: Buffer.from('gif'), mediaType: 'image/gif', fileName: 'g.gif' });
    expect(await wechatworkAdapter.fetchMedia(contextFor(), mediaId)).toEqual({
      data: Buffer.from('gif'),
      mediaType: 'image/gif',
      fileName: 'g.gif',
    });
    const before = stub.tokenFetches();
    expect(await wechatworkAdapter.test(contextFor())).toEqual({
      detail: 'Access token obtained; app "Helpdesk"',
    });
    expect(stub.tokenFetches()).toBe(before + 1);
    const wrongAgent = createWechatTestContext({ ...settings, agentId: '999' }, { wework: stub.url });
    expect(await errorOf(wechatworkAdapter.test(wrongAgent))).toMatchObject({
      platformCode: '40056',
      isRetryable: false,
    });
  });
});
