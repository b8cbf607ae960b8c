import {
  callLineJson,
  classifyLineError,
  lineBaseOf,
  lineDataBaseOf,
  withLineToken,
} from '../../../../lib/channels/line/client.js';
import { parseLineWebhook, type LineWebhook } from '../../../../lib/channels/line/events.js';
import { isValidLineSignature } from '../../../../lib/channels/line/signature.js';
import { requestKeyOf } from '../../../../lib/channels/shared/request-key.js';
import { callOutsideBounded, fileNameOf, mediaTypeOf } from '../../../../lib/channels/shared/media.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  ChannelSignatureError,
  type AdapterContext,
  type ChannelAdapter,
  type InboundMessage,
  type OutboundMessage,
} from '../../channel.adapter.js';

/*
 * LINE Messaging API. Replies are push messages (no reply token: an agent answers long after the
 * token's minute), which have no time limit. Images go by our public address; LINE's video and
 * audio messages need a preview image and a duration we do not have, so those and files go as a
 * link.
 */

/** LINE's largest content (video); the content API answers nothing bigger. */
const maxMediaBytes = 200 * 1024 * 1024;
const profileTtlMs = 24 * 60 * 60 * 1000;
/** The webhook must answer quickly: a few profile look-ups at most, each short. */
const maxProfilesPerWebhook = 5;

type LineProfile = { displayName?: string; pictureUrl?: string };

/**
 * The user's LINE name and picture, kept a day in the shared token store so a busy chat does not
 * ask every time. Optional: a user who has not added the account as a friend has no profile to
 * read, and a slow answer must not hold the webhook.
 */
const findProfile = async (ctx: AdapterContext, userId: string): Promise<LineProfile> => {
  const name = `line.profile:${userId}`;
  const cached = await ctx.tokens.get(name);
  if (cached) return JSON.parse(cached) as LineProfile;
  try {
    const profile = await callLineJson<LineProfile>(ctx, {
      url: `${lineBaseOf(ctx)}/v2/bot/profile/${encodeURIComponent(userId)}`,
      timeoutMs: 2_000,
    });
    const kept = { displayName: profile.displayName, pictureUrl: profile.pictureUrl };
    await ctx.tokens.set(name, JSON.stringify(kept), ctx.now() + profileTtlMs);
    return kept;
  } catch {
    return {};
  }
};

const addProfiles = async (ctx: AdapterContext, messages: InboundMessage[]): Promise<InboundMessage[]> => {
  const userIds = [
    ...new Set(messages.filter((m) => m.event?.name !== 'unsubscribe').map((m) => m.externalUserId)),
  ];
  const profiles = new Map(
    await Promise.all(
      userIds
        .slice(0, maxProfilesPerWebhook)
        .map(async (userId) => [userId, await findProfile(ctx, userId)] as const),
    ),
  );
  return messages.map((message) => {
    const profile = profiles.get(message.externalUserId);
    return {
      ...message,
      ...(profile?.displayName ? { nickname: profile.displayName } : {}),
      ...(profile?.pictureUrl ? { avatar: profile.pictureUrl } : {}),
    };
  });
};

const lineMessagesOf = (message: OutboundMessage): Record<string, unknown>[] => {
  const { media } = message;
  if (!media || message.kind === 'text' || message.kind === 'link')
    return [{ type: 'text', text: message.text }];
  if (message.kind === 'image')
    return [
      { type: 'image', originalContentUrl: media.url, previewImageUrl: media.url },
      ...(message.text ? [{ type: 'text', text: message.text }] : []),
    ];
  return [
    { type: 'text', text: [message.text, `${media.fileName}: ${media.url}`].filter(Boolean).join('\n') },
  ];
};

/**
 * One push. The retry key, derived from the message's stable id, makes LINE run it at most once:
 * if the answer is lost (time-out, network) the same request is sent once more, and when the job
 * runner retries the delivery later it carries the same key again; a 409 then means an earlier
 * push got through.
 */
const push = async (
  ctx: AdapterContext,
  to: string,
  messageId: string,
  messages: Record<string, unknown>[],
): Promise<string> => {
  const request = {
    method: 'POST' as const,
    url: `${lineBaseOf(ctx)}/v2/bot/message/push`,
    headers: { 'X-Line-Retry-Key': requestKeyOf(messageId) },
    body: { to, messages },
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const answer = await callLineJson<{ sentMessages?: { id?: string }[] }>(ctx, request);
      return answer.sentMessages?.[0]?.id ?? '';
    } catch (error) {
      if (error instanceof OutsideError && error.status === 409) return '';
      const isLost = error instanceof OutsideError && (error.kind === 'timeout' || error.kind === 'network');
      if (attempt > 1 || !isLost) throw error;
    }
  }
};

export const lineAdapter: ChannelAdapter = {
  type: 'line',
  replyWindowMs: null,

  handleWebhook: async (ctx, request) => {
    if (request.method !== 'POST') return { answer: { status: 405, body: '' }, messages: [] };
    if (
      !isValidLineSignature(
        request.headers['x-line-signature'],
        ctx.settings.channelSecret ?? '',
        request.rawBody,
      )
    )
      throw new ChannelSignatureError();
    let body: LineWebhook;
    try {
      body = JSON.parse(request.rawBody.toString('utf8')) as LineWebhook;
    } catch {
      throw new ChannelSignatureError('the body is not JSON');
    }
    // The console's "Verify" button sends no events: a 200 is all it wants.
    const messages = parseLineWebhook(body);
    return {
      answer: { status: 200, body: '' },
      messages: messages.length ? await addProfiles(ctx, messages) : [],
    };
  },

  send: async (ctx, to, message) => ({
    externalId: await push(ctx, to.externalUserId, message.id, lineMessagesOf(message)),
  }),

  fetchMedia: async (ctx, ref) => {
    let response;
    try {
      response = await callOutsideBounded(
        ctx,
        withLineToken(ctx, {
          url: `${lineDataBaseOf(ctx)}/v2/bot/message/${encodeURIComponent(ref)}/content`,
          timeoutMs: 120_000,
        }),
        maxMediaBytes,
      );
    } catch (error) {
      throw classifyLineError(error);
    }
    // Video and audio are transcoded first: 202 until they are ready.
    if (response.status === 202)
      throw new OutsideError('protocol', 'LINE is still preparing the media', 202, true);
    const mediaType = mediaTypeOf(response);
    return { data: response.body, mediaType, fileName: fileNameOf(response, ref, mediaType) };
  },

  test: async (ctx) => {
    const bot = await callLineJson<{ displayName?: string; basicId?: string }>(ctx, {
      url: `${lineBaseOf(ctx)}/v2/bot/info`,
    });
    return { detail: `${bot.displayName ?? 'LINE account'} (${bot.basicId ?? ''})` };
  },
};
