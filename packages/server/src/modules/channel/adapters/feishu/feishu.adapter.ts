import { decryptFeishuEvent, isValidFeishuSignature } from '../../../../lib/channels/feishu/crypto.js';
import {
  callFeishu,
  callFeishuJson,
  feishuBaseOf,
  getTenantToken,
} from '../../../../lib/channels/feishu/client.js';
import {
  parseFeishuEvent,
  parseFeishuMediaRef,
  type FeishuEnvelope,
} from '../../../../lib/channels/feishu/event.js';
import { fileNameOf, mediaTypeOf } from '../../../../lib/channels/shared/media.js';
import { requestKeyOf } from '../../../../lib/channels/shared/request-key.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import { isSameText } from '../../../../lib/secrets.js';
import {
  ChannelSignatureError,
  type AdapterContext,
  type ChannelAdapter,
  type OutboundMedia,
  type OutboundMessage,
  type WebhookRequest,
} from '../../channel.adapter.js';

/*
 * Feishu / Lark bots (event subscription schema 2.0, IM v1). Replies go to the user's open_id as
 * a private message, also for a question asked in a group. No reply window.
 */

const parseJsonObject = (text: string): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) return parsed as Record<string, unknown>;
  } catch {
    // Refused below.
  }
  throw new ChannelSignatureError('the body is not a Feishu event');
};

/** The event as Feishu meant it: decrypted and its signature checked when an Encrypt Key is set. */
const openEnvelope = (ctx: AdapterContext, request: WebhookRequest): FeishuEnvelope => {
  const encryptKey = ctx.settings.encryptKey ?? '';
  const outer = parseJsonObject(request.rawBody.toString('utf8'));
  if (!encryptKey) {
    if (typeof outer.encrypt === 'string')
      throw new ChannelSignatureError('the event is encrypted but the account has no Encrypt Key');
    return outer as FeishuEnvelope;
  }
  // With a key set Feishu always encrypts: a plain body is someone else's.
  if (typeof outer.encrypt !== 'string') throw new ChannelSignatureError('the event is not encrypted');
  const isSigned = Boolean(request.headers['x-lark-signature']);
  if (isSigned && !isValidFeishuSignature(request.headers, encryptKey, request.rawBody))
    throw new ChannelSignatureError();
  let plain: string;
  try {
    plain = decryptFeishuEvent(encryptKey, outer.encrypt);
  } catch {
    throw new ChannelSignatureError('the event does not decrypt with the Encrypt Key');
  }
  const envelope = parseJsonObject(plain) as FeishuEnvelope;
  // Feishu signs every event but the URL check.
  if (!isSigned && envelope.type !== 'url_verification')
    throw new ChannelSignatureError('the event is not signed');
  return envelope;
};

const json = (body: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

const encodeForm = async (form: FormData) => {
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
};

const uploadImage = async (ctx: AdapterContext, media: OutboundMedia): Promise<string> => {
  const form = new FormData();
  form.set('image_type', 'message');
  form.set(
    'image',
    new Blob([new Uint8Array(await media.read())], { type: media.mediaType }),
    media.fileName,
  );
  const { body, contentType } = await encodeForm(form);
  const answer = await callFeishuJson<{ data?: { image_key?: string } }>(ctx, {
    method: 'POST',
    url: `${feishuBaseOf(ctx)}/open-apis/im/v1/images`,
    headers: { 'Content-Type': contentType },
    body,
    timeoutMs: 60_000,
  });
  if (!answer.data?.image_key) throw new OutsideError('protocol', 'Feishu answered no image_key', 200, false);
  return answer.data.image_key;
};

/** Office and PDF files keep their type (Feishu previews them); anything else is a plain stream. */
const feishuFileTypeOf = (fileName: string): string => {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (extension === 'pdf') return 'pdf';
  if (['doc', 'docx'].includes(extension)) return 'doc';
  if (['xls', 'xlsx'].includes(extension)) return 'xls';
  if (['ppt', 'pptx'].includes(extension)) return 'ppt';
  return 'stream';
};

const uploadFile = async (ctx: AdapterContext, media: OutboundMedia): Promise<string> => {
  const form = new FormData();
  form.set('file_type', feishuFileTypeOf(media.fileName));
  form.set('file_name', media.fileName);
  form.set('file', new Blob([new Uint8Array(await media.read())], { type: media.mediaType }), media.fileName);
  const { body, contentType } = await encodeForm(form);
  const answer = await callFeishuJson<{ data?: { file_key?: string } }>(ctx, {
    method: 'POST',
    url: `${feishuBaseOf(ctx)}/open-apis/im/v1/files`,
    headers: { 'Content-Type': contentType },
    body,
    timeoutMs: 120_000,
  });
  if (!answer.data?.file_key) throw new OutsideError('protocol', 'Feishu answered no file_key', 200, false);
  return answer.data.file_key;
};

/**
 * One message. `key` names it within the delivery: Feishu sends one message per `uuid` within an
 * hour, so a delivery the job runner retries does not arrive twice.
 */
const sendOne = async (
  ctx: AdapterContext,
  openId: string,
  key: string,
  msgType: string,
  content: unknown,
): Promise<string> => {
  const answer = await callFeishuJson<{ data?: { message_id?: string } }>(ctx, {
    method: 'POST',
    url: `${feishuBaseOf(ctx)}/open-apis/im/v1/messages`,
    query: { receive_id_type: 'open_id' },
    body: {
      receive_id: openId,
      msg_type: msgType,
      content: JSON.stringify(content),
      uuid: requestKeyOf(key),
    },
  });
  return answer.data?.message_id ?? '';
};

const sendMessage = async (
  ctx: AdapterContext,
  openId: string,
  message: OutboundMessage,
): Promise<string> => {
  const { media, id } = message;
  if (!media || message.kind === 'text' || message.kind === 'link')
    return sendOne(ctx, openId, id, 'text', { text: message.text });
  if (message.kind === 'image') {
    const imageKey = await uploadImage(ctx, media);
    if (!message.text) return sendOne(ctx, openId, id, 'image', { image_key: imageKey });
    // An image with a caption as one rich-text message, so the two cannot be half delivered.
    return sendOne(ctx, openId, id, 'post', {
      zh_cn: {
        title: '',
        content: [[{ tag: 'img', image_key: imageKey }], [{ tag: 'text', text: message.text }]],
      },
    });
  }
  // Voice and video go as files: Feishu's audio and media messages need opus and a cover image.
  const fileKey = await uploadFile(ctx, media);
  const messageId = await sendOne(ctx, openId, id, 'file', { file_key: fileKey });
  if (message.text) await sendOne(ctx, openId, `${id}#caption`, 'text', { text: message.text });
  return messageId;
};

export const feishuAdapter: ChannelAdapter = {
  type: 'feishu',
  replyWindowMs: null,

  handleWebhook: async (ctx, request) => {
    if (request.method !== 'POST') return { answer: { status: 405, body: '' }, messages: [] };
    const envelope = openEnvelope(ctx, request);
    // Schema 2.0 carries the token in the header; the URL check and schema 1.0 at the top.
    const token = envelope.header?.token ?? envelope.token ?? '';
    if (!isSameText(token, ctx.settings.verificationToken ?? ''))
      throw new ChannelSignatureError('the Verification Token does not match');
    if (envelope.type === 'url_verification')
      return { answer: json({ challenge: envelope.challenge ?? '' }), messages: [] };
    return { answer: json({}), messages: parseFeishuEvent(envelope) };
  },

  send: async (ctx, to, message) => ({ externalId: await sendMessage(ctx, to.externalUserId, message) }),

  fetchMedia: async (ctx, ref) => {
    const { type, messageId, key } = parseFeishuMediaRef(ref);
    const response = await callFeishu(ctx, {
      url: `${feishuBaseOf(ctx)}/open-apis/im/v1/messages/${encodeURIComponent(messageId)}/resources/${encodeURIComponent(key)}`,
      query: { type },
      timeoutMs: 120_000,
    });
    const mediaType = mediaTypeOf(response);
    return { data: response.body, mediaType, fileName: fileNameOf(response, key, mediaType) };
  },

  test: async (ctx) => {
    await getTenantToken(ctx);
    const answer = await callFeishuJson<{ bot?: { app_name?: string; open_id?: string } }>(ctx, {
      url: `${feishuBaseOf(ctx)}/open-apis/bot/v3/info`,
    });
    return {
      detail: `${answer.bot?.app_name ?? 'Feishu bot'} (${answer.bot?.open_id ?? ctx.settings.appId})`,
    };
  },
};
