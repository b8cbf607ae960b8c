import {
  callWechatJson,
  fetchWechatMedia,
  getAccessToken,
  officialApi,
} from '../../../../lib/channels/wechat/api.js';
import { openOfficialCallback } from '../../../../lib/channels/wechat/callback.js';
import { toInboundMessage } from '../../../../lib/channels/wechat/inbound.js';
import { miniMediaRules, sendWechatOutbound } from '../../../../lib/channels/wechat/outbound.js';
import { parseWechatXml } from '../../../../lib/channels/wechat/xml.js';
import type { ChannelAdapter } from '../../channel.adapter.js';

/*
 * WeChat mini programs' customer-service messages (小程序客服消息). The message push is set up
 * like an official account's, except that the admin also picks XML or JSON; both are read. Replies
 * use the same customer-service API, within 48 h of the user's last message.
 */

const success = { status: 200, contentType: 'text/plain', body: 'success' };

/**
 * The JSON push's fields as strings. MsgId is a 64-bit number in the JSON: read from the text,
 * since JSON.parse would round it (and two messages would share an id).
 */
const parseMiniJson = (text: string): Record<string, string> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>))
    if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value);
  const msgId = /"MsgId"\s*:\s*"?(\d+)/.exec(text)?.[1];
  if (msgId) fields.MsgId = msgId;
  return fields;
};

export const miniAdapter: ChannelAdapter = {
  type: 'mini',
  replyWindowMs: 48 * 3600_000,

  handleWebhook: async (ctx, request) => {
    const opened = openOfficialCallback(ctx.settings, request);
    if (opened.kind === 'verify')
      return { answer: { status: 200, contentType: 'text/plain', body: opened.echo }, messages: [] };
    const body = opened.body.trimStart();
    const message = toInboundMessage(body.startsWith('{') ? parseMiniJson(body) : parseWechatXml(body));
    return { answer: success, messages: message ? [message] : [] };
  },

  send: async (ctx, to, message) => {
    const externalId = await sendWechatOutbound(
      ctx,
      officialApi,
      message,
      miniMediaRules,
      async (msgtype, content) => {
        await callWechatJson(ctx, officialApi, {
          method: 'POST',
          path: '/cgi-bin/message/custom/send',
          body: { touser: to.externalUserId, msgtype, [msgtype]: content },
        });
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
