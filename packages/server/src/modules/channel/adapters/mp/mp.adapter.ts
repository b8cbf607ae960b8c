import {
  callWechatJson,
  fetchWechatMedia,
  getAccessToken,
  officialApi,
} from '../../../../lib/channels/wechat/api.js';
import { openOfficialCallback } from '../../../../lib/channels/wechat/callback.js';
import { toInboundMessage } from '../../../../lib/channels/wechat/inbound.js';
import { officialMediaRules, sendWechatOutbound } from '../../../../lib/channels/wechat/outbound.js';
import { parseWechatXml } from '../../../../lib/channels/wechat/xml.js';
import type { ChannelAdapter } from '../../channel.adapter.js';

/*
 * WeChat official accounts (公众号). Pushes arrive plain, encrypted or both (compatible mode) and
 * are answered "success" at once: WeChat waits 5 s and then redelivers, so the MsgId is the
 * message's id. Replies go out as customer-service messages, allowed for 48 h after the user's
 * last message.
 */

const success = { status: 200, contentType: 'text/plain', body: 'success' };

export const mpAdapter: ChannelAdapter = {
  type: 'mp',
  replyWindowMs: 48 * 3600_000,

  handleWebhook: async (ctx, request) => {
    const opened = openOfficialCallback(ctx.settings, request);
    if (opened.kind === 'verify')
      return { answer: { status: 200, contentType: 'text/plain', body: opened.echo }, messages: [] };
    const message = toInboundMessage(parseWechatXml(opened.body));
    return { answer: success, messages: message ? [message] : [] };
  },

  send: async (ctx, to, message) => {
    const externalId = await sendWechatOutbound(
      ctx,
      officialApi,
      message,
      officialMediaRules,
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
};
