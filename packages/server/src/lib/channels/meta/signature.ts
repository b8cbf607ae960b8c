import { createHmac } from 'node:crypto';
import {
  ChannelSignatureError,
  type AdapterContext,
  type InboundMessage,
  type WebhookOutcome,
  type WebhookRequest,
} from '../../../modules/channel/channel.adapter.js';
import { isSameText } from '../../secrets.js';

/*
 * Meta's webhooks (WhatsApp Cloud API, Messenger): a GET handshake proving we know the verify
 * token, then POSTs signed X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, raw body)>.
 */

export const signMetaBody = (appSecret: string, rawBody: Buffer): string =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

export const isValidMetaSignature = (
  header: string | undefined,
  appSecret: string,
  rawBody: Buffer,
): boolean =>
  Boolean(header && appSecret) && isSameText((header ?? '').toLowerCase(), signMetaBody(appSecret, rawBody));

export type MetaWebhook =
  | { kind: 'challenge'; challenge: string }
  | { kind: 'event'; body: Record<string, unknown> }
  | { kind: 'refused'; reason: string };

/** The handshake's challenge, or the signed POST's JSON body, or why the call is refused. */
export const readMetaWebhook = (
  request: {
    method: 'GET' | 'POST';
    query: Record<string, string>;
    headers: Record<string, string | undefined>;
    rawBody: Buffer;
  },
  secrets: { appSecret: string; verifyToken: string },
): MetaWebhook => {
  if (request.method === 'GET') {
    if (request.query['hub.mode'] !== 'subscribe')
      return { kind: 'refused', reason: 'not a subscription check' };
    if (!secrets.verifyToken || !isSameText(request.query['hub.verify_token'] ?? '', secrets.verifyToken))
      return { kind: 'refused', reason: 'the verify token does not match' };
    return { kind: 'challenge', challenge: request.query['hub.challenge'] ?? '' };
  }
  if (!isValidMetaSignature(request.headers['x-hub-signature-256'], secrets.appSecret, request.rawBody))
    return { kind: 'refused', reason: 'signature mismatch' };
  try {
    const body: unknown = JSON.parse(request.rawBody.toString('utf8'));
    if (typeof body === 'object' && body !== null)
      return { kind: 'event', body: body as Record<string, unknown> };
  } catch {
    // Signed but not JSON: nothing we can read.
  }
  return { kind: 'refused', reason: 'the body is not JSON' };
};

/**
 * A Meta webhook call as both adapters answer it: the handshake's challenge echoed, a refused call
 * as ChannelSignatureError, an event's messages read by `parse` (WhatsApp's or Messenger's reader).
 */
export const answerMetaWebhook = (
  ctx: AdapterContext,
  request: WebhookRequest,
  parse: (body: Record<string, unknown>) => InboundMessage[],
): WebhookOutcome => {
  const webhook = readMetaWebhook(request, {
    appSecret: ctx.settings.appSecret ?? '',
    verifyToken: ctx.settings.verifyToken ?? '',
  });
  if (webhook.kind === 'refused') throw new ChannelSignatureError(webhook.reason);
  if (webhook.kind === 'challenge')
    return { answer: { status: 200, contentType: 'text/plain', body: webhook.challenge }, messages: [] };
  return {
    answer: { status: 200, contentType: 'text/plain', body: 'EVENT_RECEIVED' },
    messages: parse(webhook.body),
  };
};
