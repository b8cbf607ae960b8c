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
  type KfStubMessage,
  type WechatPlatformStub,
} from '../../../../test/protocol/wechat.js';
import { ChannelSignatureError, type OutboundMedia, type WebhookRequest } from '../../channel.adapter.js';
import { wechatkefuAdapter } from './wechatkefu.adapter.js';

const corp = { corpId: 'wwkf0000000000001', secret: 'kf-secret' };
const settings = {
  corpId: corp.corpId,
  secret: corp.secret,
  token: 'kftoken',
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
};
const kfid = 'wkAAAA0001';
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
const callback = (token: string) =>
  workPushRequest({
    ...settings,
    plaintext: buildWechatXml({
      ToUserName: corp.corpId,
      CreateTime: 1700000200,
      MsgType: 'event',
      Event: 'kf_msg_or_event',
      Token: token,
      OpenKfId: kfid,
    }),
  });
let serial = 0;
const customerMessage = (
  userId: string,
  msgtype: string,
  content: Record<string, unknown>,
): KfStubMessage => ({
  msgid: `msg${(serial += 1)}`,
  open_kfid: kfid,
  external_userid: userId,
  send_time: 1700000200 + serial,
  origin: 3,
  msgtype,
  [msgtype]: content,
});

const errorOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutsideError);
  return error as OutsideError;
};

describe('wechatkefu adapter: callbacks', () => {
  it("answers Work WeChat's sample URL check with the decrypted echostr", async () => {
    const request: WebhookRequest = {
      method: 'GET',
      query: {
        msg_signature: '5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3',
        timestamp: '1409659589',
        nonce: '263014780',
        echostr: 'P9nAzCzyDtyTWESHep1vC5X9xho/qYX3Zpb4yKa9SKld1DsH3Iyt3tP3zNdtp+4RPcs8TgAE7OaBO+FZXvnaqQ==',
      },
      headers: {},
      rawBody: Buffer.alloc(0),
    };
    const ctx = createWechatTestContext({ ...settings, corpId: 'wx5823bf96d3bd56c7', token: 'QDG6eK' });
    expect((await wechatkefuAdapter.handleWebhook(ctx, request)).answer).toEqual({
      status: 200,
      contentType: 'text/plain',
      body: '1616140317555161061',
    });
    await expect(wechatkefuAdapter.handleWebhook(ctx, forgeWechatRequest(request))).rejects.toThrow(
      ChannelSignatureError,
    );
    // Same key and token, another corporation: the receive id does not match.
    const other = createWechatTestContext({ ...settings, corpId: 'wwother', token: 'QDG6eK' });
    await expect(wechatkefuAdapter.handleWebhook(other, request)).rejects.toThrow(ChannelSignatureError);
  });

  it('answers a generated URL check too', async () => {
    const request = workVerifyRequest({ ...settings, echo: 'random-echo' });
    expect((await wechatkefuAdapter.handleWebhook(contextFor(), request)).answer.body).toBe('random-echo');
  });

  it('turns kf_msg_or_event into a pull token and nothing else', async () => {
    const outcome = await wechatkefuAdapter.handleWebhook(contextFor(), callback('ENCtoken1'));
    expect(outcome).toEqual({
      answer: { status: 200, contentType: 'text/plain', body: '' },
      messages: [],
      pullToken: 'ENCtoken1',
    });
    await expect(
      wechatkefuAdapter.handleWebhook(contextFor(), forgeWechatRequest(callback('x'))),
    ).rejects.toThrow(ChannelSignatureError);
    const otherCorp = workPushRequest({ ...settings, corpId: 'wwother', plaintext: '<xml></xml>' });
    await expect(wechatkefuAdapter.handleWebhook(contextFor(), otherCorp)).rejects.toThrow(
      ChannelSignatureError,
    );
  });
});

describe('wechatkefu adapter: pull', () => {
  it('reads every page from the saved cursor, keeps customer messages and entering, then continues', async () => {
    stub.kf.pageSize = 3;
    stub.kf.customers.set('wm_alice', { nickname: 'Alice', avatar: 'https://wx.qlogo.cn/alice' });
    const ctx = contextFor();
    const queued = [
      customerMessage('wm_alice', 'text', { content: 'Where is my order?' }),
      customerMessage('wm_alice', 'image', { media_id: 'IMG' }),
      { ...customerMessage('wm_alice', 'text', { content: 'from the servicer' }), origin: 5 },
      customerMessage('wm_bob', 'voice', { media_id: 'VOICE' }),
      customerMessage('wm_bob', 'video', { media_id: 'VIDEO' }),
      customerMessage('wm_bob', 'file', { media_id: 'FILE' }),
      customerMessage('wm_bob', 'location', {
        latitude: 23.1,
        longitude: 113.3,
        name: 'Office',
        address: 'Tianhe',
      }),
      customerMessage('wm_bob', 'link', { title: 'Item', desc: 'd', url: 'https://shop.example/1' }),
      {
        msgid: 'ev1',
        open_kfid: kfid,
        external_userid: '',
        send_time: 1700000300,
        origin: 4,
        msgtype: 'event',
        event: {
          event_type: 'enter_session',
          open_kfid: kfid,
          external_userid: 'wm_carol',
          scene: 'web',
          scene_param: 'p1',
        },
      },
      {
        msgid: 'ev2',
        open_kfid: kfid,
        external_userid: '',
        send_time: 1700000301,
        origin: 4,
        msgtype: 'event',
        event: { event_type: 'servicer_status_change', servicer_userid: 'zhangsan' },
      },
    ];
    for (const message of queued) stub.kf.queue(message);
    const token = stub.kf.issueToken();
    const messages = await wechatkefuAdapter.pull!(ctx, token);
    const syncs = stub.calls.filter((call) => call.path === '/cgi-bin/kf/sync_msg');
    expect(syncs.map((call) => call.body)).toEqual([
      { token, limit: 1000 },
      { cursor: 'c3', token, limit: 1000 },
      { cursor: 'c6', token, limit: 1000 },
      { cursor: 'c9', token, limit: 1000 },
    ]);
    expect(ctx.cursor()).toBe('c10');
    expect(messages.map((message) => [message.kind, message.text, message.mediaRef])).toEqual([
      ['text', 'Where is my order?', undefined],
      ['image', '', 'IMG'],
      ['voice', '', 'VOICE'],
      ['video', '', 'VIDEO'],
      ['file', '', 'FILE'],
      ['location', 'Office\nTianhe', undefined],
      ['link', 'Item\nhttps://shop.example/1', undefined],
      ['event', '', undefined],
    ]);
    expect(messages[0]).toMatchObject({
      externalId: queued[0].msgid,
      externalUserId: 'wm_alice',
      nickname: 'Alice',
      avatar: 'https://wx.qlogo.cn/alice',
      context: { openKfId: kfid },
      at: queued[0].send_time * 1000,
    });
    expect(messages[2].nickname).toBeUndefined();
    expect(messages[7]).toMatchObject({
      externalUserId: 'wm_carol',
      event: { name: 'enter_session', key: 'p1' },
      context: { openKfId: kfid },
    });

    stub.kf.queue(customerMessage('wm_alice', 'text', { content: 'Hello again' }));
    const next = await wechatkefuAdapter.pull!(ctx, stub.kf.issueToken());
    expect(next.map((message) => message.text)).toEqual(['Hello again']);
    expect(ctx.cursor()).toBe('c11');
  });

  it('keeps what it read when a later page fails, and throws when nothing was read', async () => {
    const ctx = contextFor();
    await wechatkefuAdapter.pull!(ctx, stub.kf.issueToken()); // from the end of what earlier tests queued
    const start = Number(ctx.cursor().slice(1));
    stub.kf.pageSize = 1;
    stub.kf.queue(customerMessage('wm_dan', 'text', { content: 'one' }));
    stub.kf.queue(customerMessage('wm_dan', 'text', { content: 'two' }));
    const token = stub.kf.issueToken();

    stub.failNext('/cgi-bin/kf/sync_msg', { errcode: -1, errmsg: 'system busy' });
    expect(await errorOf(wechatkefuAdapter.pull!(ctx, token))).toMatchObject({ isRetryable: true });
    expect(ctx.cursor()).toBe(`c${start}`);

    stub.failNext('/cgi-bin/kf/sync_msg', { errcode: -1, errmsg: 'system busy', after: 1 });
    const partial = await wechatkefuAdapter.pull!(ctx, token);
    expect(partial.map((message) => message.text)).toEqual(['one']);
    expect(ctx.cursor()).toBe(`c${start + 1}`);

    const rest = await wechatkefuAdapter.pull!(ctx, token);
    expect(rest.map((message) => message.text)).toEqual(['two']);
    expect(ctx.cursor()).toBe(`c${start + 2}`);
    await expect(wechatkefuAdapter.pull!(ctx, 'ENCforged')).rejects.toMatchObject({ platformCode: '95007' });
    stub.kf.pageSize = 1000;
  });
});

describe('wechatkefu adapter: sending', () => {
  const to = (userId: string) => ({ externalUserId: userId, context: { openKfId: kfid } });
  const mediaOf = (data: Buffer, fileName: string, mediaType: string): OutboundMedia => ({
    fileName,
    mediaType,
    size: data.length,
    url: `https://kefu.example.com/files/${fileName}`,
    read: async () => data,
  });

  it('moves a new session to the API (state 1) and sends with one token for two sends', async () => {
    stub.kf.states.set(`${kfid}|wm_erin`, 0);
    const ctx = contextFor();
    const before = stub.tokenFetches();
    const first = await wechatkefuAdapter.send(ctx, to('wm_erin'), {
      id: testMessageId(),
      kind: 'text',
      text: 'Hello Erin',
    });
    await wechatkefuAdapter.send(ctx, to('wm_erin'), {
      id: testMessageId(),
      kind: 'text',
      text: 'Anything else?',
    });
    expect(stub.tokenFetches() - before).toBe(1);
    expect(first.externalId).toMatch(/^kfmsg/);
    expect(stub.kf.states.get(`${kfid}|wm_erin`)).toBe(1);
    expect(stub.calls.map((call) => call.path)).toEqual([
      '/cgi-bin/gettoken',
      '/cgi-bin/kf/service_state/get',
      '/cgi-bin/kf/service_state/trans',
      '/cgi-bin/kf/send_msg',
      '/cgi-bin/kf/service_state/get',
      '/cgi-bin/kf/send_msg',
    ]);
    expect(stub.calls[2].body).toEqual({ open_kfid: kfid, external_userid: 'wm_erin', service_state: 1 });
    expect(stub.calls[3].body).toEqual({
      touser: 'wm_erin',
      open_kfid: kfid,
      msgtype: 'text',
      text: { content: 'Hello Erin' },
    });
    expect(stub.calls[3].query.access_token).toMatch(/^WORK_/);
  });

  it('refuses, without retrying, while a Work WeChat servicer holds the session or after it ended', async () => {
    stub.kf.states.set(`${kfid}|wm_fay`, 3);
    const held = await errorOf(
      wechatkefuAdapter.send(contextFor(), to('wm_fay'), { id: testMessageId(), kind: 'text', text: 'x' }),
    );
    expect(held).toMatchObject({ isRetryable: false, platformCode: 'service_state_3' });
    expect(held.message).toMatch(/servicer/);
    stub.kf.states.set(`${kfid}|wm_fay`, 4);
    expect(
      await errorOf(
        wechatkefuAdapter.send(contextFor(), to('wm_fay'), { id: testMessageId(), kind: 'text', text: 'x' }),
      ),
    ).toMatchObject({ isRetryable: false, platformCode: 'service_state_4' });
    expect(stub.sends).toEqual([]);
    await expect(
      wechatkefuAdapter.send(
        contextFor(),
        { externalUserId: 'wm_fay', context: {} },
        { id: testMessageId(), kind: 'text', text: 'x' },
      ),
    ).rejects.toThrow(/open_kfid/);
  });

  it('uploads files and sends them as file messages', async () => {
    stub.kf.states.set(`${kfid}|wm_gil`, 1);
    await wechatkefuAdapter.send(contextFor(), to('wm_gil'), {
      id: testMessageId(),
      kind: 'file',
      text: '',
      media: mediaOf(Buffer.from('%PDF-1.4'), 'invoice.pdf', 'application/pdf'),
    });
    expect(stub.uploads.at(-1)).toMatchObject({ type: 'file', fileName: 'invoice.pdf' });
    expect(stub.sends.at(-1)).toMatchObject({
      msgtype: 'file',
      file: { media_id: stub.uploads.at(-1)?.mediaId },
    });
  });

  it('refreshes an expired token, classes failures, maps the per-window message limit', async () => {
    stub.kf.states.set(`${kfid}|wm_hal`, 1);
    const ctx = contextFor();
    const text = { id: testMessageId(), kind: 'text' as const, text: 'x' };
    await wechatkefuAdapter.send(ctx, to('wm_hal'), text);
    stub.expireTokens();
    await wechatkefuAdapter.send(ctx, to('wm_hal'), text);
    expect(stub.sends).toHaveLength(2);
    stub.failNextSends(1, 'http');
    expect(await errorOf(wechatkefuAdapter.send(ctx, to('wm_hal'), text))).toMatchObject({
      isRetryable: true,
    });
    stub.failNextSends(1, 'busy');
    expect(await errorOf(wechatkefuAdapter.send(ctx, to('wm_hal'), text))).toMatchObject({
      isRetryable: true,
      platformCode: '-1',
    });
    stub.failNext('/cgi-bin/kf/send_msg', { errcode: 95001, errmsg: 'send msg count limit' });
    const limited = await errorOf(wechatkefuAdapter.send(ctx, to('wm_hal'), text));
    expect(limited).toMatchObject({ isRetryable: false, platformCode: '95001' });
    expect(limited.message).toMatch(/wait for the customer/);
    stub.failNext('/cgi-bin/kf/send_msg', { errcode: 95017, errmsg: 'kf account not managed by api' });
    expect(await errorOf(wechatkefuAdapter.send(ctx, to('wm_hal'), text))).toMatchObject({
      isRetryable: false,
    });
  });

  it('fetches media and tests the credentials', async () => {
    const mediaId = stub.addMedia({ data: Buffer.from('jpeg'), mediaType: 'image/jpeg', fileName: 'x.jpg' });
    expect(await wechatkefuAdapter.fetchMedia(contextFor(), mediaId)).toEqual({
      data: Buffer.from('jpeg'),
      mediaType: 'image/jpeg',
      fileName: 'x.jpg',
    });
    const before = stub.tokenFetches();
    expect(await wechatkefuAdapter.test(contextFor())).toEqual({
      detail: 'Access token obtained; 1 customer-service account',
    });
    expect(stub.tokenFetches()).toBe(before + 1);
  });
});
