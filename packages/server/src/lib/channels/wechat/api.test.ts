import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createWechatTestContext,
  startWechatPlatform,
  type WechatPlatformStub,
} from '../../../test/protocol/wechat.js';
import { OutsideError } from '../../outside/http.js';
import {
  callWechatJson,
  fetchWechatMedia,
  getAccessToken,
  officialApi,
  uploadWechatMedia,
  workApi,
} from './api.js';

const app = { appId: 'wxapitest00000001', secret: 'app-secret' };
const corp = { corpId: 'wwapitest00000001', secret: 'corp-secret', agentId: '1000002' };
let stub: WechatPlatformStub;

beforeAll(async () => {
  stub = await startWechatPlatform({ apps: [app], corps: [corp] });
});
afterAll(() => stub.close());

const officialContext = (secret = app.secret) =>
  createWechatTestContext({ appId: app.appId, appSecret: secret }, { wechat: stub.url });
const workContext = () =>
  createWechatTestContext(
    { corpId: corp.corpId, secret: corp.secret, agentId: corp.agentId },
    { wework: stub.url },
  );

const sendText = (ctx: ReturnType<typeof officialContext>, content: string) =>
  callWechatJson(ctx, officialApi, {
    method: 'POST',
    path: '/cgi-bin/message/custom/send',
    body: { touser: 'openid-1', msgtype: 'text', text: { content } },
  });

const errorOf = async (promise: Promise<unknown>): Promise<OutsideError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutsideError) return error;
    throw error;
  }
  throw new Error('expected an OutsideError');
};

describe('WeChat API calls', () => {
  beforeEach(() => {
    stub.calls.length = 0;
  });

  it('fetches one token for several calls, also when they start together', async () => {
    const ctx = officialContext();
    const before = stub.tokenFetches();
    await Promise.all([sendText(ctx, 'one'), sendText(ctx, 'two')]);
    await sendText(ctx, 'three');
    expect(stub.tokenFetches() - before).toBe(1);
    const tokenCall = stub.calls.find((call) => call.path === '/cgi-bin/token');
    expect(tokenCall?.query).toEqual({
      grant_type: 'client_credential',
      appid: app.appId,
      secret: app.secret,
    });
    const sends = stub.calls.filter((call) => call.path === '/cgi-bin/message/custom/send');
    expect(new Set(sends.map((call) => call.query.access_token)).size).toBe(1);
  });

  it('forgets an expired token (42001) and retries once with a fresh one', async () => {
    const ctx = officialContext();
    const first = await getAccessToken(ctx, officialApi);
    stub.expireTokens();
    await sendText(ctx, 'after expiry');
    const sends = stub.calls.filter((call) => call.path === '/cgi-bin/message/custom/send');
    expect(sends.map((call) => call.query.access_token === first)).toEqual([true, false]);
    expect(await ctx.tokens.get(officialApi.tokenNameOf(ctx.settings))).toBe(sends[1].query.access_token);
  });

  it('gives up after one retry when the fresh token is refused too, leaving it to the job runner', async () => {
    const ctx = officialContext();
    await getAccessToken(ctx, officialApi);
    stub.failNext('/cgi-bin/message/custom/send', { errcode: 40001, errmsg: 'invalid credential', count: 2 });
    const error = await errorOf(sendText(ctx, 'x'));
    expect(error).toMatchObject({ kind: 'platform', platformCode: '40001', isRetryable: true });
    expect(stub.calls.filter((call) => call.path === '/cgi-bin/message/custom/send')).toHaveLength(2);
  });

  it('refuses a wrong secret without retrying', async () => {
    const error = await errorOf(getAccessToken(officialContext('wrong'), officialApi));
    expect(error).toMatchObject({ kind: 'platform', platformCode: '40125', isRetryable: false });
    expect(error.message).toMatch(/refused the credentials/);
    const workError = await errorOf(
      getAccessToken(
        createWechatTestContext({ corpId: 'wwnope', secret: 'x' }, { wework: stub.url }),
        workApi,
      ),
    );
    expect(workError).toMatchObject({ platformCode: '40013', isRetryable: false });
  });

  it('classes HTTP 5xx and "system busy" as retryable, permissions and the reply window as not', async () => {
    const ctx = officialContext();
    stub.failNextSends(1, 'http');
    expect(await errorOf(sendText(ctx, 'x'))).toMatchObject({ kind: 'http', status: 500, isRetryable: true });
    stub.failNextSends(1, 'busy');
    expect(await errorOf(sendText(ctx, 'x'))).toMatchObject({
      kind: 'platform',
      platformCode: '-1',
      isRetryable: true,
    });
    stub.failNext('/cgi-bin/message/custom/send', { errcode: 48001, errmsg: 'api unauthorized' });
    expect(await errorOf(sendText(ctx, 'x'))).toMatchObject({ platformCode: '48001', isRetryable: false });
    stub.failNext('/cgi-bin/message/custom/send', {
      errcode: 45015,
      errmsg: 'response out of time limit or subscription is canceled',
    });
    const late = await errorOf(sendText(ctx, 'x'));
    expect(late).toMatchObject({ platformCode: '45015', isRetryable: false });
    expect(late.message).toMatch(/48 hours.*response out of time limit/);
    stub.failNext('/cgi-bin/message/custom/send', { errcode: 45047, errmsg: 'out of response count limit' });
    expect(await errorOf(sendText(ctx, 'x'))).toMatchObject({ platformCode: '45047', isRetryable: false });
  });

  it('uploads media as multipart and downloads it back with its type and name', async () => {
    const ctx = workContext();
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 0, 255]);
    const mediaId = await uploadWechatMedia(ctx, workApi, 'image', {
      data,
      fileName: 'say "hi".png',
      mediaType: 'image/png',
    });
    const upload = stub.uploads.find((item) => item.mediaId === mediaId);
    expect(upload).toMatchObject({ type: 'image', mediaType: 'image/png', fileName: 'say _hi_.png' });
    expect(upload?.data.equals(data)).toBe(true);
    const fetched = await fetchWechatMedia(ctx, workApi, mediaId);
    expect(fetched.data.equals(data)).toBe(true);
    expect(fetched).toMatchObject({ mediaType: 'image/png', fileName: 'say _hi_.png' });
  });

  it('reads a Chinese file name from the download header', async () => {
    const mediaId = stub.addMedia({
      data: Buffer.from('%PDF'),
      mediaType: 'application/pdf',
      fileName: '发票 3月.pdf',
    });
    expect(await fetchWechatMedia(workContext(), workApi, mediaId)).toMatchObject({
      fileName: '发票 3月.pdf',
      mediaType: 'application/pdf',
    });
  });

  it("follows an official account video's download address and reports unknown media", async () => {
    const ctx = officialContext();
    const video = Buffer.from('mp4 bytes');
    const mediaId = stub.addMedia(
      { data: video, mediaType: 'video/mp4', fileName: 'v.mp4' },
      { videoUrl: true },
    );
    const fetched = await fetchWechatMedia(ctx, officialApi, mediaId);
    expect(fetched.data.toString()).toBe('mp4 bytes');
    expect(fetched.mediaType).toBe('video/mp4');
    expect(await errorOf(fetchWechatMedia(ctx, officialApi, 'nope'))).toMatchObject({
      platformCode: '40007',
      isRetryable: false,
    });
  });

  it('refreshes the token for media downloads too', async () => {
    const ctx = officialContext();
    const mediaId = stub.addMedia({ data: Buffer.from('voice'), mediaType: 'audio/amr', fileName: 'a.amr' });
    await getAccessToken(ctx, officialApi);
    stub.expireTokens();
    const fetched = await fetchWechatMedia(ctx, officialApi, mediaId);
    expect(fetched).toMatchObject({ mediaType: 'audio/amr', fileName: 'a.amr' });
    expect(stub.calls.filter((call) => call.path === '/cgi-bin/media/get')).toHaveLength(2);
  });
});
