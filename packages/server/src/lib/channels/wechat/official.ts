import type { ChannelAdapter } from '../../../modules/channel/channel.adapter.js';
import { callWechatJson, fetchWechatMedia, getAccessToken, officialApi } from './api.js';
import { echoOutcome, openOfficialCallback } from './callback.js';
import { toInboundMessage } from './inbound.js';
import { sendWechatOutbound, type MediaRules } from './outbound.js';

/*
 * What official accounts (公众号) and mini programs (小程序) share: the same callback (plain,
 * encrypted or both), answered "success" at once since WeChat redelivers after 5 s; replies as
 * customer-service messages through the same API, allowed for 48 h after the user's last message.
 * They differ in the media they may send and in how a push's body is written.
 */

const success = { status: 200, contentType: 'text/plain', body: 'success' };

export const createOfficialAdapter = (
  type: 'mp' | 'mini',
  mediaRules: MediaRules,
  /** The push's fields by name (XML, or the mini program's JSON). */
  fieldsOf: (body: string) => Record<string, string>,
): ChannelAdapter => ({
  type,
  replyWindowMs: 48 * 3600_000,

  handleWebhook: async (ctx, request) => {
    const opened = openOfficialCallback(ctx.settings, request);
    if (opened.kind === 'verify') return echoOutcome(opened.echo);
    const message = toInboundMessage(fieldsOf(opened.body));
    return { answer: success, messages: message ? [message] : [] };
  },

  send: async (ctx, to, message) => {
    const externalId = await sendWechatOutbound(
      ctx,
      officialApi,
      message,
      mediaRules,
      async (msgtype, content) => {
        await callWechatJson(ctx, officialApi, {
          method: 'POST',
          path: '/cgi-bin/message/custom/send',
          body: { touser: to.externalUserId, msgtype, [msgtype]: content },
        });
        // The customer-service API answers no message id.
        return '';
      },
    );
    return { externalId };
  },

  fetchMedia: (ctx, ref) => fetchWechatMedia(ctx, officialApi, ref),

  test: async (ctx) => {
    await getAccessToken(ctx, officialApi, { fresh: true });
    return { detail: 'Access token obtained' };
  },
});
