import { callGraphJson, graphUrlOf } from '../../../../lib/channels/meta/graph.js';
import {
  callOutsideBounded,
  fileNameFromAddress,
  mediaTypeOf,
} from '../../../../lib/channels/shared/media.js';
import {
  parseMessengerWebhook,
  type MessengerWebhook,
} from '../../../../lib/channels/meta/messenger-events.js';
import { answerMetaWebhook } from '../../../../lib/channels/meta/signature.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import { type AdapterContext, type ChannelAdapter, type OutboundMessage } from '../../channel.adapter.js';

/*
 * Facebook Messenger Platform (a page's inbox). Replies are standard messages (messaging_type
 * RESPONSE), allowed for 24 hours after the customer's last message. Attachments go by our public
 * address: Messenger fetches the file while answering, so an unreachable file fails in send().
 */

/** Messenger's own attachment ceiling. */
const maxMediaBytes = 25 * 1024 * 1024;

/** Where Messenger's attachment addresses point (images, video, audio and files). */
const metaMediaHosts = ['.fbcdn.net', '.fbsbx.com', '.facebook.com'];

const attachmentTypeOf: Record<OutboundMessage['kind'], string> = {
  image: 'image',
  voice: 'audio',
  video: 'video',
  file: 'file',
  text: 'file',
  link: 'file',
};

const postMessage = async (ctx: AdapterContext, recipientId: string, message: Record<string, unknown>) => {
  const answer = await callGraphJson<{ message_id?: string }>(ctx, ctx.settings.pageAccessToken, {
    method: 'POST',
    url: graphUrlOf(ctx, 'me/messages'),
    body: { recipient: { id: recipientId }, messaging_type: 'RESPONSE', message },
  });
  return answer.message_id ?? '';
};

/**
 * The media reference is an address taken from a webhook body, and fetching it is a request from
 * inside our network (SSRF). The body is signed with the app secret, so only Meta can hand one
 * over; as a second fence only http(s) addresses on Meta's CDN (or the Graph address configured
 * for this install: a proxy, a test server) are fetched, without credentials and size-bounded.
 */
const checkMediaAddress = (ctx: AdapterContext, ref: string): URL => {
  let url: URL;
  try {
    url = new URL(ref);
  } catch {
    throw new OutsideError('protocol', 'the media reference is not an address', null, false, 'bad_media_ref');
  }
  const graphHost = new URL(ctx.apiBase('graph', 'https://graph.facebook.com')).host;
  const isMetaHost = metaMediaHosts.some((suffix) => url.hostname.endsWith(suffix));
  if (!['http:', 'https:'].includes(url.protocol) || (!isMetaHost && url.host !== graphHost))
    throw new OutsideError(
      'protocol',
      'the media address is not on Meta’s servers',
      null,
      false,
      'bad_media_ref',
    );
  return url;
};

export const messengerAdapter: ChannelAdapter = {
  type: 'messenger',
  replyWindowMs: 24 * 60 * 60 * 1000,

  handleWebhook: async (ctx, request) =>
    answerMetaWebhook(ctx, request, (body) =>
      parseMessengerWebhook(body as MessengerWebhook, ctx.settings.pageId ?? ''),
    ),

  send: async (ctx, to, message) => {
    const { media } = message;
    if (!media || message.kind === 'text' || message.kind === 'link')
      return { externalId: await postMessage(ctx, to.externalUserId, { text: message.text }) };
    const externalId = await postMessage(ctx, to.externalUserId, {
      attachment: { type: attachmentTypeOf[message.kind], payload: { url: media.url, is_reusable: true } },
    });
    // Attachments take no caption: the words follow as their own message.
    if (message.text) await postMessage(ctx, to.externalUserId, { text: message.text });
    return { externalId };
  },

  fetchMedia: async (ctx, ref) => {
    const url = checkMediaAddress(ctx, ref);
    const response = await callOutsideBounded(
      ctx,
      { url: url.toString(), timeoutMs: 120_000 },
      maxMediaBytes,
    );
    const mediaType = mediaTypeOf(response);
    return {
      data: response.body,
      mediaType,
      fileName: fileNameFromAddress(url, response, 'attachment', mediaType),
    };
  },

  test: async (ctx) => {
    const page = await callGraphJson<{ name?: string; id?: string }>(ctx, ctx.settings.pageAccessToken, {
      url: graphUrlOf(ctx, 'me'),
      query: { fields: 'name,id' },
    });
    return { detail: `${page.name ?? 'Facebook page'} (${page.id ?? ctx.settings.pageId})` };
  },
};
