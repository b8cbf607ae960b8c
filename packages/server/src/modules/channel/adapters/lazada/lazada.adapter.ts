import { fetchMediaByUrl } from '../../../../lib/channels/shared/media.js';
import { isSameSignature } from '../../../../lib/channels/shared/signature.js';
import {
  buildLazadaAuthorizeUrl,
  callLazadaSeller,
  grantLazadaTokens,
  lazadaRegionBases,
} from '../../../../lib/channels/lazada/lazada.client.js';
import { signLazadaPush } from '../../../../lib/channels/lazada/lazada.sign.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import { ChannelSignatureError, type ChannelAdapter, type InboundMessage } from '../../channel.adapter.js';

/*
 * Lazada Open Platform IM (issue 19). Inbound: the Lazada Push Mechanism's IM message
 * notification (message_type 2), signed with Authorization = hex HMAC-SHA256(appSecret,
 * appKey + raw body); each buyer message carries session_id (kept as context.sessionId: replies go
 * to the session), message_id, template_id (1 text, 3 image, 4 emoji…) and a JSON `content`.
 * Outbound: /im/message/send {session_id, template_id 1, txt} or {template_id 3, img_url}.
 * Access needs the seller's OAuth grant (auth.lazada.com), refreshed with its refresh token.
 */

type ImPushData = {
  session_id?: string;
  message_id?: string;
  content?: string;
  from_account_id?: string | number;
  from_account_type?: number;
  send_time?: number;
  template_id?: number;
  type?: number;
  status?: number;
};

type LazadaPush = {
  seller_id?: string | number;
  message_type?: number;
  data?: ImPushData;
  timestamp?: number;
};

const buyerAccountType = 1;
const userSent = 1;

const parseContent = (content: string | undefined): Record<string, string> => {
  try {
    const parsed: unknown = JSON.parse(content ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return { txt: content ?? '' };
  }
};

const messageOfPush = (push: LazadaPush, now: number): InboundMessage | null => {
  const data = push.data;
  if (push.message_type !== 2 || !data?.message_id || !data.session_id) return null;
  // The seller's own and system messages come through the same push; recalled ones are not news.
  if (
    data.from_account_type !== buyerAccountType ||
    (data.type ?? userSent) !== userSent ||
    data.status === 1
  )
    return null;
  const content = parseContent(data.content);
  const base = {
    externalId: String(data.message_id),
    externalUserId: String(data.from_account_id ?? ''),
    context: { sessionId: data.session_id },
    at: data.send_time ?? now,
  };
  switch (data.template_id) {
    case 3:
      return { ...base, kind: 'image', text: '', mediaRef: content.imgUrl || undefined };
    case 10006:
      return { ...base, kind: 'text', text: `[item ${content.itemId ?? content.item_id ?? ''}]`.trim() };
    case 10007:
      return { ...base, kind: 'text', text: `[order ${content.orderId ?? content.order_id ?? ''}]`.trim() };
    default:
      // 1 text, 4 emoji ("[happy]"), and other cards with a txt.
      return { ...base, kind: 'text', text: content.txt ?? `[template ${data.template_id ?? '?'}]` };
  }
};

export const lazadaAdapter: ChannelAdapter = {
  type: 'lazada',
  // Lazada keeps a buyer's session open to the seller.
  replyWindowMs: null,

  handleWebhook: async (ctx, request) => {
    const expected = signLazadaPush(ctx.settings.appKey ?? '', ctx.settings.appSecret ?? '', request.rawBody);
    if (!isSameSignature(expected, request.headers.authorization)) throw new ChannelSignatureError();
    // Lazada wants a 200 within 500 ms, else it retries every 30 minutes.
    const answer = { status: 200, body: '' };
    let push: LazadaPush;
    try {
      push = JSON.parse(request.rawBody.toString('utf8')) as LazadaPush;
    } catch {
      return { answer, messages: [] };
    }
    const message = messageOfPush(push, ctx.now());
    return { answer, messages: message ? [message] : [] };
  },

  send: async (ctx, to, message) => {
    const sessionId = to.context.sessionId;
    if (!sessionId)
      throw new OutsideError('protocol', 'no Lazada session to answer in', null, false, 'no_session');
    const sendOne = async (params: Record<string, string>) => {
      const answer = await callLazadaSeller(ctx, {
        apiPath: '/im/message/send',
        method: 'POST',
        params: { session_id: sessionId, ...params },
      });
      const data = (answer.data ?? {}) as Record<string, unknown>;
      return { externalId: String(data.message_id ?? answer.message_id ?? '') };
    };
    if (message.kind === 'image' && message.media) {
      // Lazada fetches the picture from our public address.
      const sent = await sendOne({ template_id: '3', img_url: message.media.url });
      return message.text ? sendOne({ template_id: '1', txt: message.text }) : sent;
    }
    const txt = message.media ? [message.text, message.media.url].filter(Boolean).join('\n') : message.text;
    return sendOne({ template_id: '1', txt });
  },

  fetchMedia: (ctx, ref) => fetchMediaByUrl(ctx, ref, 'lazada-image'),

  test: async (ctx) => {
    const answer = await callLazadaSeller(ctx, { apiPath: '/seller/get' });
    const data = (answer.data ?? {}) as Record<string, unknown>;
    return { detail: String(data.name ?? data.seller_id ?? 'seller') };
  },

  authorizeUrl: buildLazadaAuthorizeUrl,

  platformApp: {
    tenantSetting: 'sellerId',
    tenantOf: (request) => {
      try {
        const push = JSON.parse(request.rawBody.toString('utf8')) as LazadaPush;
        return push.seller_id === undefined ? undefined : String(push.seller_id);
      } catch {
        return undefined;
      }
    },
  },

  completeAuthorization: async (ctx, params) => {
    if (!params.code)
      throw new OutsideError('protocol', 'Lazada came back without a code', null, false, 'no_code');
    const { account, country, sellerId } = await grantLazadaTokens(ctx, params.code);
    const region = country.toLowerCase();
    return {
      detail: [account, country].filter(Boolean).join(' · ') || 'authorised',
      settings: {
        // The seller's country decides the API host (a cross-border "cb" seller keeps the chosen one).
        ...(region in lazadaRegionBases ? { region } : {}),
        ...(sellerId ? { sellerId } : {}),
      },
    };
  },
};
