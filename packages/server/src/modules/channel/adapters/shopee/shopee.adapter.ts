import { fetchMediaByUrl } from '../../../../lib/channels/shared/media.js';
import {
  buildMultipart,
  buildShopeeAuthorizeUrl,
  callShopeeShop,
  grantShopeeTokens,
  parseShopeeJson,
} from '../../../../lib/channels/shopee/shopee.client.js';
import { signShopeePush } from '../../../../lib/channels/shopee/shopee.sign.js';
import { isSameSignature } from '../../../../lib/channels/shared/signature.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  ChannelSignatureError,
  type AdapterContext,
  type ChannelAdapter,
  type InboundMessage,
  type WebhookRequest,
} from '../../channel.adapter.js';

/*
 * Shopee Open Platform v2, seller chat (issue 19).
 *
 * ASSUMPTION — the push URL: Shopee signs every push with
 * HMAC-SHA256(partnerKey, "<the full URL it called>|<raw body>"), but WebhookRequest carries no
 * path. The framework must add the header `x-openkefu-webhook-url` with the exact public URL of
 * the account's webhook (scheme, host, path and query as Shopee called them, e.g.
 * https://kefu.example.com/channel/webhook/<token>); without it every push is refused.
 *
 * Inbound: the Webchat Push (code 10) carries each buyer message (message_id, from_id,
 * conversation_id, message_type text/image…). Outbound: sellerchat/send_message to the buyer's
 * user id (to_id); images are uploaded first (sellerchat/upload_image). Access needs the shop's
 * OAuth grant: authorizeUrl → Shopee → completeAuthorization(code, shop_id).
 */

export const shopeeWebhookUrlHeader = 'x-openkefu-webhook-url';

type WebchatContent = {
  message_id?: string;
  message_type?: string;
  from_id?: string | number;
  from_user_name?: string;
  from_shop_id?: string | number;
  to_shop_id?: string | number;
  conversation_id?: string;
  created_timestamp?: number;
  content?: { text?: string; url?: string; image_url?: string; order_sn?: string; item_id?: number };
};

type ShopeePush = {
  code?: number;
  shop_id?: number | string;
  timestamp?: number;
  data?: { type?: string; content?: WebchatContent };
};

const messageOfWebchat = (push: ShopeePush, now: number): InboundMessage | null => {
  const message = push.data?.content;
  if (push.data?.type !== 'message' || !message?.message_id || message.from_id === undefined) return null;
  // The shop's own replies come back through the same push: only the buyer's side is inbound.
  if (String(message.from_shop_id ?? '0') !== '0' && String(message.from_shop_id) === String(push.shop_id))
    return null;
  const base = {
    externalId: String(message.message_id),
    externalUserId: String(message.from_id),
    nickname: message.from_user_name || undefined,
    context: { conversationId: String(message.conversation_id ?? '') },
    at: message.created_timestamp ? message.created_timestamp * 1000 : now,
  };
  const content = message.content ?? {};
  switch (message.message_type) {
    case 'text':
      return { ...base, kind: 'text', text: content.text ?? '' };
    case 'image': {
      const url = content.url ?? content.image_url ?? '';
      return { ...base, kind: 'image', text: '', mediaRef: url || undefined };
    }
    case 'order':
      return { ...base, kind: 'text', text: `[order ${content.order_sn ?? ''}]`.trim() };
    case 'item':
      return { ...base, kind: 'text', text: `[item ${content.item_id ?? ''}]`.trim() };
    default:
      return { ...base, kind: 'text', text: content.text ?? `[${message.message_type ?? 'message'}]` };
  }
};

const verifyPush = (ctx: AdapterContext, request: WebhookRequest) => {
  const url = request.headers[shopeeWebhookUrlHeader];
  if (!url)
    throw new ChannelSignatureError(`the push address is unknown (${shopeeWebhookUrlHeader} missing)`);
  const expected = signShopeePush(ctx.settings.partnerKey ?? '', url, request.rawBody);
  if (!isSameSignature(expected, request.headers.authorization)) throw new ChannelSignatureError();
};

const sendShopeeMessage = async (ctx: AdapterContext, toId: string, type: string, content: string) => {
  if (!/^\d{1,20}$/.test(toId))
    throw new OutsideError('protocol', 'a Shopee buyer id is digits', null, false, 'bad_recipient');
  const answer = await callShopeeShop(ctx, {
    path: '/api/v2/sellerchat/send_message',
    body: `{"to_id":${toId},"message_type":${JSON.stringify(type)},"content":${content}}`,
  });
  return { externalId: String(answer.response?.message_id ?? '') };
};

export const shopeeAdapter: ChannelAdapter = {
  type: 'shopee',
  // Shopee lets a seller answer a buyer's chat at any time.
  replyWindowMs: null,

  handleWebhook: async (ctx, request) => {
    verifyPush(ctx, request);
    // Shopee wants a 2xx with an empty body, for the console's verification call too.
    const answer = { status: 200, body: '' };
    if (request.method !== 'POST' || request.rawBody.length === 0) return { answer, messages: [] };
    let push: ShopeePush;
    try {
      push = parseShopeeJson(request.rawBody.toString('utf8')) as ShopeePush;
    } catch {
      return { answer, messages: [] };
    }
    if (push.code !== 10) return { answer, messages: [] };
    const message = messageOfWebchat(push, ctx.now());
    return { answer, messages: message ? [message] : [] };
  },

  send: async (ctx, to, message) => {
    if (message.kind === 'image' && message.media) {
      const upload = await callShopeeShop(ctx, {
        path: '/api/v2/sellerchat/upload_image',
        body: buildMultipart(
          'file',
          message.media.fileName,
          message.media.mediaType,
          await message.media.read(),
        ),
      });
      const url = String(upload.response?.url ?? '');
      if (!url)
        throw new OutsideError('protocol', 'Shopee gave no image address', null, false, 'no_image_url');
      const sent = await sendShopeeMessage(
        ctx,
        to.externalUserId,
        'image',
        JSON.stringify({ image_url: url }),
      );
      if (!message.text) return sent;
      return sendShopeeMessage(ctx, to.externalUserId, 'text', JSON.stringify({ text: message.text }));
    }
    // Seller chat has no file, voice or video messages: the buyer gets the link.
    const text = message.media ? [message.text, message.media.url].filter(Boolean).join('\n') : message.text;
    return sendShopeeMessage(ctx, to.externalUserId, 'text', JSON.stringify({ text }));
  },

  fetchMedia: (ctx, ref) => fetchMediaByUrl(ctx, ref, 'shopee-image'),

  test: async (ctx) => {
    const answer = await callShopeeShop(ctx, { path: '/api/v2/shop/get_shop_info' });
    return { detail: String(answer.shop_name ?? answer.response?.shop_name ?? ctx.settings.shopId) };
  },

  authorizeUrl: buildShopeeAuthorizeUrl,

  platformApp: {
    tenantSetting: 'shopId',
    tenantOf: (request) => {
      try {
        const push = parseShopeeJson(request.rawBody.toString('utf8')) as ShopeePush;
        return push.shop_id === undefined ? undefined : String(push.shop_id);
      } catch {
        return undefined;
      }
    },
  },

  completeAuthorization: async (ctx, params) => {
    const code = params.code ?? '';
    const shopId = params.shop_id ?? '';
    if (!code || !/^\d{1,20}$/.test(shopId))
      throw new OutsideError(
        'protocol',
        'Shopee came back without a code and shop id (main-account grants are not supported)',
        null,
        false,
        'no_code',
      );
    await grantShopeeTokens(ctx, code, shopId);
    const info = await callShopeeShop(ctx, { path: '/api/v2/shop/get_shop_info' }, shopId);
    return { detail: String(info.shop_name ?? info.response?.shop_name ?? shopId), settings: { shopId } };
  },
};
