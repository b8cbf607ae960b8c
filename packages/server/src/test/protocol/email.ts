import { randomBytes } from 'node:crypto';
import type { ChannelTestKit, WebhookRequest } from '../../modules/channel/channel.adapter.js';
import { startTestSmtpServer, type ReceivedMail } from '../../lib/mail/test-smtp.js';
import { samplePng } from './local-server.js';

/*
 * The email channel's platform: a local SMTP server that takes the replies (and can refuse them
 * for a while with 451), and mails posted as a mail provider's inbound-parse webhook does.
 */

/** The text/plain body of a received mail (nodemailer writes short ASCII replies as they are). */
export const plainTextOf = (mail: ReceivedMail): string => {
  const part = /Content-Type: text\/plain[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?:\r?\n--|\s*$)/i.exec(
    mail.raw,
  );
  return (part?.[1] ?? '').replace(/=\r?\n/g, '').trim();
};

export const buildInboundMail = (
  secret: string,
  mail: {
    from: string;
    subject?: string;
    text?: string;
    html?: string;
    messageId?: string;
    attachments?: { fileName: string; contentType: string; content: string }[];
  },
): WebhookRequest => ({
  method: 'POST',
  query: {},
  headers: { 'content-type': 'application/json', 'x-inbound-secret': secret },
  rawBody: Buffer.from(JSON.stringify({ to: 'support@shop.example', ...mail })),
});

export const emailKit: ChannelTestKit = {
  type: 'email',
  start: async () => {
    const smtp = await startTestSmtpServer();
    const secret = randomBytes(16).toString('hex');
    const port = new URL(smtp.url).port;
    return {
      apiBases: {},
      settings: {
        address: 'Shop Support <support@shop.example>',
        smtpHost: '127.0.0.1',
        smtpPort: port,
        inboundSecret: secret,
      },
      textMessage: ({ userId, messageId, text }) =>
        buildInboundMail(secret, {
          from: `Customer <${userId}@customer.example>`,
          subject: 'My order',
          text,
          messageId: `<${messageId}@customer.example>`,
        }),
      imageMessage: ({ userId, messageId }) =>
        buildInboundMail(secret, {
          from: `${userId}@customer.example`,
          subject: 'Photo of the damage',
          messageId: `<${messageId}@customer.example>`,
          attachments: [
            { fileName: 'damage.png', contentType: 'image/png', content: samplePng.toString('base64') },
          ],
        }),
      forged: (request) => ({ ...request, headers: { ...request.headers, 'x-inbound-secret': 'guessed' } }),
      // Replies go to the customer's address: `to` is its local part, as the kit's user id was.
      sent: () =>
        smtp.received.map((mail) => ({
          to: (mail.to[0] ?? '').split('@')[0] ?? '',
          text: plainTextOf(mail),
        })),
      failNextSends: smtp.failNext,
      close: smtp.close,
    };
  },
};
