import {
  callWechatJson,
  fetchWechatMedia,
  getAccessToken,
  workApi,
} from '../../../../lib/channels/wechat/api.js';
import { echoOutcome, openWorkCallback } from '../../../../lib/channels/wechat/callback.js';
import { toInboundMessage } from '../../../../lib/channels/wechat/inbound.js';
import { sendWechatOutbound, workMediaRules } from '../../../../lib/channels/wechat/outbound.js';
import { parseWechatXml } from '../../../../lib/channels/wechat/xml.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import type { ChannelAdapter } from '../../channel.adapter.js';

/*
 * A Work WeChat (企业微信) self-built app: the corporation's members write to the app, agents
 * answer as the app. Callbacks are always encrypted (receive id = CorpID); app messages have no
 * reply window.
 */

/** Work WeChat wants an empty body (or "success") when there is no passive reply. */
const received = { status: 200, contentType: 'text/plain', body: '' };

export const wechatworkAdapter: ChannelAdapter = {
  type: 'wechatwork',
  replyWindowMs: null,

  handleWebhook: async (ctx, request) => {
    const opened = openWorkCallback(ctx.settings, request);
    if (opened.kind === 'verify') return echoOutcome(opened.echo);
    const fields = parseWechatXml(opened.body);
    // One corporation's apps may share the callback address: another app's message is not ours.
    if (fields.AgentID && ctx.settings.agentId && fields.AgentID !== ctx.settings.agentId)
      return { answer: received, messages: [] };
    const message = toInboundMessage(fields);
    return { answer: received, messages: message ? [message] : [] };
  },

  send: async (ctx, to, message) => {
    const externalId = await sendWechatOutbound(
      ctx,
      workApi,
      message,
      workMediaRules,
      async (msgtype, content) => {
        const answer = await callWechatJson<{ msgid?: string; invaliduser?: string }>(ctx, workApi, {
          method: 'POST',
          path: '/cgi-bin/message/send',
          body: {
            touser: to.externalUserId,
            msgtype,
            agentid: Number(ctx.settings.agentId),
            [msgtype]: content,
          },
        });
        // An unknown or out-of-scope member is reported beside errcode 0, and nothing was delivered.
        if (answer.invaliduser)
          throw new OutsideError(
            'platform',
            `The member ${answer.invaliduser} does not exist or is outside the app's visible range`,
            200,
            false,
            'invaliduser',
          );
        return answer.msgid ?? '';
      },
    );
    return { externalId };
  },

  fetchMedia: (ctx, ref) => fetchWechatMedia(ctx, workApi, ref),

  test: async (ctx) => {
    await getAccessToken(ctx, workApi, { fresh: true });
    // The token proves corpId + secret; reading the app proves the AgentId belongs to that secret.
    const agent = await callWechatJson<{ name?: string }>(ctx, workApi, {
      path: '/cgi-bin/agent/get',
      query: { agentid: ctx.settings.agentId },
    });
    return { detail: `Access token obtained; app "${agent.name ?? ctx.settings.agentId}"` };
  },
};
