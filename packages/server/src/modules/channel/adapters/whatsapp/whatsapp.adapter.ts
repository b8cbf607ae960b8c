import { callGraphJson, graphUrlOf } from '../../../../lib/channels/meta/graph.js';
import { bareMediaType, callOutsideBounded, fileNameOf } from '../../../../lib/channels/shared/media.js';
import { answerMetaWebhook } from '../../../../lib/channels/meta/signature.js';
import { parseWhatsAppWebhook, type WhatsAppWebhook } from '../../../../lib/channels/meta/whatsapp-events.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  type AdapterContext,
  type ChannelAdapter,
  type OutboundMedia,
  type OutboundMessage,
} from '../../channel.adapter.js';

/*
 * WhatsApp Cloud API. Media is uploaded to WhatsApp (POST /{phone-number-id}/media) and sent by
 * id rather than by link: WhatsApp then never has to reach our server (installs behind a firewall
 * work), and a refused file fails here, in send(), instead of later in a status webhook that the
 * framework has no place for. Free-form replies are allowed for 24 hours after the customer's
 * last message.
 */

/** WhatsApp's own ceiling (documents); images, audio and video are smaller. */
const maxMediaBytes = 100 * 1024 * 1024;

const sendableImages = new Set(['image/jpeg', 'image/png']);
const sendableAudio = new Set(['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg']);
const sendableVideo = new Set(['video/mp4', 'video/3gpp']);

/** WhatsApp refuses other formats as image/audio/video: those go as documents. */
const whatsappTypeOf = (kind: OutboundMessage['kind'], mediaType: string) => {
  const type = bareMediaType(mediaType);
  if (kind === 'image' && sendableImages.has(type)) return 'image';
  if (kind === 'voice' && sendableAudio.has(type)) return 'audio';
  if (kind === 'video' && sendableVideo.has(type)) return 'video';
  return 'document';
};

const uploadMedia = async (ctx: AdapterContext, media: OutboundMedia): Promise<string> => {
  const form = new FormData();
  form.set('messaging_product', 'whatsapp');
  form.set('type', media.mediaType);
  form.set('file', new Blob([new Uint8Array(await media.read())], { type: media.mediaType }), media.fileName);
  const encoded = new Response(form);
  const answer = await callGraphJson<{ id?: string }>(ctx, ctx.settings.accessToken, {
    method: 'POST',
    url: graphUrlOf(ctx, `${encodeURIComponent(ctx.settings.phoneNumberId)}/media`),
    headers: { 'Content-Type': encoded.headers.get('content-type') ?? 'multipart/form-data' },
    body: Buffer.from(await encoded.arrayBuffer()),
    timeoutMs: 120_000,
  });
  if (!answer.id) throw new OutsideError('protocol', 'WhatsApp answered no media id', 200, false);
  return answer.id;
};

const postMessage = async (
  ctx: AdapterContext,
  to: string,
  payload: Record<string, unknown>,
): Promise<string> => {
  const answer = await callGraphJson<{ messages?: { id?: string }[] }>(ctx, ctx.settings.accessToken, {
    method: 'POST',
    url: graphUrlOf(ctx, `${encodeURIComponent(ctx.settings.phoneNumberId)}/messages`),
    body: { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...payload },
  });
  return answer.messages?.[0]?.id ?? '';
};

export const whatsappAdapter: ChannelAdapter = {
  type: 'whatsapp',
  replyWindowMs: 24 * 60 * 60 * 1000,

  handleWebhook: async (ctx, request) =>
    answerMetaWebhook(ctx, request, (body) =>
      parseWhatsAppWebhook(body as WhatsAppWebhook, ctx.settings.phoneNumberId ?? ''),
    ),

  send: async (ctx, to, message) => {
    const { media } = message;
    if (!media || message.kind === 'text' || message.kind === 'link')
      return {
        externalId: await postMessage(ctx, to.externalUserId, {
          type: 'text',
          text: { body: message.text, preview_url: message.kind === 'link' },
        }),
      };
    const type = whatsappTypeOf(message.kind, media.mediaType);
    const object: Record<string, string> = { id: await uploadMedia(ctx, media) };
    if (type === 'document') object.filename = media.fileName;
    // Audio takes no caption: the words follow as their own message.
    if (message.text && type !== 'audio') object.caption = message.text;
    const externalId = await postMessage(ctx, to.externalUserId, { type, [type]: object });
    if (message.text && type === 'audio')
      await postMessage(ctx, to.externalUserId, { type: 'text', text: { body: message.text } });
    return { externalId };
  },

  fetchMedia: async (ctx, ref) => {
    const info = await callGraphJson<{ url?: string; mime_type?: string }>(ctx, ctx.settings.accessToken, {
      url: graphUrlOf(ctx, encodeURIComponent(ref)),
      query: { phone_number_id: ctx.settings.phoneNumberId },
    });
    // The address comes from Graph's authenticated answer; still only http(s), as it gets our token.
    if (!info.url || !/^https?:\/\//i.test(info.url))
      throw new OutsideError('protocol', 'WhatsApp answered no media address', 200, false);
    const response = await callOutsideBounded(
      ctx,
      { url: info.url, headers: { Authorization: `Bearer ${ctx.settings.accessToken}` }, timeoutMs: 120_000 },
      maxMediaBytes,
    );
    const mediaType = bareMediaType(info.mime_type ?? response.headers.get('content-type'));
    return { data: response.body, mediaType, fileName: fileNameOf(response, ref, mediaType) };
  },

  test: async (ctx) => {
    const phone = await callGraphJson<{ display_phone_number?: string; verified_name?: string }>(
      ctx,
      ctx.settings.accessToken,
      {
        url: graphUrlOf(ctx, encodeURIComponent(ctx.settings.phoneNumberId)),
        query: { fields: 'display_phone_number,verified_name' },
      },
    );
    return {
      detail:
        [phone.verified_name, phone.display_phone_number].filter(Boolean).join(' ') || 'WhatsApp number',
    };
  },
};
