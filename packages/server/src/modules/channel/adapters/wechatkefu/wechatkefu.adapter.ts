import {
  callWechatJson,
  fetchWechatMedia,
  getAccessToken,
  workApi,
} from '../../../../lib/channels/wechat/api.js';
import { echoOutcome, openWorkCallback } from '../../../../lib/channels/wechat/callback.js';
import { sendWechatOutbound, workMediaRules } from '../../../../lib/channels/wechat/outbound.js';
import { parseWechatXml } from '../../../../lib/channels/wechat/xml.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import type { AdapterContext, ChannelAdapter, InboundMessage } from '../../channel.adapter.js';

/*
 * WeChat customer service (微信客服, kf.weixin.qq.com) through the Work WeChat API. The callback
 * only says that messages are waiting (kf_msg_or_event with a Token); `pull` reads them with
 * sync_msg from the cursor kept in ctx.state. Replies go out with kf/send_msg as the customer
 * service account (open_kfid, kept in the user's context).
 *
 * Session state: WeChat lets the API write only while the session is "new" (0) or "served by the
 * smart assistant" (1); states 2 (queued) and 3 (a human servicer in the Work WeChat client) belong
 * to Work WeChat's own servicers, and 4 has ended. OpenKefu's agents answer through the API, so to
 * WeChat they are the smart assistant: before a reply, a new session is moved to state 1
 * (service_state/trans), which also keeps Work WeChat's own routing from handing it to a servicer
 * mid-conversation. Moving it to state 3 ("human") would instead forbid our replies.
 */

const received = { status: 200, contentType: 'text/plain', body: '' };

/** A customer wrote it (4: system events, 5: a servicer in the Work WeChat client). */
const fromCustomer = 3;
const fromSystem = 4;
const maxPages = 50;

type KfMedia = { media_id?: string };
type KfMessage = {
  msgid: string;
  open_kfid: string;
  external_userid: string;
  send_time: number;
  origin: number;
  msgtype: string;
  text?: { content?: string };
  image?: KfMedia;
  voice?: KfMedia;
  video?: KfMedia;
  file?: KfMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  link?: { title?: string; desc?: string; url?: string };
  miniprogram?: { title?: string; pagepath?: string };
  event?: {
    event_type?: string;
    open_kfid?: string;
    external_userid?: string;
    scene?: string;
    scene_param?: string;
  };
};
type SyncAnswer = { next_cursor?: string; has_more?: number; msg_list?: KfMessage[] };

const joinLines = (...parts: (string | undefined)[]) => parts.filter((part) => part).join('\n');

const toInbound = (message: KfMessage): InboundMessage | undefined => {
  const base = {
    externalId: message.msgid,
    externalUserId: message.external_userid,
    context: { openKfId: message.open_kfid },
    at: message.send_time * 1000,
  };
  if (message.origin === fromSystem && message.msgtype === 'event') {
    const event = message.event;
    if (event?.event_type !== 'enter_session' || !event.external_userid) return undefined;
    const key = event.scene_param || event.scene;
    return {
      ...base,
      externalUserId: event.external_userid,
      context: { openKfId: event.open_kfid ?? message.open_kfid },
      kind: 'event',
      text: '',
      event: key ? { name: 'enter_session', key } : { name: 'enter_session' },
    };
  }
  if (message.origin !== fromCustomer) return undefined;
  switch (message.msgtype) {
    case 'text':
      return { ...base, kind: 'text', text: message.text?.content ?? '' };
    case 'image':
    case 'voice':
    case 'video':
    case 'file':
      return { ...base, kind: message.msgtype, text: '', mediaRef: message[message.msgtype]?.media_id };
    case 'location': {
      const place = message.location ?? {};
      const label = joinLines(place.name, place.address);
      return { ...base, kind: 'location', text: label || `${place.latitude ?? ''},${place.longitude ?? ''}` };
    }
    case 'link':
      return { ...base, kind: 'link', text: joinLines(message.link?.title, message.link?.url) };
    case 'miniprogram':
      return {
        ...base,
        kind: 'link',
        text: joinLines(message.miniprogram?.title, message.miniprogram?.pagepath),
      };
    default:
      return { ...base, kind: 'text', text: `[${message.msgtype}]` };
  }
};

/** Names and pictures of the customers in one batch; a failure leaves them unnamed, not unread. */
const addCustomerProfiles = async (ctx: AdapterContext, messages: InboundMessage[]) => {
  const userIds = [...new Set(messages.map((message) => message.externalUserId))].slice(0, 100);
  if (!userIds.length) return;
  try {
    const answer = await callWechatJson<{
      customer_list?: { external_userid: string; nickname?: string; avatar?: string }[];
    }>(ctx, workApi, {
      method: 'POST',
      path: '/cgi-bin/kf/customer/batchget',
      body: { external_userid_list: userIds },
    });
    const profiles = new Map(answer.customer_list?.map((customer) => [customer.external_userid, customer]));
    for (const message of messages) {
      const profile = profiles.get(message.externalUserId);
      if (profile?.nickname) message.nickname = profile.nickname;
      if (profile?.avatar) message.avatar = profile.avatar;
    }
  } catch {
    // Profiles are a courtesy; the messages matter.
  }
};

const notOurs = (message: string, code: string) => new OutsideError('platform', message, 200, false, code);

/** Makes sure the API may write in this session (see the note at the top). */
const claimSession = async (ctx: AdapterContext, openKfId: string, userId: string) => {
  const session = { open_kfid: openKfId, external_userid: userId };
  const { service_state: state } = await callWechatJson<{ service_state?: number }>(ctx, workApi, {
    method: 'POST',
    path: '/cgi-bin/kf/service_state/get',
    body: session,
  });
  if (state === 0)
    await callWechatJson(ctx, workApi, {
      method: 'POST',
      path: '/cgi-bin/kf/service_state/trans',
      body: { ...session, service_state: 1 },
    });
  else if (state === 2)
    throw notOurs(
      "This customer is queued for a Work WeChat servicer: WeChat lets only Work WeChat's servicers reply in this session",
      'service_state_2',
    );
  else if (state === 3)
    throw notOurs(
      'A Work WeChat servicer is serving this customer: WeChat lets only them reply until the session ends',
      'service_state_3',
    );
  else if (state === 4)
    throw notOurs(
      'The session has ended: WeChat allows a reply after the customer writes again',
      'service_state_4',
    );
};

export const wechatkefuAdapter: ChannelAdapter = {
  type: 'wechatkefu',
  // WeChat also caps replies at 5 per customer message (errcode 95001, not retried).
  replyWindowMs: 48 * 3600_000,

  handleWebhook: async (ctx, request) => {
    const opened = openWorkCallback(ctx.settings, request);
    if (opened.kind === 'verify') return echoOutcome(opened.echo);
    const fields = parseWechatXml(opened.body);
    if (fields.Event !== 'kf_msg_or_event' || !fields.Token) return { answer: received, messages: [] };
    return { answer: received, messages: [], pullToken: fields.Token };
  },

  pull: async (ctx, pullToken) => {
    let cursor = await ctx.state.get();
    const messages: InboundMessage[] = [];
    for (let page = 0; page < maxPages; page += 1) {
      let answer: SyncAnswer;
      try {
        answer = await callWechatJson<SyncAnswer>(ctx, workApi, {
          method: 'POST',
          path: '/cgi-bin/kf/sync_msg',
          body: { ...(cursor ? { cursor } : {}), token: pullToken, limit: 1000 },
        });
      } catch (error) {
        // Pages already read are kept (their cursor is saved); the rest comes with the next callback.
        if (!messages.length) throw error;
        break;
      }
      for (const message of answer.msg_list ?? []) {
        const inbound = toInbound(message);
        if (inbound) messages.push(inbound);
      }
      if (answer.next_cursor && answer.next_cursor !== cursor) {
        cursor = answer.next_cursor;
        await ctx.state.set(cursor);
      } else if (answer.has_more) break; // a cursor that does not move would loop forever
      if (!answer.has_more) break;
    }
    await addCustomerProfiles(ctx, messages);
    return messages;
  },

  send: async (ctx, to, message) => {
    const openKfId = to.context.openKfId;
    if (!openKfId)
      throw new OutsideError('protocol', 'no customer-service account (open_kfid) known for this customer');
    await claimSession(ctx, openKfId, to.externalUserId);
    const externalId = await sendWechatOutbound(
      ctx,
      workApi,
      message,
      workMediaRules,
      async (msgtype, content) => {
        const answer = await callWechatJson<{ msgid?: string }>(ctx, workApi, {
          method: 'POST',
          path: '/cgi-bin/kf/send_msg',
          body: { touser: to.externalUserId, open_kfid: openKfId, msgtype, [msgtype]: content },
        });
        return answer.msgid ?? '';
      },
    );
    return { externalId };
  },

  fetchMedia: (ctx, ref) => fetchWechatMedia(ctx, workApi, ref),

  test: async (ctx) => {
    await getAccessToken(ctx, workApi, { fresh: true });
    const answer = await callWechatJson<{ account_list?: unknown[] }>(ctx, workApi, {
      method: 'POST',
      path: '/cgi-bin/kf/account/list',
      body: { offset: 0, limit: 100 },
    });
    const count = answer.account_list?.length ?? 0;
    return { detail: `Access token obtained; ${count} customer-service account${count === 1 ? '' : 's'}` };
  },
};
