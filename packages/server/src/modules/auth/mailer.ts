import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { createLazySmtpTransport } from '../../lib/mail/transport.js';

/*
 * Plain-text mail through the provider EMAIL_PROVIDER chooses (the same switch as code delivery in
 * code-delivery.ts): smtp sends, log writes the mail to the server log, none sends nothing.
 */

export type Mail = { to: string; subject: string; text: string };

/** Resolves true when the mail went to a mail server, false when it was only logged. */
export type Mailer = (mail: Mail) => Promise<boolean>;

/** Like the log code sender: a warning, so that nobody mistakes it for a delivery. */
export const createLogMailer =
  (logger: FastifyBaseLogger): Mailer =>
  async (mail) => {
    logger.warn(
      { to: mail.to, subject: mail.subject, text: mail.text },
      `mail to ${mail.to} (log provider: not delivered)`,
    );
    return false;
  };

export const createSmtpMailer = (options: { url: string; from: string }): Mailer => {
  const transport = createLazySmtpTransport(options.url);
  return async (mail) => {
    await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
    return true;
  };
};

/** null when EMAIL_PROVIDER=none: mail is switched off. */
export const createMailer = (config: Config, logger: FastifyBaseLogger): Mailer | null =>
  config.emailProvider === 'smtp'
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : config.emailProvider === 'log'
      ? createLogMailer(logger)
      : null;
