import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Config } from '../../config.js';

/*
 * Outgoing mail with HTML, Reply-To and headers (tickets; DESIGN §8 "mail"). The provider is the
 * server's EMAIL_PROVIDER: smtp sends through SMTP_URL from MAIL_FROM, log writes the mail to the
 * server log, none sends nothing.
 */

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Message-ID of the ticket thread, so mail clients group the conversation. */
  references?: string;
};

export type MailTransport = {
  /** The From address every mail carries. */
  from: string;
  /** Resolves true when a mail server accepted the mail, false when it was only logged or mail is off. */
  send: (mail: OutgoingMail) => Promise<boolean>;
};

/**
 * An SMTP transport whose nodemailer loads, and whose transport is made, at the first mail rather
 * than at start-up (issue 18); a failure to load or a bad URL surfaces there, on every send.
 */
export const createLazySmtpTransport = (
  url: string,
): { sendMail: (mail: SendMailOptions) => Promise<unknown> } => {
  let transport: Promise<Transporter> | undefined;
  return {
    sendMail: async (mail) => {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      const ready = await transport.catch((error: unknown) => {
        transport = undefined;
        throw error;
      });
      return ready.sendMail(mail);
    },
  };
};

export const createSmtpTransport = (options: { url: string; from: string }): MailTransport => {
  const transport = createLazySmtpTransport(options.url);
  return {
    from: options.from,
    send: async (mail) => {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo,
        references: mail.references,
        inReplyTo: mail.references,
      });
      return true;
    },
  };
};

export const createMailTransport = (config: Config, logger: FastifyBaseLogger): MailTransport => {
  if (config.emailProvider === 'smtp')
    return createSmtpTransport({ url: config.smtpUrl, from: config.mailFrom });
  return {
    from: config.mailFrom,
    send: async (mail) => {
      if (config.emailProvider === 'log')
        logger.warn(
          { to: mail.to, subject: mail.subject, replyTo: mail.replyTo },
          `mail to ${mail.to} (log provider: not delivered)`,
        );
      return false;
    },
  };
};
