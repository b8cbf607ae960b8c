import { createTestAdapterContext, testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutsideError } from '../../../../lib/outside/http.js';
import { samplePng } from '../../../../test/protocol/local-server.js';
import {
  buildWeiboCallback,
  buildWeiboMessage,
  startWeiboPlatform,
  weiboTestAccount,
} from '../../../../test/protocol/weibo.js';
import { ChannelSignatureError, type AdapterContext } from '../../channel.adapter.js';
import { weiboAdapter } from './weibo.adapter.js';

let platform: Awaited<ReturnType<typeof startWeiboPlatform>>;
let ctx: AdapterContext;

beforeAll(async () => {
  platform = await startWeiboPlatform();
});
afterAll(() => platform.close());
beforeEach(() => {
  platform.expireToken(false);
  ctx = createTestAdapterContext(
    {
      appKey: weiboTestAccount.appKey,
      appSecret: weiboTestAccount.appSecret,
      accessToken: weiboTestAccount.accessToken,
    },
    { weibo: platform.base, 'weibo-fans': platform.base, 'weibo-upload': platform.base },
    'acc-weibo',
  );
});

describe('Weibo callbacks', () => {
  it('echoes echostr on a signed GET', async () => {
    const outcome = await weiboAdapter.handleWebhook(
      ctx,
      buildWeiboCallback({ method: 'GET', echostr: 'vIuz5ekD' }),
    );
    expect(outcome.answer).toEqual({ status: 200, contentType: 'text/plain', body: 'vIuz5ekD' });
  });

  it('refuses a GET or POST with a wrong signature', async () => {
    await expect(
      weiboAdapter.handleWebhook(ctx, buildWeiboCallback({ method: 'GET', echostr: 'x' }, 'other-secret')),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
    const post = buildWeiboCallback({
      method: 'POST',
      body: buildWeiboMessage({ userId: '1', type: 'text', text: 'x' }),
    });
    await expect(
      weiboAdapter.handleWebhook(ctx, { ...post, query: { ...post.query, nonce: 'changed' } }),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
  });

  it('parses a JSON text message with a stable id', async () => {
    const body = buildWeiboMessage({ userId: '2489518277', type: 'text', text: '私信内容' });
    const first = await weiboAdapter.handleWebhook(ctx, buildWeiboCallback({ method: 'POST', body }));
    const again = await weiboAdapter.handleWebhook(ctx, buildWeiboCallback({ method: 'POST', body }));
    expect(first.messages).toEqual([
      expect.objectContaining({ externalUserId: '2489518277', kind: 'text', text: '私信内容' }),
    ]);
    expect(first.messages[0].externalId).toBe(again.messages[0].externalId);
    expect(first.answer).toEqual({ status: 200, body: '' });
  });

  it('parses an XML message, an image and a follow event', async () => {
    const xml =
      '<xml><type>text</type><sender_id>555</sender_id><receiver_id>1</receiver_id><text>from xml</text></xml>';
    const fromXml = await weiboAdapter.handleWebhook(ctx, buildWeiboCallback({ method: 'POST', body: xml }));
    expect(fromXml.messages[0]).toMatchObject({ externalUserId: '555', kind: 'text', text: 'from xml' });

    const image = await weiboAdapter.handleWebhook(
      ctx,
      buildWeiboCallback({
        method: 'POST',
        body: buildWeiboMessage({ userId: '555', type: 'image', data: { vfid: 'vf1', tovfid: 'tvf1' } }),
      }),
    );
    expect(image.messages[0]).toMatchObject({ kind: 'image', mediaRef: 'vf1' });

    const follow = await weiboAdapter.handleWebhook(
      ctx,
      buildWeiboCallback({
        method: 'POST',
        body: buildWeiboMessage({ userId: '555', type: 'event', data: { subtype: 'click', key: 'MENU_1' } }),
      }),
    );
    expect(follow.messages[0]).toMatchObject({ kind: 'event', event: { name: 'menu_click', key: 'MENU_1' } });
  });
});

describe('Weibo calls', () => {
  it('replies through reply.json with the token and a JSON data field', async () => {
    const result = await weiboAdapter.send(
      ctx,
      { externalUserId: '555', context: {} },
      { id: testMessageId(), kind: 'text', text: 'hello' },
    );
    expect(result.externalId).not.toBe('');
    expect(platform.sent.at(-1)!.form).toEqual({
      access_token: weiboTestAccount.accessToken,
      type: 'text',
      data: '{"text":"hello"}',
      receiver_id: '555',
      save_sender_box: '1',
    });
  });

  it('a 5xx is retryable; a permission error and a refused token are not', async () => {
    platform.failNextSends(1);
    const busy = await weiboAdapter
      .send(ctx, { externalUserId: '5', context: {} }, { id: testMessageId(), kind: 'text', text: 'x' })
      .catch((e: unknown) => e);
    expect((busy as OutsideError).isRetryable).toBe(true);
    platform.denyNextSends(1);
    const denied = await weiboAdapter
      .send(ctx, { externalUserId: '5', context: {} }, { id: testMessageId(), kind: 'text', text: 'x' })
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(OutsideError);
    expect((denied as OutsideError).platformCode).toBe('20130');
    expect((denied as OutsideError).isRetryable).toBe(false);
    platform.expireToken();
    const expired = await weiboAdapter.test(ctx).catch((e: unknown) => e);
    expect((expired as OutsideError).platformCode).toBe('21327');
    expect((expired as OutsideError).message).toMatch(/paste a new one/);
  });

  it('fetches media by vfid and reads the uid in test()', async () => {
    const media = await weiboAdapter.fetchMedia(ctx, 'vf1');
    expect(media).toMatchObject({ mediaType: 'image/png', fileName: 'weibo-vf1.png' });
    expect(media.data.equals(samplePng)).toBe(true);
    expect(await weiboAdapter.test(ctx)).toEqual({ detail: `uid ${weiboTestAccount.uid}` });
  });
});
