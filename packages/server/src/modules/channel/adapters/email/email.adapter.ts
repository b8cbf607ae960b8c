import { createHash } from 'node:crypto';
import { isSameText } from '../../../../lib/secrets.js';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import { OutsideError } from '../../../../lib/outside/http.js';
import { bareAddress, stripQuotedReply } from '../../../../lib/mail/reply-address.js';
import { htmlToLines } from '../../../../lib/richtext/text.js';
import {
  ChannelSignatureError,
  type AdapterContext,
  type ChannelAdapter,
  type InboundMessage,
} from '../../channel.adapter.js';

/*
 * Email as a channel (issue 19). Mail arrives the way tickets' does: the mail provider's
 * "inbound parse" webhook posts each mail as JSON (from, to, subject, text, html, and here also
 * messageId and base64 attachments) to the account's webhook address with the account's secret in
 * `x-inbound-secret`. Replies leave through the account's own SMTP server, threaded with
 * In-Reply-To/References so the customer's mail client keeps one conversation. One customer
 * address is one visitor; each attachment becomes its own message after the text.
 */

const attachmentSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string().trim().max(200).default('application/octet-stream'),
  /** Base64. */
  content: z.string().max(30_000_000),
});

const inboundSchema = z.object({
  from: z.string().trim().min(1).max(1000),
  to: z.string().trim().max(4000).default(''),
  subject: z.string().max(1000).default(''),
  text: z.string().max(200_000).default(''),
  html: z.string().max(500_000).default(''),
  messageId: z.string().trim().max(1000).default(''),
  attachments: z.array(attachmentSchema).max(20).default([]),
});

/** The display name of "Ada Lovelace <ada@example.com>". */
const nameOf = (value: string): string => {
  const match = /^\s*"?([^"<]*?)"?\s*<[^<>]+>\s*$/.exec(value);
  return match?.[1]?.trim() ?? '';
};

/** Threading keeps one Subject: "Re: " once, however many replies. */
const replySubject = (subject: string) =>
  /^\s*re:/i.test(subject) ? subject : `Re: ${subject || '…'}`.trim();

/** One nodemailer transport per account and settings, made on first use (nodemailer loads lazily). */
const transports = new Map<string, Promise<Transporter>>();
const transportOf = (ctx: AdapterContext): Promise<Transporter> => {
  const { smtpHost = '', smtpPort = '465', username = '', password = '' } = ctx.settings;
  const key = createHash('sha256')
    .update(JSON.stringify([ctx.caid, smtpHost, smtpPort, username, password]))
    .digest('hex');
  let transport = transports.get(key);
  if (!transport) {
    const port = Number(smtpPort);
    transport = import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: smtpHost,
        port,
        // 465 speaks TLS from the start; other ports upgrade with STARTTLS when the server offers it.
        secure: port === 465,
        ...(username ? { auth: { user: username, pass: password } } : {}),
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      }),
    );
    transports.set(key, transport);
  }
  return transport;
};

/** SMTP's answer as the framework's error: 4xx replies and lost connections are worth retrying, 5xx not. */
const toOutsideError = (error: unknown): OutsideError => {
  const failure = error as { responseCode?: number; code?: string; message?: string };
  const code = failure.responseCode ?? 0;
  const isTransient = code === 0 ? failure.code !== 'EAUTH' : code >= 400 && code < 500;
  return new OutsideError(
    code === 0 ? 'network' : 'platform',
    (failure.message ?? String(error)).slice(0, 300),
    null,
    isTransient,
    code ? String(code) : (failure.code ?? ''),
  );
};

export const emailAdapter: ChannelAdapter = {
  type: 'email',
  replyWindowMs: null,

  handleWebhook: async (ctx, request) => {
    if (
      !isSameText(
        request.headers['x-inbound-secret'] ?? request.query.secret ?? '',
        ctx.settings.inboundSecret ?? '',
      )
    )
      throw new ChannelSignatureError('wrong inbound secret');
    if (request.method === 'GET') return { answer: { status: 200, body: 'ok' }, messages: [] };
    let parsed: z.infer<typeof inboundSchema>;
    try {
      parsed = inboundSchema.parse(JSON.parse(request.rawBody.toString('utf8')));
    } catch {
      // Nothing a resend would fix: answer 400 rather than have the provider retry forever.
      return { answer: { status: 400, body: 'not an inbound mail' }, messages: [] };
    }
    const from = bareAddress(parsed.from).toLowerCase();
    const messageId =
      parsed.messageId ||
      `<${createHash('sha256')
        .update(parsed.from + parsed.subject + parsed.text + parsed.html)
        .digest('hex')}@inbound>`;
    const body = stripQuotedReply(parsed.text || htmlToLines(parsed.html)).trim();
    const base = {
      externalUserId: from,
      nickname: nameOf(parsed.from) || from,
      context: { subject: parsed.subject, messageId },
      at: Date.now(),
    };
    const messages: InboundMessage[] = [];
    if (body || parsed.attachments.length === 0)
      messages.push({
        ...base,
        externalId: messageId,
        kind: 'text',
        text: body || parsed.subject || '(no text)',
      });
    parsed.attachments.forEach((attachment, index) =>
      messages.push({
        ...base,
        externalId: `${messageId}#${index + 1}`,
        kind: attachment.contentType.startsWith('image/') ? 'image' : 'file',
        text: '',
        // In memory only, for fetchMedia below: the bytes came with the mail.
        mediaRef: `data:${attachment.contentType};base64,${attachment.content}`,
        fileName: attachment.fileName,
      }),
    );
    return { answer: { status: 200, contentType: 'application/json', body: '{"ok":true}' }, messages };
  },

  send: async (ctx, to, message) => {
    const transport = await transportOf(ctx);
    const subject = replySubject(to.context.subject ?? '');
    const thread = to.context.messageId ?? '';
    try {
      const info = (await transport.sendMail({
        from: ctx.settings.address,
        to: to.externalUserId,
        subject,
        text: message.text,
        ...(thread ? { inReplyTo: thread, references: thread } : {}),
        ...(message.media
          ? {
              attachments: [
                {
                  filename: message.media.fileName,
                  content: await message.media.read(),
                  contentType: message.media.mediaType,
                },
              ],
            }
          : {}),
      })) as { messageId?: string };
      return { externalId: info.messageId ?? '' };
    } catch (error) {
      throw toOutsideError(error);
    }
  },

  fetchMedia: async (_ctx, ref) => {
    const match = /^data:([^;,]+);base64,(.*)$/s.exec(ref);
    if (!match) throw new OutsideError('protocol', 'not an attachment of this mail');
    return {
      data: Buffer.from(match[2] ?? '', 'base64'),
      mediaType: match[1] ?? 'application/octet-stream',
      fileName: 'attachment',
    };
  },

  test: async (ctx) => {
    const transport = await transportOf(ctx);
    try {
      await transport.verify();
    } catch (error) {
      throw toOutsideError(error);
    }
    return {
      detail: `${ctx.settings.smtpHost}:${ctx.settings.smtpPort} accepts mail from ${ctx.settings.address}`,
    };
  },
};
